import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { callsSendRequested, callsSent, callsStatusReceived } from '../../../src/core/events/calls/calls'
import type { StampedEvent } from '../../../src/core/events/defineEvent'
import { CALLS_KEPT } from '../../../src/core/reducers/calls/callsReducer'
import { PENDING_TRANSACTIONS_MAX } from '../../../src/core/domain/constants'
import { initialState, rootReducer } from '../../../src/core/reducers/rootReducer'
import { fcParams } from '../fcSettings'
import { logArb } from './arbitraries'

describe('the batched-calls slice', () => {
  it('lists exactly the batches it keeps, each once, oldest first, and a status reaches only a batch it keeps', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        let state = initialState()
        for (const e of log) {
          const before = state.calls
          state = rootReducer(state, e)
          const calls = state.calls!
          expect(Object.keys(calls.batches).sort()).toEqual([...calls.order].sort())
          expect(new Set(calls.order).size).toBe(calls.order.length)
          if (e.type === callsStatusReceived.type && !(before?.batches[(e.payload as { id: string }).id])) expect(calls.batches).toEqual(before?.batches ?? {})
        }
      }),
      fcParams(),
    )
  })

  it(`holds at most ${PENDING_TRANSACTIONS_MAX} batches still pending and ${CALLS_KEPT} done; only a kind over its limit loses its oldest`, () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 3 * PENDING_TRANSACTIONS_MAX, size: 'max' }), (settles) => {
        let state = initialState()
        let seq = 1
        const number = (id: string) => Number(id.slice(1))
        const reduce = (e: { type: string; payload: unknown }, settled?: string) => {
          const before = state.calls
          state = rootReducer(state, { ...e, seq, at: seq++ } as StampedEvent)
          const calls = state.calls!
          const pending = calls.order.filter((id) => calls.batches[id]!.status < 200)
          const done = calls.order.filter((id) => calls.batches[id]!.status >= 200)
          expect(pending.length).toBeLessThanOrEqual(PENDING_TRANSACTIONS_MAX)
          expect(done.length).toBeLessThanOrEqual(CALLS_KEPT)
          for (const gone of before?.order.filter((id) => !(id in calls.batches)) ?? []) {
            const wasPending = gone !== settled && before!.batches[gone]!.status < 200
            // Let go only when its kind is full, and older than every batch of its kind still held.
            const kind = wasPending ? pending : done
            expect(kind).toHaveLength(wasPending ? PENDING_TRANSACTIONS_MAX : CALLS_KEPT)
            expect(kind.every((id) => number(id) > number(gone))).toBe(true)
          }
        }
        for (const [i, settlesNow] of settles.entries()) {
          const meta = { requestId: `r${i}` }
          reduce(callsSendRequested({ calls: [{ to: '0x00000000000000000000000000000000000000aa' }], atomicRequired: false }, meta))
          reduce(callsSent({ id: `b${i}`, caipNetworkId: 'eip155:1', from: '0xabc', count: 1, atomicRequired: false }, meta))
          // The batch just sent is held.
          expect(state.calls!.batches[`b${i}`]).toBeDefined()
          if (settlesNow) reduce(callsStatusReceived({ id: `b${i}`, status: 200, atomic: true, receipts: [] }), `b${i}`)
        }
        // Nothing was let go while there was room for it.
        const everDone = settles.filter(Boolean).length
        if (settles.length <= PENDING_TRANSACTIONS_MAX && everDone <= CALLS_KEPT) expect(state.calls!.order).toHaveLength(settles.length)
      }),
      fcParams({ numRuns: 20 }),
    )
  })
})
