import fc from 'fast-check'
import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../../../src/core/events/modal/banner'
import { remoteConfigLoaded } from '../../../src/core/events/modal/config'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../../../src/core/events/connection/connection'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { modalCloseRequested, modalLoadingChanged, modalOpenRequested, modalShakeEnded, modalShakeRequested } from '../../../src/core/events/modal/modal'
import { accountTypePreferred, themeModeChanged } from '../../../src/core/events/modal/preferences'
import { RESULT_FLOWS, resultAcknowledged, routerPushed, routerReplaced, routerReset, routerWentBack } from '../../../src/core/events/modal/router'
import { sendAmountSet, sendConfirmed, sendFailed, sendRequested, sendSubmitted, sendTokenSet } from '../../../src/core/events/connection/send'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { siwxSessionStored, siwxSessionsCleared } from '../../../src/core/events/siwx/siwx'
import { storageHydrated } from '../../../src/core/events/persistence/storage'
import { tabsChanged } from '../../../src/core/events/persistence/tabs'
import { NAMESPACES, VIEWS } from '../../../src/core/events/views'
import type { SessionSettings } from '../../../src/core/state'
import {
  swapAmountSet,
  swapApprovalRequired,
  swapApproveRequested,
  swapApproved,
  swapConfirmed,
  swapFailed,
  swapQuoteFetched,
  swapQuoteRequested,
  swapRequested,
  swapReset,
  swapReviewClosed,
  swapReviewOpened,
  swapSubmitted,
  swapWalletRequested,
  swapTokenSelected,
  swapTokensFetched,
  swapTokensRequested,
  swapTokensSwitched,
} from '../../../src/core/events/swaps/swap'
import {
  onrampAmountSet,
  onrampCurrencySelected,
  onrampDelivered,
  onrampOptionsFetched,
  onrampPurchaseCancelled,
  onrampPurchaseOpened,
  onrampPurchaseRequested,
  onrampQuotesFetched,
  onrampQuotesRequested,
  onrampReset,
} from '../../../src/core/events/onramp/onramp'
import {
  permissionExpired,
  permissionRevokeFailed,
  permissionRevokeRequested,
  permissionRevoked,
  permissionsGranted,
  permissionsListed,
  permissionsListFailed,
  permissionsRequestFailed,
  permissionsRequested,
  permissionsReviewApproved,
  permissionsReviewCancelled,
  permissionsWalletRefused,
} from '../../../src/core/events/permissions/permissions'
import { callsCapabilitiesFailed, callsCapabilitiesReceived, callsCapabilitiesRequested, callsSendFailed, callsSendRequested, callsSent, callsStatusReceived } from '../../../src/core/events/calls/calls'
import { localeChanged } from '../../../src/core/events/modal/preferences'

