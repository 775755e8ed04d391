import fc from 'fast-check'
import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../../../src/core/events/banner'
import { remoteConfigLoaded } from '../../../src/core/events/config'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../../../src/core/events/connection'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalCloseRequested, modalLoadingChanged, modalOpenRequested, modalShakeEnded, modalShakeRequested } from '../../../src/core/events/modal'
import { accountTypePreferred, themeModeChanged } from '../../../src/core/events/preferences'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../../../src/core/events/router'
import { sessionStarted } from '../../../src/core/events/session'
import { siwxSessionStored, siwxSessionsCleared } from '../../../src/core/events/siwx'
import { storageHydrated } from '../../../src/core/events/storage'
import { NAMESPACES, VIEWS } from '../../../src/core/events/views'
import type { SessionSettings } from '../../../src/core/state'

const view = fc.constantFrom(...VIEWS)
const namespace = fc.constantFrom(...NAMESPACES)
const connector = fc.constantFrom('injected', 'walletConnect', 'dev.gangway.wallet')
const address = fc.constantFrom('0xabc', '0xdef')

export const settingsArb: fc.Arbitrary<SessionSettings> = fc.record({
  projectId: fc.constantFrom('p', ''),
  adapters: fc.subarray([...NAMESPACES]),
  isMobile: fc.boolean(),
  manualControl: fc.boolean(),
  embedded: fc.boolean(),
  siwx: fc.record({ required: fc.boolean() }),
  smartAccounts: fc.record({ enabled: fc.boolean() }),
})

/** Any event the core accepts, with plausible payloads. */
export const eventArb: fc.Arbitrary<EventInput> = fc.oneof(
  fc.record({ view: fc.option(view, { nil: undefined }), namespace: fc.option(namespace, { nil: undefined }) }).map((p) =>
    modalOpenRequested(Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined))),
  ),
  fc.constant(modalCloseRequested({})),
  fc.constant(modalShakeRequested({})),
  fc.constant(modalShakeEnded({})),
  fc.boolean().map((loading) => modalLoadingChanged({ loading })),
  view.map((v) => routerPushed({ view: v })),
  view.map((v) => routerReplaced({ view: v })),
  fc.constant(routerWentBack({})),
  view.map((v) => routerReset({ view: v })),
  fc.record({ variant: fc.constantFrom('success', 'error', 'loading', 'info' as const), message: fc.string() }).map((p) => bannerShowRequested(p)),
  fc.nat(40).map((seq) => bannerDelayElapsed({ seq })),
  fc.constant(bannerClosed({})),
  fc.constantFrom('light', 'dark' as const).map((mode) => themeModeChanged({ mode })),
  fc.constantFrom('eoa', 'smartAccount' as const).map((type) => accountTypePreferred({ type })),
  fc.record({ swaps: fc.boolean(), email: fc.boolean() }, { requiredKeys: [] }).map((features) => remoteConfigLoaded({ features })),
  fc.tuple(connector, namespace).map(([connectorId, ns]) => connectionRequested({ connectorId, namespace: ns })),
  fc.tuple(connector, namespace, fc.array(address, { maxLength: 2 })).map(([connectorId, ns, addrs]) =>
    connectionSucceeded({ connectorId, namespace: ns, accounts: addrs.map((a) => ({ address: a, type: 'eoa' })), caipNetworkId: `${ns}:1` }),
  ),
  fc.tuple(connector, namespace).map(([connectorId, ns]) => connectionFailed({ connectorId, namespace: ns, error: { name: 'E', shortMessage: 'Connection rejected', code: 4001 } })),
  fc.tuple(fc.option(connector, { nil: undefined }), namespace).map(([connectorId, ns]) => connectionDisconnected(connectorId ? { namespace: ns, connectorId } : { namespace: ns })),
  address.map((a) => siwxSessionStored({ caipAddress: `eip155:1:${a}`, session: { signature: '0x' } })),
  address.map((a) => siwxSessionsCleared({ caipAddress: `eip155:1:${a}` })),
  fc.constantFrom('light', 'dark' as const).map((themeMode) => storageHydrated({ preferences: { themeMode, preferredAccountType: {} } })),
)

/** A session: its start, then events with non-decreasing times. */
export const logArb: fc.Arbitrary<StampedEvent[]> = fc
  .tuple(settingsArb, fc.array(fc.tuple(eventArb, fc.nat(700)), { maxLength: 60 }))
  .map(([settings, items]) => {
    let at = 1_000
    const events: StampedEvent[] = [{ ...sessionStarted(settings), seq: 1, at }]
    items.forEach(([e, dt], i) => {
      at += dt
      events.push({ ...e, seq: i + 2, at })
    })
    return events
  })
