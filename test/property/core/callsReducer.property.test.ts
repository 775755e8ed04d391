import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { callsSendRequested, callsSent, callsStatusReceived } from '../../../src/core/events/calls/calls'
import type { StampedEvent } from '../../../src/core/events/defineEvent'
import { CALLS_KEPT } from '../../../src/core/reducers/calls/callsReducer'
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

  it(`keeps the last ${CALLS_KEPT} batches sent, whatever came before`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 * CALLS_KEPT }), (n) => {
        let state = initialState()
        let seq = 1
        for (let i = 0; i < n; i++) {
          const meta = { requestId: `r${i}` }
          for (const e of [callsSendRequested({ calls: [{ to: '0x00000000000000000000000000000000000000aa' }], atomicRequired: false }, meta), callsSent({ id: `b${i}`, caipNetworkId: 'eip155:1', from: '0xabc', count: 1, atomicRequired: false }, meta)]) {
            state = rootReducer(state, { ...e, seq, at: seq } as StampedEvent)
            seq++
          }
        }
        const kept = Array.from({ length: Math.min(n, CALLS_KEPT) }, (_, i) => `b${n - Math.min(n, CALLS_KEPT) + i}`)
        expect(state.calls!.order).toEqual(kept)
      }),
      fcParams({ numRuns: 30 }),
    )
  })
})