const view = fc.constantFrom(...VIEWS)
const namespace = fc.constantFrom(...NAMESPACES)
const connector = fc.constantFrom('injected', 'walletConnect', 'dev.gangway.wallet')
const address = fc.constantFrom('0xabc', '0xdef')
const requestId = fc.constantFrom('r1', 'r2').map((id) => ({ requestId: id }))
const swapToken = fc.constantFrom('eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'eip155:1:0x00000000000000000000000000000000000000aa')
const side = fc.constantFrom('from', 'to' as const)
const batchId = fc.constantFrom('0xb1', '0xb2', 'sequential-r1')
const anError = { name: 'E', shortMessage: 'Something went wrong' }
const context = fc.constantFrom('0xc1', '0xc2', '0xc3')
/** A grant a wallet answers with: one of three contexts, expiring (in seconds) around the log's times or never. */
const grant = fc.tuple(context, address, fc.constantFrom(null, 1, 2, 5)).map(([c, account, expiry]) => ({
  context: c,
  delegationManager: '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3',
  dependencies: [],
  chainId: 1,
  account,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  type: 'native-token-periodic' as const,
  tokenAddress: null,
  amount: '1000',
  period: 86_400,
  start: null,
  expiry,
  justification: null,
  isAdjustmentAllowed: false,
  symbol: 'ETH',
  decimals: 18,
}))
const permissionRequest = {
  chainId: '0x1',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  permission: { type: 'native-token-periodic' as const, isAdjustmentAllowed: false, data: { periodAmount: '0x3e8', periodDuration: 86_400 } },
}
const quoteKey = fc.constantFrom('10', '100').map((amount) => ({ amount, purchaseCurrency: 'USDC', paymentCurrency: 'USD', paymentMethod: 'card', network: 'eip155:1' }))
const aQuote = {
  purchaseAmount: { amount: '98.9', currency: 'USDC' },
  paymentSubtotal: { amount: '99', currency: 'USD' },
  paymentTotal: { amount: '100', currency: 'USD' },
  networkFee: { amount: '0.1', currency: 'USD' },
  quoteId: 'q',
}

/** Session-permission flows (ERC-7715): their events in any order, with two request ids and three grants. */
export const permissionsEventArb: fc.Arbitrary<EventInput> = fc.oneof(
  fc.tuple(fc.boolean(), requestId).map(([review, meta]) => permissionsRequested({ requests: [permissionRequest], tokens: [{ symbol: 'ETH', decimals: 18 }], review }, meta)),
  requestId.map((meta) => permissionsReviewApproved({}, meta)),
  requestId.map((meta) => permissionsReviewCancelled({}, meta)),
  fc.tuple(fc.array(grant, { minLength: 1, maxLength: 2 }), requestId).map(([grants, meta]) => permissionsGranted({ grants }, meta)),
  requestId.map((meta) => permissionsWalletRefused({ error: anError }, meta)),
  requestId.map((meta) => permissionsRequestFailed({ error: anError }, meta)),
  fc.tuple(context, requestId).map(([c, meta]) => permissionRevokeRequested({ context: c }, meta)),
  fc.tuple(context, requestId).map(([c, meta]) => permissionRevoked({ context: c }, meta)),
  fc.tuple(context, requestId).map(([c, meta]) => permissionRevokeFailed({ context: c, error: anError }, meta)),
  fc.tuple(address, fc.array(grant, { maxLength: 2 })).map(([account, grants]) => permissionsListed({ account, grants })),
  address.map((account) => permissionsListFailed({ account, error: anError })),
  context.map((c) => permissionExpired({ context: c })),
  fc.array(grant, { maxLength: 2 }).map((grants) => storageHydrated({ permissions: { grants: grants.map((g) => ({ ...g, grantedAt: 0, status: 'revoking' as const, revokedAt: null })) } })),
)

/** A send from its form to its outcome, and any flow's result acknowledged (Done, Back). */
export const resultEventArb: fc.Arbitrary<EventInput> = fc.oneof(
  fc.constant(sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } })),
  fc.constantFrom('0.01', '').map((amount) => sendAmountSet({ amount })),
  requestId.map((meta) => sendRequested({}, meta)),
  requestId.map((meta) => sendSubmitted({ hash: '0x3' }, meta)),
  requestId.map((meta) => sendConfirmed({ hash: '0x3', blockNumber: '9' }, meta)),
  requestId.map((meta) => sendFailed({ error: anError }, meta)),
  fc.tuple(fc.constantFrom(...RESULT_FLOWS), fc.constantFrom('Sent 0.01 ETH', 'Paid 1 USDC')).map(([flow, message]) => resultAcknowledged({ flow, message })),
)

