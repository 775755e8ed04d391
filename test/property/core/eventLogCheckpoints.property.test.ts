import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { StampedEvent } from '../../../src/core/events/defineEvent'
import { CHECKPOINT_INTERVAL, EventLog } from '../../../src/core/eventLog'
import { fcParams } from '../fcSettings'

// A reducer whose states are objects (so identity matters) and whose result depends on order.
type S = { total: number; trail: number[] }
const reducer = (state: S, event: StampedEvent): S => ({
  total: state.total * 3 + (event.payload as number),
  trail: [...state.trail.slice(-3), event.payload as number],
})
const initial: S = { total: 0, trail: [] }

type Op =
  | { kind: 'append'; n: number }
  | { kind: 'jump'; to: number }
  | { kind: 'present' }
  | { kind: 'toggle'; at: number }
  | { kind: 'sweep' }
  | { kind: 'commit' }
  | { kind: 'reload' }
  | { kind: 'join' }

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: -9, max: 9 }).map((n) => ({ kind: 'append' as const, n })) },
  { weight: 2, arbitrary: fc.integer({ min: -2, max: 200 }).map((to) => ({ kind: 'jump' as const, to })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'present' as const }) },
  { weight: 2, arbitrary: fc.nat(200).map((at) => ({ kind: 'toggle' as const, at })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'commit' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'join' as const }) },
)

/** The state after each kept event, recomputed from scratch: what a log keeping every state holds. */
function expectedStates(log: EventLog<S>): S[] {
  let state = log.committedState
  return log.events.map((event) => {
    if (!log.skipped.has(event.seq)) state = reducer(state, event)
    return state
  })
}

describe('EventLog keeps checkpoints, not every state', () => {
  it('answers every state as a log keeping all of them would, through appends, time travel, skips, sweeps, commits, folds and reloads', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), fc.integer({ min: 200, max: 4_000 }), (ops, budget) => {
        let log = new EventLog<S>(reducer, initial, budget)
        // A reload: the log before, replayed on the side, waits to join the new one (which starts from its present state).
        let older: EventLog<S> | undefined
        let seq = 0
        for (const o of ops) {
          const shownBefore = log.currentState
          const travellingBefore = log.isTimeTravelling
          const shownSeq = log.events[log.currentIndex]?.seq
          const committedBefore = log.committedState
          if (o.kind === 'append') log.append({ type: 't', payload: o.n, seq: ++seq, at: seq })
          else if (o.kind === 'jump') log.jumpTo(o.to)
          else if (o.kind === 'present') log.jumpToPresent()
          else if (o.kind === 'toggle') log.toggle(log.events[o.at % Math.max(1, log.events.length)]?.seq ?? -1)
          else if (o.kind === 'sweep') log.sweep()
          else if (o.kind === 'reload') {
            if (older) continue
            older = new EventLog<S>(reducer, initial)
            older.load(JSON.parse(JSON.stringify(log.snapshot())))
            log = new EventLog<S>(reducer, initial, budget)
            log.reset(JSON.parse(JSON.stringify(older.presentState)) as S)
          } else if (o.kind === 'join') {
            if (!older) continue
            const shown = log.currentState
            const joined = older.events.length
            log.prepend(older)
            older = undefined
            // Joined: the shown state stays the same object, unless the budget folded it away.
            const kept = shownSeq === undefined ? joined > 0 && log.currentIndex >= 0 : log.events.some((e) => e.seq === shownSeq)
            if (kept) expect(log.currentState).toBe(shown)
          } else {
            log.commit()
            older = undefined
          }
          const expected = expectedStates(log)
          expect(log.events.map((_, i) => log.stateAt(i))).toEqual(expected)
          expect(log.presentState).toEqual(expected[expected.length - 1] ?? log.committedState)
          expect(log.currentState).toEqual(log.currentIndex < 0 ? log.committedState : expected[log.currentIndex])
          // The state being shown stays the same object while the devtools look at it, unless
          // the budget folded it away: then they show the oldest state kept.
          if (o.kind === 'append' && travellingBefore) {
            const stillKept = shownSeq === undefined
              ? log.committedState === committedBefore
              : log.events.some((e) => e.seq === shownSeq)
            if (stillKept) expect(log.currentState).toBe(shownBefore)
            else expect(log.currentIndex).toBe(-1)
          }
          expect(log.currentState).toBe(log.currentState)
        }
      }),
      fcParams({ numRuns: 150 }),
    )
  })

  it('holds the newest state and one every CHECKPOINT_INTERVAL events, and walks the log one reduction a step', () => {
    let reductions = 0
    const counting = (state: S, event: StampedEvent) => {
      reductions++
      return reducer(state, event)
    }
    const log = new EventLog<S>(counting, initial)
    const count = CHECKPOINT_INTERVAL * 10 + 5
    for (let i = 1; i <= count; i++) log.append({ type: 't', payload: i % 7, seq: i, at: i })
    const held = (log as unknown as { states: (S | undefined)[] }).states.filter((s) => s !== undefined).length
    expect(held).toBe(10 + 1)
    reductions = 0
    for (let i = 0; i < count; i++) log.stateAt(i)
    // From the committed state forward, each step reuses the previous one (or a checkpoint).
    expect(reductions).toBeLessThanOrEqual(count)
  })
})
