import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../src/adapters/storage/memoryKeyValue'
import { InvalidInputError } from '../../src/core/errors/base'
import { EventLog } from '../../src/core/eventLog'
import { initialState, rootReducer } from '../../src/core/reducers/rootReducer'
import { eventArb } from '../property/core/arbitraries'
import { storedEvents } from '../support/storedLog'
import { createTestModal } from '../support/testModal'
import { junkArb } from '../unit/core/junkValues'
import { fuzzParams } from './fuzzParams'
import { OPTIONAL_MODULES } from '../support/lazyFeatures'

/** The logs drawn hold every built-in feature's events: the modal has every optional module. */
const EVERY = { modules: OPTIONAL_MODULES }

/** How long a case waits for `ready` before calling it stuck (real time; the start itself takes milliseconds). */
const READY_WAIT_MS = 10_000

/** A real exported log: a session with events of every kind, some folded away. */
async function realLog(): Promise<Record<string, unknown>> {
  const sample = fc.sample(eventArb, { numRuns: 120, seed: 7 })
  const { modal, time } = await createTestModal({ ...EVERY, maxLogBytes: 12_000 })
  for (const e of sample) modal.dispatch(e)
  modal.dispatch({ type: 'signature/succeeded', payload: { address: '0x1', signature: '0xsecret' } })
  await time.advanceBy(1000)
  const log = JSON.parse(JSON.stringify(modal.timeTravel.exportLog()))
  modal.destroy()
  return log
}

/** A real stored record (version 2: the present state, the events as JSON) of such a session, its events parsed. */
async function realStoredRecord(): Promise<Record<string, unknown>> {
  const sample = fc.sample(eventArb, { numRuns: 120, seed: 11 })
  const { modal, time, kv } = await createTestModal({ ...EVERY, maxLogBytes: 12_000 })
  for (const e of sample) modal.dispatch(e)
  modal.open('Networks')
  await time.advanceBy(1000)
  modal.destroy()
  const record = kv.dump()['gangway:eventLog'] as Record<string, unknown>
  expect(record.version).toBe(2)
  return { ...record, events: storedEvents(record) }
}

/**
 * A modal started on storage holding `stored` as its log and the dark theme as durable state:
 * ready, with whatever history joined. Whether that happens, not how soon: a loaded machine may
 * take a while to import the engine. The durable state comes through whatever the log was.
 */
async function startFromStored(stored: unknown) {
  const kv = createMemoryKeyValue({ 'gangway:schema': 1, 'gangway:durable': { preferences: { themeMode: 'dark', preferredAccountType: {} } } })
  await kv.set('gangway:eventLog', stored)
  const started = createTestModal(EVERY, kv)
  const result = await Promise.race([started, new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_WAIT_MS))])
  expect(result, 'ready (and the history) did not settle').not.toBeNull()
  const ready = result as Awaited<typeof started>
  expect(ready.modal.getState().preferences.themeMode).toBe('dark')
  return ready
}

/** Whether the mutator may step into `v`: arrays and plain objects, not a boxed string's or a typed array's fixed elements. */
function isContainer(v: unknown): boolean {
  if (typeof v !== 'object' || v === null) return false
  const proto = Object.getPrototypeOf(v)
  return Array.isArray(v) || proto === Object.prototype || proto === null
}

/** Every path to a value inside `root` (arrays and plain objects), the root first. */
function paths(root: unknown, limit = 4000): (string | number)[][] {
  const out: (string | number)[][] = []
  const stack: { v: unknown; p: (string | number)[] }[] = [{ v: root, p: [] }]
  while (stack.length > 0 && out.length < limit) {
    const { v, p } = stack.pop() as { v: unknown; p: (string | number)[] }
    out.push(p)
    if (isContainer(v)) for (const [k, child] of Object.entries(v as object)) stack.push({ v: child, p: [...p, Array.isArray(v) ? Number(k) : k] })
  }
  return out
}

type Mutation = { at: number; op: 'replace' | 'delete' | 'insert' | 'swapEvents' | 'duplicateEvent'; value: unknown; key: string }
const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('replace', 'replace', 'delete', 'insert', 'swapEvents', 'duplicateEvent'),
  value: junkArb,
  key: fc.constantFrom('extra', '__proto__', 'constructor', 'view', 'type', 'seq', 'payload'),
})

function mutate(log: Record<string, unknown>, mutations: Mutation[]): unknown {
  let copy: any = JSON.parse(JSON.stringify(log))
  for (const m of mutations) {
    const all = paths(copy)
    const path = all[m.at % all.length] as (string | number)[]
    const events = copy?.events
    if (m.op === 'swapEvents' && Array.isArray(events) && events.length > 1) {
      const i = m.at % (events.length - 1)
      ;[events[i], events[i + 1]] = [events[i + 1], events[i]]
      continue
    }
    if (m.op === 'duplicateEvent' && Array.isArray(events) && events.length > 0) {
      events.push(events[m.at % events.length])
      continue
    }
    if (path.length === 0) {
      copy = m.op === 'replace' ? m.value : copy
      continue
    }
    const parent = path.slice(0, -1).reduce((o: any, k) => o?.[k], copy)
    const last = path[path.length - 1] as string | number
    if (!isContainer(parent)) continue
    if (m.op === 'replace') parent[last] = m.value
    else if (m.op === 'delete') Array.isArray(parent) ? parent.splice(Number(last), 1) : delete parent[last]
    else if (!Array.isArray(parent)) Object.defineProperty(parent, m.key, { value: m.value, enumerable: true, configurable: true, writable: true })
  }
  return copy
}

