import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createIdbKeyValue } from '../../src/adapters/storage/idbStorage'
import { createMemoryKeyValue } from '../../src/adapters/storage/memoryKeyValue'
import type { KeyValue } from '../../src/adapters/storage/memoryKeyValue'
import { createTestModal } from '../support/testModal'
import { cloneOnlyArb } from '../unit/core/junkValues'
import { fuzzParams } from './fuzzParams'

const ABSENT = Symbol('absent')
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(fc.constant(ABSENT), arb)

const validPreferences = fc.record({ themeMode: fc.constantFrom('light', 'dark'), preferredAccountType: fc.constant({ eip155: 'eoa' }) })
/** A durable value: valid slices, slices with junk fields mixed in, or junk. */
const durableArb = fc.oneof(
  fc.record({
    preferences: fc.oneof(validPreferences, validPreferences.chain((p) => cloneOnlyArb.map((extra) => ({ ...p, extra })))),
    siwx: fc.oneof(fc.constant({ sessions: { 'eip155:1:0xa': { data: { n: 1 } } } }), cloneOnlyArb.map((s) => ({ sessions: { 'eip155:1:0xa': { data: { n: 1 } }, 'eip155:1:0xb': s } }))),
    wallets: fc.oneof(fc.constant({ recent: [{ id: 'w', name: 'W', namespace: 'eip155' }], connected: { eip155: ['w'] } }), cloneOnlyArb.map((r) => ({ recent: [{ id: 'w', name: 'W', namespace: 'eip155' }, r], connected: { eip155: ['w'] } }))),
  }),
  cloneOnlyArb,
)
const logArb = fc.oneof(
  cloneOnlyArb,
  cloneOnlyArb.map((committedState) => ({ version: 1, committedState, events: [{ type: 'modal/closeRequested', payload: {}, seq: 1, at: 1 }], skipped: [] })),
  cloneOnlyArb.map((events) => ({ version: 1, committedState: {}, events, skipped: [] })),
  // A stored record (version 2) with junk in each of its parts.
  fc.record({ version: fc.constant(2), presentState: cloneOnlyArb, committedState: cloneOnlyArb, lastSeq: fc.oneof(fc.nat(), cloneOnlyArb), events: fc.oneof(fc.constant('[]'), fc.string(), cloneOnlyArb), skipped: cloneOnlyArb }),
)
const schemaArb = fc.constantFrom<unknown>(1, 1, 1, ABSENT, '1', 2, 0, 1.5, null, NaN, { v: 1 })
const contentsArb = fc.record({
  'gangway:schema': schemaArb,
  'gangway:durable': maybe(durableArb),
  'gangway:eventLog': maybe(logArb),
  'gangway:eventLog.unreadable': maybe(cloneOnlyArb),
  'gangway:fromANewerRelease': maybe(cloneOnlyArb),
})

/** createTestModal takes any KeyValue; its default (memory) type is wider than it needs. */
const asTestKv = (kv: KeyValue) => kv as ReturnType<typeof createMemoryKeyValue>

let db = 0
async function seed(contents: Record<string, unknown>): Promise<KeyValue> {
  const kv = createIdbKeyValue(`gangway-fuzz-${++db}`)
  for (const [key, value] of Object.entries(contents)) if (value !== ABSENT) await kv.set(key, value)
  return kv
}
async function dump(kv: KeyValue): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>()
  for (const key of (await kv.keys()).sort()) out.set(key, await kv.get(key))
  return out
}

describe('whatever IndexedDB holds under gangway: keys', () => {
  it('ready resolves, the modal opens, valid data is kept, nothing not understood is deleted', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(contentsArb, async (contents) => {
        const kv = await seed(contents)
        const before = await dump(kv)
        const started = createTestModal({}, asTestKv(kv))
        // Whether ready resolves, not how soon: a loaded machine may take a while to import the engine.
        const result = await Promise.race([started, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))])
        expect(result, 'ready did not resolve').not.toBeNull()
        const { modal, time } = result as Awaited<typeof started>
        modal.open('Networks')
        expect(modal.getState().modal.open).toBe(true)
        modal.setPreferredAccountType('eoa')
        await time.advanceBy(1000)
        const after = await dump(kv)
        const schema = contents['gangway:schema']
        const ours = schema === 1 || schema === ABSENT
        if (!ours) {
          // Not this version's data: left exactly as it was.
          expect(after).toEqual(before)
        } else {
          // Every key is still there; an unreadable log was set aside whole.
          for (const key of before.keys()) expect(after.has(key), key).toBe(true)
          const durable = contents['gangway:durable'] as { preferences?: { themeMode?: unknown } } | symbol
          const theme = typeof durable === 'object' && durable ? durable.preferences?.themeMode : undefined
          if (theme === 'light' || theme === 'dark') expect(modal.getState().preferences.themeMode).toBe(theme)
          const failedLoad = modal.timeTravel.log.events.some((e) => e.type === 'storage/failed' && (e.payload as { operation: string }).operation === 'loadLog')
          if (failedLoad) expect(after.get('gangway:eventLog.unreadable')).toEqual(before.get('gangway:eventLog'))
          const wallets = (durable as { wallets?: { connected?: unknown } } | undefined)?.wallets
          if (typeof wallets === 'object' && wallets && JSON.stringify(wallets.connected) === '{"eip155":["w"]}') {
            expect(modal.getState().wallets.memory.connected).toEqual({ eip155: ['w'] })
          }
        }
        modal.destroy()
      }),
      fuzzParams('storedData', 50),
    )
  })
})
