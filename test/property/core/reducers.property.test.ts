import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { modalCloseRequested } from '../../../src/core/events/modal/modal'
import type { StampedEvent } from '../../../src/core/events/defineEvent'
import { EventLog } from '../../../src/core/eventLog'
import { closedView } from '../../../src/core/reducers/modal/modalReducer'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { selectCanClose } from '../../../src/core/selectors'
import { type ModalState } from '../../../src/core/state'
import { initialState } from '../../../src/core/reducers/rootReducer'
import { SHAKE_MS } from '../../../src/core/domain/constants'
import { fcParams } from '../fcSettings'
import { statesOf } from '../../support/foldLog'
import { eventArb, logArb } from './arbitraries'

const fold = (events: StampedEvent[], from: ModalState = initialState()) => events.reduce(rootReducer, from)
const states = statesOf

describe('reducer laws', () => {
  it('are deterministic: the same log gives the same state', () => {
    fc.assert(fc.property(logArb, (log) => {
        expect(fold(log)).toEqual(fold(structuredClone(log)))
      }),
      fcParams(),
    )
  })
  it('every state and event survives a JSON round trip', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        for (const e of log) expect(JSON.parse(JSON.stringify(e))).toEqual(e)
        for (const s of states(log)) expect(JSON.parse(JSON.stringify(s))).toEqual(s)
      }),
      fcParams({ numRuns: 50 }),
    )
  })
  it('closing lands on the spec view (or stays open only where closing is not allowed)', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const before = fold(log)
        const last = log[log.length - 1] as StampedEvent
        const after = rootReducer(before, { ...modalCloseRequested({}), seq: last.seq + 1, at: last.at + 1 })
        if (!before.modal.open) expect(after.router).toEqual(before.router)
        else if (!selectCanClose(before)) expect(after.modal.open).toBe(true)
        else {
          expect(after.modal.open).toBe(false)
          expect(after.router.history).toEqual([closedView(before)])
          expect(['Connect', 'Account']).toContain(after.router.view)
        }
      }),
      fcParams(),
    )
  })
  it('a shake never restarts while active', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        let prev = initialState()
        for (const e of log) {
          const next = rootReducer(prev, e)
          const wasActive = prev.modal.shake && prev.modal.shakeStartedAt !== null && e.at - prev.modal.shakeStartedAt < SHAKE_MS
          if (wasActive && next.modal.shake) expect(next.modal.shakeStartedAt).toBe(prev.modal.shakeStartedAt)
          prev = next
        }
      }),
      fcParams(),
    )
  })
  it('router history is never empty and its top is the view', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        for (const s of states(log)) {
          expect(s.router.history.length).toBeGreaterThan(0)
          expect(s.router.history[s.router.history.length - 1]).toBe(s.router.view)
        }
      }),
      fcParams(),
    )
  })
  it('connected implies at least one account', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        for (const s of states(log))
          for (const ns of Object.values(s.connection.byNamespace))
            if (ns.status === 'connected') expect(ns.connections.some((c) => c.accounts.length > 0)).toBe(true)
      }),
      fcParams(),
    )
  })
  it('a skipped event equals a log without it', () => {
    fc.assert(
      fc.property(logArb, fc.nat(), (log, pick) => {
        const index = 1 + (pick % Math.max(1, log.length - 1))
        if (index >= log.length) return
        const skipped = log[index] as StampedEvent
        const instrumented = new EventLog(rootReducer, initialState())
        for (const e of log) instrumented.append(e)
        instrumented.toggle(skipped.seq)
        expect(instrumented.presentState).toEqual(fold(log.filter((e) => e !== skipped)))
      }),
      fcParams(),
    )
  })
  it('the bounded log replays to the same state as the unbounded one', () => {
    fc.assert(
      fc.property(logArb, fc.integer({ min: 200, max: 3000 }), (log, budget) => {
        const bounded = new EventLog(rootReducer, initialState(), budget)
        for (const e of log) bounded.append(e)
        expect(bounded.presentState).toEqual(fold(log))
        const replayed = new EventLog(rootReducer, initialState())
        replayed.load(JSON.parse(JSON.stringify(bounded.snapshot())))
        expect(replayed.presentState).toEqual(fold(log))
      }),
      fcParams(),
    )
  })
  it('any single event applied to any state keeps the state JSON-safe', () => {
    fc.assert(
      fc.property(logArb, eventArb, (log, e) => {
        const s = rootReducer(fold(log), { ...e, seq: 999, at: 10_000_000 })
        expect(JSON.parse(JSON.stringify(s))).toEqual(s)
      }),
      fcParams({ numRuns: 50 }),
    )
  })
})