describe('imported and stored logs', () => {
  it('an import succeeds fully or throws InvalidInputError with the live state and log unchanged', { timeout: 120_000 }, async () => {
    const base = await realLog()
    const { modal } = await createTestModal(EVERY)
    modal.open('Networks')
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (mutations) => {
        const candidate = mutate(base, mutations)
        const state = modal.getState()
        const exported = JSON.stringify(modal.timeTravel.exportLog())
        let error: unknown
        try {
          modal.timeTravel.importLog(candidate)
        } catch (e) {
          error = e
        }
        if (error !== undefined) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as InvalidInputError).shortMessage).toBe('Invalid event log')
          expect(modal.getState()).toBe(state)
          expect(JSON.stringify(modal.timeTravel.exportLog())).toBe(exported)
        } else {
          // Fully applied: the shown state is the replay of what is now the log.
          const replayed = new EventLog(rootReducer, initialState())
          replayed.load(JSON.parse(JSON.stringify(modal.timeTravel.exportLog())))
          expect(modal.getState()).toEqual(replayed.presentState)
        }
        expect(modal.timeTravel.log.isTimeTravelling).toBe(false)
        // Still usable.
        modal.open('AllWallets')
        expect(modal.getState().router.view).toBe('AllWallets')
        expect(JSON.stringify(modal.timeTravel.exportLog())).not.toContain('0xsecret')
      }),
      fuzzParams('eventLogs.import', 100),
    )
    modal.destroy()
  })
  it('a stored log that cannot be read is set aside and the modal starts anyway', { timeout: 120_000 }, async () => {
    const base = await realLog()
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), async (mutations) => {
        let stored: unknown
        try {
          // Memory storage keeps JSON (IndexedDB's structured clones are storedData.fuzz's part).
          stored = JSON.parse(JSON.stringify(mutate(base, mutations)) ?? 'null')
        } catch {
          stored = { version: 1, committedState: 'not JSON', events: [], skipped: [] }
        }
        const { modal, time, kv } = await startFromStored(stored)
        modal.open('Networks')
        expect(modal.getState().router.view).toBe('Networks')
        const setAside = modal.timeTravel.log.events.some((e) => e.type === 'storage/failed' && (e.payload as { operation: string }).operation === 'loadLog')
        await time.advanceBy(1000)
        if (setAside) expect(kv.dump()['gangway:eventLog.unreadable']).toEqual(stored)
        modal.destroy()
      }),
      fuzzParams('eventLogs.stored', 30),
    )
  })
  it('a reload from a stored record starts from its present state; its history joins only if it replays to that state', { timeout: 120_000 }, async () => {
    const base = await realStoredRecord()
    await fc.assert(
      fc.asyncProperty(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), fc.boolean(), async (mutations, junkJson) => {
        const mutated = mutate(base, mutations) as Record<string, unknown> | null
        let stored: unknown
        try {
          // Stored as a page stores it: the events as one JSON string (or, now and then, text that is not JSON).
          stored = JSON.parse(JSON.stringify(mutated) ?? 'null')
          if (stored && typeof stored === 'object' && Array.isArray((stored as { events?: unknown }).events)) {
            const events = JSON.stringify((stored as { events: unknown[] }).events)
            ;(stored as { events: string }).events = junkJson ? events.slice(0, -1) : events
          }
        } catch {
          stored = { version: 2, presentState: 'not JSON', committedState: {}, lastSeq: 1, events: '[]', skipped: [] }
        }
        const { modal, time, kv } = await startFromStored(stored)
        const failures = modal.timeTravel.log.events.filter((e) => e.type === 'storage/failed' && (e.payload as { operation: string }).operation === 'loadLog')
        expect(failures.length).toBeLessThanOrEqual(1)
        // Whatever joined, the log replays to the state shown (in its slices: this reducer has every feature's).
        const replayed = new EventLog(rootReducer, initialState())
        replayed.load(JSON.parse(JSON.stringify(modal.timeTravel.exportLog())))
        const shown = JSON.parse(JSON.stringify(modal.getState())) as Record<string, unknown>
        const slices = JSON.parse(JSON.stringify(replayed.presentState)) as Record<string, unknown>
        expect(Object.fromEntries(Object.keys(shown).map((k) => [k, slices[k]]))).toEqual(shown)
        modal.open('AllWallets')
        expect(modal.getState().router.view).toBe('AllWallets')
        await time.advanceBy(1000)
        if (failures.length === 1) expect(kv.dump()['gangway:eventLog.unreadable']).toEqual(stored)
        // What is stored now is whole: a reload of it joins without complaint.
        const again = await createTestModal(EVERY, kv)
        const types = again.modal.timeTravel.log.events.map((e) => e.type)
        expect(types.slice(types.lastIndexOf('session/started'))).not.toContain('storage/failed')
        expect(again.modal.getState().preferences.themeMode).toBe('dark')
        again.modal.destroy()
        modal.destroy()
      }),
      fuzzParams('eventLogs.storedRecord', 30),
    )
  })
})
