import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { sendAmountSet, sendConfirmed, sendRequested, sendSubmitted, sendTokenSet } from '../../../src/core/events/connection/send'
import { resultAcknowledged } from '../../../src/core/events/modal/router'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { defaultView } from '../../../src/core/reducers/modal/modalReducer'
import { initialState, rootReducer } from '../../../src/core/reducers/rootReducer'
import type { ModalState } from '../../../src/core/state'
import { fcParams } from '../fcSettings'
import { eventArb, resultEventArb, settingsArb } from './arbitraries'

/** Sessions rich in sends and acknowledgements, mixed with every other event. */
const sent = (requestId: string): EventInput[] => [
  sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } }),
  sendAmountSet({ amount: '0.01' }),
  sendRequested({}, { requestId }),
  sendSubmitted({ hash: '0x3' }, { requestId }),
  sendConfirmed({ hash: '0x3', blockNumber: '9' }, { requestId }),
]
const sentArb: fc.Arbitrary<EventInput[]> = fc.constantFrom('r1', 'r2').map(sent)

/** A session started with `settings`, then `inputs`, stamped 37 ms apart. */
function stamped(settings: Parameters<typeof sessionStarted>[0], inputs: EventInput[]): StampedEvent[] {
  let at = 1_000
  const events: StampedEvent[] = [{ ...sessionStarted(settings), seq: 1, at }]
  for (const e of inputs) {
    at += 37
    events.push({ ...e, seq: events.length + 1, at })
  }
  return events
}
const logArb: fc.Arbitrary<StampedEvent[]> = fc
  .tuple(
    settingsArb,
    fc.array(fc.oneof({ arbitrary: sentArb, weight: 1 }, { arbitrary: resultEventArb.map((e) => [e]), weight: 3 }, { arbitrary: eventArb.map((e) => [e]), weight: 3 }), { maxLength: 40 }),
  )
  .map(([settings, groups]) => stamped(settings, groups.flat()))

/** The finished result a flow holds, if any. */
function resultOf(state: ModalState, flow: string): unknown {
  if (flow === 'send') return state.account.send.status === 'confirmed' ? state.account.send : null
  if (flow === 'swap') return state.swap?.step?.status === 'confirmed' ? state.swap.step : null
  if (flow === 'onramp') return state.onramp?.purchase?.status === 'delivered' ? state.onramp.purchase : null
  return null
}

describe('acknowledging a result', () => {
  it('after any sequence, leaves no result of its flow behind, lands on the default view and keeps the message in a banner', () => {
    let finished = 0
    fc.assert(
      fc.property(logArb, fc.constantFrom('send', 'swap', 'onramp', 'names', 'pay' as const), (log, flow) => {
        const before = log.reduce(rootReducer, initialState())
        const last = log[log.length - 1] as StampedEvent
        const after = rootReducer(before, { ...resultAcknowledged({ flow, message: 'Done it' }), seq: last.seq + 1, at: last.at + 1 })
        if (resultOf(before, flow) !== null) finished++
        expect(resultOf(after, flow)).toBeNull()
        expect(after.router.history).toEqual([defaultView(after)])
        const shown = after.banner.open ? after.banner : after.banner.pending
        expect(shown).toMatchObject({ variant: 'success', message: 'Done it' })
        // Other flows' results are not touched.
        for (const other of ['send', 'swap', 'onramp'].filter((f) => f !== flow)) expect(resultOf(after, other)).toEqual(resultOf(before, other))
      }),
      // Random logs end with a finished result of the flow asked about in only a few runs: this
      // one always does, so the law is never checked against unfinished flows alone.
      fcParams({ examples: [[stamped(fc.sample(settingsArb, { numRuns: 1, seed: 1 })[0]!, sent('r1')), 'send']] }),
    )
    // The law is worth something only if finished results were there to clear.
    expect(finished).toBeGreaterThan(0)
  })

  it('is replayed exactly: folding the log twice gives the same state', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        expect(log.reduce(rootReducer, initialState())).toEqual(structuredClone(log).reduce(rootReducer, initialState()))
      }),
      fcParams({ numRuns: 50 }),
    )
  })
})
