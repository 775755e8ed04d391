import { describe, expect, it } from 'vitest'
import { defineEvent, type EventInput, type StampedEvent } from '../../../../src/core/events/defineEvent'
import { featureInjected } from '../../../../src/core/events/modal/featureLoading'
import { sessionStarted } from '../../../../src/core/events/modal/session'
import { empty, number, object } from '../../../../src/core/events/schema'
import { createRootReducer } from '../../../../src/core/reducers/createRootReducer'
import { createSlice } from '../../../../src/core/reducers/createSlice'
import type { ModalState, SessionSettings } from '../../../../src/core/state'

const counted = defineEvent('test/counted', object({ by: number() }))
const doubled = defineEvent('test/doubled', empty())
const failed = defineEvent('test/broke', empty())

const settingsSlice = createSlice('settings', (settings: SessionSettings) => settings, () => undefined)
const counter = createSlice('counter', () => ({ n: 0 }), (b) =>
  b
    .addCase(counted, (draft, e) => {
      draft.n += e.payload.by
    })
    .addReplacer(doubled, (c) => ({ n: c.n * 2 }))
    .addCase(failed, (draft) => {
      draft.n += 100
    }),
)
// Reads the counter as the counter's case left it for this event; breaks on test/broke, after the counter changed.
const seen = createSlice(
  'seen',
  () => ({ last: 0 }),
  (b) =>
    b
      .addReplacer(counted, (_s, _e, state) => ({ last: (state as unknown as { counter: { n: number } }).counter.n }))
      .addReplacer(failed, () => {
        throw new Error('a reducer bug')
      }),
  { after: ['counter'] },
)
// Changed by test/broke before the slice that breaks on it; no other event changes it.
const untouched = createSlice('untouched', () => ({ fixed: true }), (b) => b.addReplacer(failed, () => ({ fixed: false })))
const extra = createSlice('extra', () => ({ n: 0 }), (b) => b.addCase(counted, (draft, e) => {
  draft.n -= e.payload.by
}))

const SETTINGS: SessionSettings = { projectId: 'p', adapters: [] }
const make = (autoFreeze = false) => {
  const reducer = createRootReducer([settingsSlice, counter, untouched, seen], [counted.type, doubled.type, failed.type, sessionStarted.type, featureInjected.type], { autoFreeze })
  reducer.register('extra', [extra], [counted.type])
  return reducer
}
const stamp = (events: EventInput[]): StampedEvent[] => events.map((e, i) => ({ ...e, seq: i + 1, at: i }))
type Test = { settings: SessionSettings; counter: { n: number }; seen: { last: number }; untouched: { fixed: boolean }; extra?: { n: number } }
const asTest = (s: ModalState) => s as unknown as Test

describe('createRootReducer', () => {
  it('makes a new state for each change, keeps the slices it did not change and leaves older states as they were', () => {
    const reducer = make()
    const s0 = reducer.initial(SETTINGS)
    const [a, b] = stamp([counted({ by: 2 }), counted({ by: 3 })]) as [StampedEvent, StampedEvent]
    const s1 = reducer(s0, a)
    const s2 = reducer(s1, b)
    expect(asTest(s1)).toEqual({ settings: SETTINGS, counter: { n: 2 }, untouched: { fixed: true }, seen: { last: 2 } })
    expect(asTest(s2)).toEqual({ settings: SETTINGS, counter: { n: 5 }, untouched: { fixed: true }, seen: { last: 5 } })
    expect(Object.keys(s2)).toEqual(Object.keys(s0))
    expect(s2).not.toBe(s1)
    expect(asTest(s2).untouched).toBe(asTest(s0).untouched)
    expect(asTest(s0).counter.n).toBe(0)
    // An event no slice changes returns the very same state.
    expect(reducer(s2, { ...counted({ by: 0 }), seq: 3, at: 3 })).toEqual(s2)
  })

  it('reduces from any state, not only the last one it made (replays, time travel, two logs)', () => {
    const reducer = make()
    const events = stamp([counted({ by: 1 }), doubled({}), counted({ by: 4 }), doubled({})])
    const states = [reducer.initial(SETTINGS)]
    for (const e of events) states.push(reducer(states[states.length - 1] as ModalState, e))
    const fresh = make()
    // Branch off an older state, then go back to the newest, then interleave two chains.
    expect(reducer(states[1] as ModalState, events[1] as StampedEvent)).toEqual(states[2])
    expect(reducer(states[4] as ModalState, events[0] as StampedEvent)).toEqual(fresh(states[4] as ModalState, events[0] as StampedEvent))
    let x = states[0] as ModalState
    let y = states[2] as ModalState
    for (const e of events) {
      x = reducer(x, e)
      y = reducer(y, e)
    }
    expect(asTest(x).counter.n).toBe(((0 + 1) * 2 + 4) * 2)
    expect(asTest(y).counter.n).toBe(((2 + 1) * 2 + 4) * 2)
    expect(states.map((s) => asTest(s).counter.n)).toEqual([0, 1, 2, 6, 12])
  })

  it('still reduces right after a case threw half-way through an event', () => {
    const reducer = make()
    const [a, boom, b] = stamp([counted({ by: 1 }), failed({}), counted({ by: 1 })]) as [StampedEvent, StampedEvent, StampedEvent]
    const s1 = reducer(reducer.initial(SETTINGS), a)
    expect(() => reducer(s1, boom)).toThrow('a reducer bug')
    expect(asTest(reducer(s1, b))).toEqual({ settings: SETTINGS, counter: { n: 2 }, untouched: { fixed: true }, seen: { last: 2 } })
    expect(asTest(s1).counter.n).toBe(1)
  })

  it('keeps each state its own set of slices when a feature is injected', () => {
    const reducer = make()
    const [inject, c] = stamp([featureInjected({ feature: 'extra' }), counted({ by: 5 })]) as [StampedEvent, StampedEvent]
    const before = reducer(reducer.initial(SETTINGS), c)
    const injected = reducer(reducer(reducer.initial(SETTINGS), inject), c)
    expect(asTest(injected).extra).toEqual({ n: -5 })
    expect(Object.keys(injected)).toEqual([...Object.keys(before), 'extra'])
    // Back to a state without the feature's slices: they stay out of it.
    expect('extra' in reducer(before, c)).toBe(false)
    expect(asTest(reducer(injected, c)).extra).toEqual({ n: -10 })
  })

  it('freezes the states it makes when asked to', () => {
    const reducer = make(true)
    const [a, b] = stamp([counted({ by: 1 }), counted({ by: 1 })]) as [StampedEvent, StampedEvent]
    const s1 = reducer(reducer.initial(SETTINGS), a)
    const s2 = reducer(s1, b)
    expect(Object.isFrozen(s1) && Object.isFrozen(s2)).toBe(true)
    expect(asTest(s2).counter.n).toBe(2)
  })
})