/** Swap, on-ramp, batched-calls and session-permission flows: their events in any order, with two request ids. */
const featureEventArb: fc.Arbitrary<EventInput> = fc.oneof(
  resultEventArb,
  requestId.map((meta) => swapTokensRequested({ chainId: 'eip155:1' }, meta)),
  requestId.map((meta) =>
    swapTokensFetched(
      {
        chainId: 'eip155:1',
        tokens: [
          { address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: '', price: 3000 },
          { address: 'eip155:1:0x00000000000000000000000000000000000000aa', symbol: 'GUSD', name: 'Gangway USD', decimals: 6, logoUri: '', price: 1 },
        ],
      },
      meta,
    ),
  ),
  fc.tuple(side, swapToken).map(([s, address]) => swapTokenSelected({ side: s, address })),
  fc.constant(swapTokensSwitched({})),
  fc.tuple(side, fc.constantFrom('1', '0.5', '')).map(([s, amount]) => swapAmountSet(s === 'to' ? { side: s, amount, source: '0.1' } : { side: s, amount })),
  fc.tuple(swapToken, swapToken, requestId).map(([from, to, meta]) => swapQuoteRequested({ from, to, amount: '1000' }, meta)),
  fc.tuple(swapToken, swapToken, requestId).map(([from, to, meta]) => swapQuoteFetched({ from, to, amount: '1000', toAmount: '5', priceImpact: 0.1 }, meta)),
  fc.tuple(swapToken, swapToken).map(([from, to]) => swapReviewOpened({ from, to, amount: '1000' })),
  fc.constant(swapReviewClosed({})),
  requestId.map((meta) => swapRequested({}, meta)),
  requestId.map((meta) => swapWalletRequested({}, meta)),
  fc.tuple(swapToken, requestId).map(([token, meta]) => swapApprovalRequired({ token, allowance: '0' }, meta)),
  requestId.map((meta) => swapApproveRequested({}, meta)),
  requestId.map((meta) => swapApproved({ hash: '0x1' }, meta)),
  requestId.map((meta) => swapSubmitted({ hash: '0x2' }, meta)),
  requestId.map((meta) => swapConfirmed({ hash: '0x2', blockNumber: '7' }, meta)),
  requestId.map((meta) => swapFailed({ error: anError }, meta)),
  fc.constant(swapReset({})),
  fc.constant(onrampOptionsFetched({ paymentCurrencies: [{ id: 'USD', payment_method_limits: [] }], purchaseCurrencies: [{ id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] }], providers: [{ name: 'p', url: 'https://p.example/' }] })),
  fc.constantFrom('USD', 'EUR').map((id) => onrampCurrencySelected({ kind: 'payment', id })),
  fc.constantFrom('10', '100', '').map((amount) => onrampAmountSet({ amount })),
  fc.tuple(quoteKey, requestId).map(([key, meta]) => onrampQuotesRequested(key, meta)),
  fc.tuple(quoteKey, requestId).map(([key, meta]) => onrampQuotesFetched({ ...key, quotes: [{ provider: 'p', quote: aQuote, error: null }] }, meta)),
  requestId.map((meta) => onrampPurchaseRequested({ provider: 'p' }, meta)),
  requestId.map((meta) => onrampPurchaseOpened({ url: 'https://p.example/?a=1', startBalance: '0' }, meta)),
  requestId.map((meta) => onrampDelivered({ amount: '98.9', symbol: 'USDC' }, meta)),
  fc.constant(onrampPurchaseCancelled({})),
  fc.constant(onrampReset({})),
  fc.constantFrom('en', 'es', 'ar').map((locale) => localeChanged({ locale })),
  fc.tuple(fc.boolean(), requestId).map(([atomicRequired, meta]) => callsSendRequested({ calls: [{ to: '0x00000000000000000000000000000000000000aa', value: '0x1' }], atomicRequired }, meta)),
  fc.tuple(batchId, requestId).map(([id, meta]) => callsSent({ id, caipNetworkId: 'eip155:1', from: '0xabc', count: 1, atomicRequired: true }, meta)),
  requestId.map((meta) => callsSendFailed({ error: anError }, meta)),
  fc.tuple(batchId, fc.constantFrom(100, 200, 500, 600)).map(([id, status]) => callsStatusReceived({ id, status, atomic: true, receipts: status === 100 ? [] : [{ status: status === 200 ? 'success' : 'reverted', transactionHash: `0x${'a'.repeat(64)}`, blockNumber: '5' }] })),
  requestId.map((meta) => callsCapabilitiesRequested({}, meta)),
  requestId.map((meta) => callsCapabilitiesReceived({ address: '0xabc', capabilities: { '0x1': { atomic: { status: 'supported' } } } }, meta)),
  requestId.map((meta) => callsCapabilitiesFailed({ error: anError }, meta)),
  permissionsEventArb,
)

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
  fc
    .record(
      {
        preferences: fc.record({ themeMode: fc.constantFrom('light', 'dark' as const) }),
        network: fc.constantFrom('eip155:1', 'eip155:2', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp').map((lastUsed) => ({ lastUsed })),
        connections: fc.array(fc.record({ namespace, connectorId: connector, connected: fc.boolean() }), { minLength: 1, maxLength: 3 }),
        siwx: fc.dictionary(address.map((a) => `eip155:1:${a}`), fc.option(fc.constant({ message: 'signed in' }), { nil: null }), { minKeys: 1, maxKeys: 2 }),
      },
      { requiredKeys: [] },
    )
    .map((changes) => tabsChanged(changes)),
  featureEventArb,
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

/** A session of session-permission events (and the modal closing), times moving on by up to 2 s. */
export const permissionsLogArb: fc.Arbitrary<StampedEvent[]> = fc
  .array(fc.tuple(fc.oneof({ arbitrary: permissionsEventArb, weight: 8 }, { arbitrary: fc.constant(modalCloseRequested({})), weight: 1 }), fc.nat(2_000)), { maxLength: 80 })
  .map((items) => {
    let at = 1_000
    const events: StampedEvent[] = [{ ...sessionStarted({ projectId: 'p', adapters: ['eip155'] }), seq: 1, at }]
    items.forEach(([e, dt], i) => {
      at += dt
      events.push({ ...e, seq: i + 2, at })
    })
    return events
  })
