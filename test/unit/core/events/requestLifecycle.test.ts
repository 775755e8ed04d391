import { of, toArray, firstValueFrom } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { EventInput, StampedEvent } from '../../../../src/core/events/defineEvent'
import { defineEvent } from '../../../../src/core/events/defineEvent'
import { defineIntent, isCurrentRequest, namesRequest, ofRequest } from '../../../../src/core/events/requestLifecycle'
import { object, string } from '../../../../src/core/events/schema'
import { sessionStarted } from '../../../../src/core/events/modal/session'
import { signatureRequested, signatureSucceeded } from '../../../../src/core/events/connection/signature'
import { initialState, rootReducer } from '../../../../src/core/reducers/rootReducer'
import type { ModalState } from '../../../../src/core/state'

const noteAddRequested = defineIntent('notes/addRequested', object({ text: string() }))
const noteAdded = defineEvent('notes/added', object({ text: string() }))

function run(inputs: EventInput[]): ModalState {
  let state = initialState()
  ;[sessionStarted({ projectId: 'p', adapters: ['eip155'] }), ...inputs].forEach(
    (input, i) => (state = rootReducer(state, { ...input, seq: i + 1, at: i * 10 } as StampedEvent)),
  )
  return state
}

describe('defineIntent', () => {
  it('mints a fresh requestId for each intent, so no caller has to', () => {
    const a = noteAddRequested({ text: 'a' })
    const b = noteAddRequested({ text: 'a' })
    expect(typeof a.requestId).toBe('string')
    expect(a.requestId).not.toBe('')
    expect(a.requestId).not.toBe(b.requestId)
  })

  it('keeps a requestId it is given (an effect forwarding the request it serves)', () => {
    expect(noteAddRequested({ text: 'a' }, { requestId: 'r1' }).requestId).toBe('r1')
    expect(noteAddRequested({ text: 'a' }, { requestId: undefined }).requestId).toEqual(expect.any(String))
  })

  it('makes the same serialised event as before: requestId is a top-level field', () => {
    const intent = noteAddRequested({ text: 'a' }, { requestId: 'r1' })
    expect(JSON.parse(JSON.stringify(intent))).toEqual({ type: 'notes/addRequested', payload: { text: 'a' }, requestId: 'r1' })
    expect(noteAddRequested.type).toBe('notes/addRequested')
    expect(noteAddRequested.match(intent)).toBe(true)
    expect(noteAddRequested.match(noteAdded({ text: 'a' }))).toBe(false)
  })

  it('leaves plain events without a requestId', () => {
    expect(noteAdded({ text: 'a' })).toEqual({ type: 'notes/added', payload: { text: 'a' } })
    expect(noteAdded({ text: 'a' }, { requestId: 'r1' })).toEqual({ type: 'notes/added', payload: { text: 'a' }, requestId: 'r1' })
  })
})

describe('isCurrentRequest', () => {
  const named = { requestId: 'r1' }
  const unnamed = {}

  it('applies an outcome of the pending request and ignores a stale one', () => {
    expect(isCurrentRequest('r1', named)).toBe(true)
    expect(isCurrentRequest('r2', named)).toBe(false)
    expect(isCurrentRequest(null, named)).toBe(false)
    expect(isCurrentRequest(undefined, named)).toBe(false)
    // An id may be given as it is.
    expect(isCurrentRequest('r1', 'r1')).toBe(true)
    expect(isCurrentRequest('r1', 'r2')).toBe(false)
  })

  it('by default, an outcome naming no request answers only a request that carried none', () => {
    expect(isCurrentRequest(null, unnamed)).toBe(true)
    expect(isCurrentRequest(null, undefined)).toBe(true)
    expect(isCurrentRequest('r1', unnamed)).toBe(false)
    // Nothing pending: nothing to answer.
    expect(isCurrentRequest(undefined, unnamed)).toBe(false)
  })

  it("with unnamed: 'applies', a wallet's own outcome settles whatever is pending", () => {
    expect(isCurrentRequest('r1', unnamed, { unnamed: 'applies' })).toBe(true)
    expect(isCurrentRequest(undefined, unnamed, { unnamed: 'applies' })).toBe(true)
    expect(isCurrentRequest('r2', named, { unnamed: 'applies' })).toBe(false)
  })

  it("with unnamed: 'ignored', only a named outcome counts", () => {
    expect(isCurrentRequest(null, unnamed, { unnamed: 'ignored' })).toBe(false)
    expect(isCurrentRequest('r1', named, { unnamed: 'ignored' })).toBe(true)
    expect(isCurrentRequest(null, named, { unnamed: 'ignored' })).toBe(false)
  })

  it('namesRequest tells an event or a pending request with an id from one without', () => {
    expect(namesRequest({ requestId: 'r1' })).toBe(true)
    expect(namesRequest({ requestId: '' })).toBe(true)
    expect(namesRequest({})).toBe(false)
    expect(namesRequest({ requestId: null })).toBe(false)
  })
})

describe('a slice deciding with the helper', () => {
  it('ignores the stale outcome of a superseded request and applies the current one', () => {
    const first = signatureRequested({ kind: 'message', message: 'one' })
    const second = signatureRequested({ kind: 'message', message: 'two' })
    const stale = run([first, second, signatureSucceeded({ address: '0xa', signature: '0xold' }, { requestId: first.requestId })])
    expect(stale.account.signature).toMatchObject({ requestId: second.requestId, status: 'signing', signature: null })
    const current = run([first, second, signatureSucceeded({ address: '0xa', signature: '0xnew' }, { requestId: second.requestId })])
    expect(current.account.signature).toMatchObject({ requestId: second.requestId, status: 'signed', signature: '0xnew' })
  })
})

describe('ofRequest', () => {
  it("lets through only the events of the given request (its intent, its outcomes)", async () => {
    const intent = noteAddRequested({ text: 'a' })
    const events = [intent, noteAdded({ text: 'x' }, { requestId: 'other' }), noteAdded({ text: 'y' }), noteAdded({ text: 'a' }, { requestId: intent.requestId })]
    const seen = await firstValueFrom(of(...events).pipe(ofRequest(intent), toArray()))
    expect(seen).toEqual([intent, events[3]])
  })
})
