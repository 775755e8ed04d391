import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { reportErrors } from '../../../../../src/core/effects/modal/reportErrors'
import { sendSafely } from '../../../../../src/core/effects/runtime/sendSafely'
import type { StampedEvent } from '../../../../../src/core/events/defineEvent'
import { initialState } from '../../../../../src/core/reducers/rootReducer'
import type { CoreDeps } from '../../../../../src/core/ports'
import { createMemoryStorage } from '../../../../../src/adapters/storage/memoryStorage'
import { asyncScheduler } from 'rxjs'

describe('sendSafely', () => {
  it('swallows a sink that throws at once and one that rejects later', async () => {
    expect(() => sendSafely(() => { throw new Error('sink down') })).not.toThrow()
    let rejected = false
    sendSafely(() => Promise.reject(new Error('later')).finally(() => (rejected = true)))
    // A thenable that fails, and sinks that answer with plain values, are as quiet.
    let thenCalled = false
    sendSafely(() => ({ then: (_ok: unknown, fail: (e: unknown) => void) => ((thenCalled = true), fail(new Error('thenable'))) }))
    sendSafely(() => undefined)
    sendSafely(() => 42)
    await new Promise((r) => setTimeout(r, 0))
    expect(rejected).toBe(true)
    expect(thenCalled).toBe(true)
  })

  it('keeps reportErrors alive when the analytics sink throws synchronously', () => {
    const event$ = new Subject<StampedEvent>()
    const state = Object.assign(new Subject(), { value: initialState(), previous: initialState() })
    const reports: string[] = []
    let calls = 0
    const deps = {
      clock: { now: () => 0 },
      scheduler: asyncScheduler,
      storage: createMemoryStorage(),
      analytics: {
        track: () => undefined,
        reportError: (r: { errorMessage: string }) => {
          calls++
          if (calls === 1) throw new Error('sink down')
          reports.push(r.errorMessage)
        },
      },
    } as unknown as CoreDeps
    const errors: unknown[] = []
    reportErrors(event$, state as never, deps).subscribe({ error: (e) => errors.push(e) })
    const failed = (seq: number, message: string): StampedEvent => ({
      type: 'signature/failed',
      payload: { error: { name: 'GangwayError', shortMessage: message } },
      seq,
      at: seq,
    })
    event$.next({ type: 'session/started', payload: {}, seq: 1, at: 1 })
    event$.next(failed(2, 'Error signing message'))
    event$.next(failed(3, 'Signature declined'))
    expect(errors).toEqual([])
    expect(calls).toBe(2)
    expect(reports).toEqual(['Signature declined'])
  })
})
