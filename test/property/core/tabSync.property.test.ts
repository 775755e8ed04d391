import fc from 'fast-check'
import { NEVER, of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { EventLog } from '../../../src/core/eventLog'
import { siwxSessionsCleared, siwxSessionStored } from '../../../src/core/events/siwx/siwx'
import { tabsChanged } from '../../../src/core/events/persistence/tabs'
import type { ChainAdapter, WalletSession } from '../../../src/core/ports'
import { selectActiveCaipNetworkId } from '../../../src/core/selectors'
import type { ModalState } from '../../../src/core/state'
import type { Modal } from '../../../src/createModal'
import { connectorOf } from '../../support/fakeChainAdapter'
import { createTabHub } from '../../support/tabHub'
import { modalReducer } from '../../support/modalReducer'
import { createTestModal } from '../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../../unit/connection/support'
import { fcParams } from '../fcSettings'

const ADDRESSES = [`eip155:1:${ACCOUNT_A}`, 'eip155:1:0x00000000000000000000000000000000000000B2']

/** An injected wallet seen from one tab: authorisations shared by the tabs (one extension), the chain per tab. */
function injectedWallet(authorised: Set<string>): ChainAdapter {
  let chain = 'eip155:1'
  const session = (): WalletSession => ({ accounts: [{ address: ACCOUNT_A, type: 'eoa' }], caipNetworkId: chain })
  return {
    namespace: 'eip155',
    connectors: () => of([connectorOf('a'), connectorOf('b')]),
    connect: async (id) => (authorised.add(id), session()),
    reconnect: async (id) => (authorised.has(id) ? session() : null),
    disconnect: async (id) => void authorised.delete(id),
    events: () => NEVER,
    switchNetwork: async (_id, network) => void (chain = network.caipNetworkId),
    signMessage: async () => '0x',
    sendTransfer: async () => '0x',
    getBalance: async () => '0',
    waitForReceipt: async () => ({ status: 'success', blockNumber: '1' }),
  }
}

type Action =
  | { kind: 'theme'; mode: 'light' | 'dark' }
  | { kind: 'accountType'; type: 'eoa' | 'smartAccount' }
  | { kind: 'signIn' | 'signOut'; address: string }
  | { kind: 'switch'; caipNetworkId: string }
  | { kind: 'connect'; connectorId: 'a' | 'b' }
  | { kind: 'disconnect' }

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom('light', 'dark' as const).map((mode) => ({ kind: 'theme' as const, mode })),
  fc.constantFrom('eoa', 'smartAccount' as const).map((type) => ({ kind: 'accountType' as const, type })),
  fc.tuple(fc.constantFrom('signIn', 'signOut' as const), fc.constantFrom(...ADDRESSES)).map(([kind, address]) => ({ kind, address })),
  fc.constantFrom('eip155:1', 'eip155:2').map((caipNetworkId) => ({ kind: 'switch' as const, caipNetworkId })),
  fc.constantFrom('a', 'b' as const).map((connectorId) => ({ kind: 'connect' as const, connectorId })),
  fc.constant({ kind: 'disconnect' as const }),
)

/** What two tabs may both change at once and still agree on: the later change wins in both. */
const settledAtOnce: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom('light', 'dark' as const).map((mode) => ({ kind: 'theme' as const, mode })),
  fc.constantFrom('eoa', 'smartAccount' as const).map((type) => ({ kind: 'accountType' as const, type })),
  fc.constantFrom('eip155:1', 'eip155:2').map((caipNetworkId) => ({ kind: 'switch' as const, caipNetworkId })),
)

/** A step: one tab's change, or a change in each tab at once (before either hears of the other). */
type Step = { tab: 0 | 1; action: Action } | { both: [Action, Action] }
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.tuple(fc.constantFrom(0 as const, 1 as const), action).map(([tab, a]) => ({ tab, action: a })), weight: 4 },
  { arbitrary: fc.tuple(settledAtOnce, settledAtOnce).map((both) => ({ both })), weight: 1 },
)

async function act(modal: Modal, a: Action): Promise<void> {
  switch (a.kind) {
    case 'theme':
      return modal.setThemeMode(a.mode)
    case 'accountType':
      return modal.setPreferredAccountType(a.type, 'eip155')
    case 'signIn':
      return modal.dispatch(siwxSessionStored({ caipAddress: a.address, session: { message: `signed in as ${a.address}` } }))
    case 'signOut':
      return modal.dispatch(siwxSessionsCleared({ caipAddress: a.address }))
    case 'switch':
      return modal.switchNetwork(a.caipNetworkId).catch(() => undefined)
    case 'connect':
      return void (await modal.connect(a.connectorId).catch(() => undefined))
    case 'disconnect':
      return modal.disconnect().catch(() => undefined)
  }
}

/** What two tabs must agree on. */
const agreed = (s: ModalState) => ({
  themeMode: s.preferences.themeMode,
  preferredAccountType: s.preferences.preferredAccountType,
  sessions: s.siwx.sessions,
  connected: (s.connection.byNamespace.eip155?.connections ?? []).map((c) => c.connectorId),
  network: selectActiveCaipNetworkId(s),
})

describe('two tabs taking in each other’s changes', () => {
  it('agree after each change (two made at once included), each log replays to its live state, and each change is posted once', async () => {
    const { reducer, initial } = await modalReducer()
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const kv = createMemoryKeyValue()
        const hub = createTabHub()
        const authorised = new Set<string>()
        const tabs = await Promise.all(
          [0, 1].map(() =>
            createTestModal({ adapters: [injectedWallet(authorised)], networks: NETWORKS, persistLog: false, smartAccounts: { enabled: true }, tabSync: hub.tab() }, kv),
          ),
        )
        const flush = async () => {
          for (let i = 0; i < 3; i++) for (const t of tabs) await t.time.advanceBy(0)
        }
        let changes = 0
        const received = (i: number) => tabs[i]!.modal.timeTravel.log.snapshot().events.filter((e) => e.type === tabsChanged.type).length
        for (const s of steps) {
          const before = hub.posted.length
          const heard = 'both' in s ? 0 : received(1 - s.tab)
          if ('both' in s) await Promise.all([act(tabs[0]!.modal, s.both[0]), act(tabs[1]!.modal, s.both[1])])
          else await act(tabs[s.tab]!.modal, s.action)
          await flush()
          // At most one message per change, by the tab that made it (none answers another's).
          expect(hub.posted.length - before).toBeLessThanOrEqual('both' in s ? 2 : 1)
          changes += hub.posted.length - before
          // One tab's change is taken in by the other as one tabs/changed (two at once: the later only).
          if (!('both' in s)) expect(received(1 - s.tab) - heard).toBe(hub.posted.length - before)
          expect(agreed(tabs[1]!.modal.getState())).toEqual(agreed(tabs[0]!.modal.getState()))
        }
        for (const t of tabs) {
          const replayed = new EventLog(reducer, initial)
          replayed.load(JSON.parse(JSON.stringify(t.modal.timeTravel.exportLog())))
          expect(replayed.presentState).toEqual(t.modal.getState())
        }
        expect(received(0) + received(1)).toBeLessThanOrEqual(changes)
        for (const t of tabs) t.modal.destroy()
      }),
      fcParams({ numRuns: 6 }),
    )
  }, 120_000)
})
