import type { StampedEvent } from '../events/defineEvent.js'
import type { connectionSucceeded } from '../events/connection/connection.js'
import type { connectionSwitched } from '../events/connection/connectionLifecycle.js'
import type { networkChanged } from '../events/connection/network.js'
import type { EventOf } from '../events/defineEvent.js'
import { selectIsUnsupportedChain } from '../selectors.js'
import type { ModalState } from '../state.js'
import { isIgnoredConnectionEvent } from './connection/isIgnoredConnectionEvent.js'
import { isCurrentRequest, namesRequest } from '../events/requestLifecycle.js'
import type { ViewName } from '../events/views.js'

// The decisions several slices take on the same event (the modal closes, the router resets,
// the pairing is dropped) are made once, here, from the state before the event, so each slice
// writes only its own part and all of them agree.

type ConnectSucceeded = StampedEvent & EventOf<typeof connectionSucceeded>
type Switched = StampedEvent & EventOf<typeof connectionSwitched>
type NetworkChanged = StampedEvent & EventOf<typeof networkChanged>

/** The connect attempt this outcome settles, if it is the current one. */
export function settledAttempt(prev: ModalState, event: ConnectSucceeded) {
  const attempt = prev.wallets.attempt
  const { connectorId } = event.payload
  return attempt && attempt.connectorId === connectorId && isCurrentRequest(attempt.requestId, event, { unnamed: 'applies' })
    ? attempt
    : null
}

/**
 * The views a connect started from returns to once it succeeds, instead of closing the modal:
 * ProfileWallets (adding a wallet) and Pay (connecting to pay).
 */
const RETURN_VIEWS: ReadonlySet<ViewName> = new Set(['ProfileWallets', 'Pay'])

/** Where a connect started over this view stack returns to: the nearest such view below it (null: the modal closes). */
export function returnViewOf(history: readonly ViewName[]): ViewName | null {
  return history.findLast((v) => RETURN_VIEWS.has(v)) ?? null
}

/** A successful connect the visitor was waiting on: back to the view it started from (ProfileWallets, Pay), if any. */
export function returnsToView(prev: ModalState, event: ConnectSucceeded): ViewName | null {
  if (isIgnoredConnectionEvent(prev, event) || event.payload.accounts.length === 0 || !prev.modal.open) return null
  const view = settledAttempt(prev, event)?.returnView ?? null
  return view !== null && prev.router.history.includes(view) ? view : null
}

/** A successful connect the visitor was waiting on closes the modal (unless it returns to the view it started from). */
export function closesAfterConnect(prev: ModalState, event: ConnectSucceeded): boolean {
  if (isIgnoredConnectionEvent(prev, event) || event.payload.accounts.length === 0 || !prev.modal.open) return false
  return !!settledAttempt(prev, event) && returnsToView(prev, event) === null
}

/**
 * The reconnect on load succeeded while the visitor had opened the modal on Connect without
 * going further: the account is theirs again, so the modal shows it instead of asking them to
 * connect a wallet they are already connected with.
 */
export function showsAccountAfterReconnect(prev: ModalState, event: ConnectSucceeded): boolean {
  if (!prev.modal.open || event.payload.accounts.length === 0 || prev.wallets.attempt?.status === 'connecting') return false
  if (prev.router.view !== 'Connect' || prev.router.history.length !== 1) return false
  const run = prev.wallets.reconnect[event.payload.namespace]
  return run !== undefined && namesRequest(event) && isCurrentRequest(run, event)
}

/** The switch of the active connection (ProfileWallets) that this outcome settles, applied. */
export function appliesConnectionSwitch(prev: ModalState, event: Switched): boolean {
  if (!isCurrentRequest(prev.wallets.switching?.requestId, event, { unnamed: 'applies' })) return false
  const { namespace, connectorId, accounts } = event.payload
  const ns = prev.connection.byNamespace[namespace]
  return accounts.length > 0 && !!ns?.connections.some((c) => c.connectorId === connectorId)
}

/** The wallet's own chain change concerns a connection the modal has. */
export function appliesNetworkChange(prev: ModalState, event: NetworkChanged): boolean {
  const { namespace, connectorId } = event.payload
  const ns = prev.connection.byNamespace[namespace]
  if (!ns) return false
  const id = connectorId ?? ns.activeConnectorId
  return ns.connections.some((c) => c.connectorId === id)
}

/**
 * Connected on a network the host does not list: the modal opens on UnsupportedChain, unless
 * the host allows unsupported networks or has switching turned off (spec §4).
 */
export function showsUnsupportedChain(state: ModalState): boolean {
  const s = state.settings
  if (s.allowUnsupportedChain || s.enableNetworkSwitch === false) return false
  return selectIsUnsupportedChain(state)
}

/** The wallet came back to a supported network by itself: the warning has done its job. */
export function closesAfterNetworkChange(prev: ModalState, state: ModalState): boolean {
  return prev.router.view === 'UnsupportedChain' && prev.modal.open && !selectIsUnsupportedChain(state)
}

/**
 * After a successful switch the visitor asked for: back to the view before the network list
 * when there is one, or to the payment it was asked for, else the modal closes (spec §4:
 * success may close the modal).
 */
export function closesAfterSwitch(prev: ModalState, event: StampedEvent): boolean {
  return prev.modal.open && namesRequest(event) && prev.router.history.indexOf('Networks') < 1 && !prev.router.history.includes('Pay')
}

/** The network switch this outcome settles is the current one (an outcome without a requestId always is). */
export function isCurrentNetworkSwitch(prev: ModalState, requestId: string | undefined): boolean {
  return isCurrentRequest(prev.network.switch?.requestId, requestId, { unnamed: 'applies' })
}
