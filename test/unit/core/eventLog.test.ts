import { describe, expect, it } from 'vitest'
import type { StampedEvent } from '../../../src/core/events/defineEvent'
import { EventLog } from '../../../src/core/eventLog'

const add = (state: number, e: StampedEvent) => state + (e.payload as number)
const ev = (seq: number, n: number): StampedEvent => ({ type: 't/added', payload: n, seq, at: seq })

describe('EventLog', () => {
  it('keeps the state after every event and jumps between them', () => {
    const log = new EventLog(add, 0)
    ;[1, 2, 3].forEach((n, i) => log.append(ev(i + 1, n)))
    expect([0, 1, 2].map((i) => log.stateAt(i))).toEqual([1, 3, 6])
    expect(log.jumpTo(0)).toBe(1)
    expect(log.isTimeTravelling).toBe(true)
    expect(log.jumpTo(-1)).toBe(0)
    expect(log.jumpToPresent()).toBe(6)
  })
  it('a skipped event is as if it never happened, and recomputes only what follows', () => {
    const log = new EventLog(add, 0)
    ;[1, 2, 3].forEach((n, i) => log.append(ev(i + 1, n)))
    log.toggle(2)
    expect([0, 1, 2].map((i) => log.stateAt(i))).toEqual([1, 1, 4])
    log.toggle(2)
    expect(log.presentState).toBe(6)
    log.toggle(1)
    log.sweep()
    expect(log.events.map((e) => e.seq)).toEqual([2, 3])
    expect(log.presentState).toBe(5)
  })
  it('over its byte budget it folds the oldest events into the committed state', () => {
    const size = JSON.stringify(ev(10, 1)).length
    const log = new EventLog(add, 0, size * 10)
    for (let i = 10; i < 20; i++) log.append(ev(i, 1))
    expect(log.events.length).toBe(10)
    log.append(ev(20, 1))
    // Over budget: folds down to 90% of it, so the next appends fold nothing.
    expect(log.events.length).toBe(9)
    expect(log.committedState).toBe(2)
    expect(log.presentState).toBe(11)
    log.append(ev(21, 1))
    expect(log.events.length).toBe(10)
    expect(log.byteSize).toBeLessThanOrEqual(size * 10)
  })
  it('a folded skipped event stays out of the committed state', () => {
    const size = JSON.stringify(ev(10, 1)).length
    const log = new EventLog(add, 0, size * 2)
    log.append(ev(10, 100))
    log.toggle(10)
    log.append(ev(11, 1))
    log.append(ev(12, 1))
    expect(log.committedState).toBe(0)
    expect(log.presentState).toBe(2)
  })
  it('commit starts the log anew from the present', () => {
    const log = new EventLog(add, 0)
    log.append(ev(1, 5))
    log.commit()
    expect(log.events).toEqual([])
    expect(log.presentState).toBe(5)
    expect(log.isTimeTravelling).toBe(false)
  })
})

describe('EventLog.loadSteps', () => {
  it('replays as load does, yielding after every slice, and changes the log only at its end', () => {
    const reducer = (state: { n: number }, event: { payload: unknown }) => ({ n: state.n * 2 + (event.payload as number) })
    const events = Array.from({ length: 25 }, (_, i) => ({ type: 't', payload: i % 3, seq: i + 1, at: i }))
    const snapshot = { version: 1 as const, committedState: { n: 0 }, events, skipped: [4] }
    const whole = new EventLog(reducer, { n: 0 })
    whole.load(snapshot)
    const stepped = new EventLog(reducer, { n: 0 })
    const steps = stepped.loadSteps(snapshot, 10)
    let yields = 0
    for (let step = steps.next(); !step.done; step = steps.next()) {
      yields++
      expect(stepped.events).toEqual([])
    }
    expect(yields).toBe(2)
    expect(stepped.presentState).toEqual(whole.presentState)
    expect(stepped.events.map((_, i) => stepped.stateAt(i))).toEqual(whole.events.map((_, i) => whole.stateAt(i)))
  })
})
