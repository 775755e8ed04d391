// Fuzz: what reaches a tab on the channel between the open tabs of the app (BroadcastChannel,
// the storage event). Any value, and look-alikes of the message with fields of any shape, is
// read without throwing; what is not a well-formed message changes nothing in the tab (its state
// is the same object, its log has no new event) and nothing is posted back; what is one becomes
// exactly one `tabs/changed` whose payload fits its schema.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../src/adapters/storage/memoryKeyValue'
import { readTabMessage, TAB_MESSAGE_TYPE, TAB_MESSAGE_VERSION, tabChangesSchema, tabsChanged } from '../../src/core/events/persistence/tabs'
import { NAMESPACES } from '../../src/core/events/views'
import { createTabHub } from '../support/tabHub'
import { createTestModal } from '../support/testModal'
import { fuzzParams } from './fuzzParams'

const namespace = fc.oneof(fc.constantFrom(...NAMESPACES), fc.string({ maxLength: 8 }), fc.constant('__proto__'))
const caip2 = fc.oneof(fc.constantFrom('eip155:1', 'eip155:2', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:', ':1', 'eip155:01x'), fc.string({ maxLength: 20 }), fc.integer())
const connection = fc.record(
  { namespace, connectorId: fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)), connected: fc.oneof(fc.boolean(), fc.anything()), extra: fc.anything() },
  { requiredKeys: [] },
)
const changes = fc.record(
  {
    preferences: fc.oneof(
      fc.record({ themeMode: fc.oneof(fc.constantFrom('light', 'dark', 'system'), fc.anything()), preferredAccountType: fc.dictionary(namespace, fc.oneof(fc.constantFrom('eoa', 'smartAccount'), fc.anything())) }, { requiredKeys: [] }),
      fc.anything(),
    ),
    network: fc.oneof(fc.record({ lastUsed: caip2, selected: fc.oneof(fc.dictionary(namespace, caip2), fc.anything()) }, { requiredKeys: [] }), fc.anything()),
    connections: fc.oneof(fc.array(connection, { maxLength: 70 }), fc.anything()),
    siwx: fc.oneof(fc.dictionary(fc.oneof(fc.string({ maxLength: 40 }), fc.constant('__proto__'), fc.constant('')), fc.oneof(fc.constant(null), fc.object(), fc.anything())), fc.anything()),
    junk: fc.anything(),
  },
  { requiredKeys: [] },
)
const lookalike = fc.record(
  { type: fc.oneof(fc.constant(TAB_MESSAGE_TYPE), fc.string()), v: fc.oneof(fc.constant(TAB_MESSAGE_VERSION), fc.integer(), fc.string()), changes: fc.oneof(changes, fc.anything()) },
  { requiredKeys: ['type'] },
)
/** Well-formed messages, some with one field broken. */
const wellFormed = fc
  .record(
    {
      preferences: fc.record({ themeMode: fc.constantFrom('light', 'dark' as const) }),
      network: fc.constantFrom('eip155:1', 'eip155:2', 'eip155:x1').map((lastUsed) => ({ lastUsed })),
      connections: fc.array(fc.record({ namespace: fc.constantFrom(...NAMESPACES), connectorId: fc.constantFrom('a', 'b', ''), connected: fc.boolean() }), { minLength: 1, maxLength: 3 }),
      siwx: fc.dictionary(fc.constantFrom('eip155:1:0xa1', 'eip155:1:0xb2'), fc.option(fc.constant({ message: 'signed in' }), { nil: null }), { minKeys: 1, maxKeys: 2 }),
    },
    { requiredKeys: [] },
  )
  .map((changes) => ({ type: TAB_MESSAGE_TYPE, v: TAB_MESSAGE_VERSION, changes }))
const anyMessage = fc.oneof({ arbitrary: wellFormed, weight: 2 }, { arbitrary: lookalike, weight: 4 }, { arbitrary: fc.anything(), weight: 1 })

describe('fuzz: messages from other tabs', () => {
  it('are read without throwing; what is read fits the event’s schema', () => {
    fc.assert(
      fc.property(anyMessage, (message) => {
        const read = readTabMessage(message)
        if (read !== null) expect(tabChangesSchema.check(read, 'changes')).toBeNull()
      }),
      fuzzParams('tabMessages.read', 2_000),
    )
  })

  it('a malformed one leaves the tab as it was; a good one is one tabs/changed; none is posted back', async () => {
    const hub = createTabHub()
    const other = hub.tab()
    const { modal, time } = await createTestModal({ persistLog: false, tabSync: hub.tab() }, createMemoryKeyValue())
    await fc.assert(
      fc.asyncProperty(anyMessage, async (message) => {
        const before = modal.getState()
        const events = modal.timeTravel.log.snapshot().events.length
        const posted = hub.posted.length
        const read = readTabMessage(message)
        other.post(message)
        await time.advanceBy(0)
        const added = modal.timeTravel.log.snapshot().events.slice(events)
        if (read === null) {
          expect(modal.getState()).toBe(before)
          expect(added).toEqual([])
        } else {
          expect(added[0]!.type).toBe(tabsChanged.type)
          expect(tabChangesSchema.check(added[0]!.payload, 'payload')).toBeNull()
        }
        // Only the message itself: the tab never answers another tab's change.
        expect(hub.posted.length).toBe(posted + 1)
      }),
      fuzzParams('tabMessages.tab', 80),
    )
    modal.destroy()
  }, 120_000)
})
