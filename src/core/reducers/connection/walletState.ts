import type { Connector } from '../../domain/entities.js'
import type { SerializedError } from '../../errors/base.js'
import type { SendToken } from '../../events/connection/send.js'
import type { Namespace, ViewName } from '../../events/views.js'

/**
 * A wallet used lately, shown with a recent badge (at most 2, newest first). `listingId` is the
 * wallet directory's id of the wallet picked for a WalletConnect connection, so AllWallets can
 * show it under Recent; `auth` how the embedded wallet was logged in (`email`, a social provider
 * or `farcaster`), so a switch to it reopens that login.
 */
export type RecentWallet = { id: string; name: string; namespace: Namespace; imageUrl?: string; rdns?: string; listingId?: string; auth?: string }

/** The connect attempt the visitor is waiting on (or the last one, when it failed). */
export type ConnectAttempt = {
  requestId: string | null
  connectorId: string
  namespace: Namespace
  status: 'connecting' | 'failed'
  /** When the attempt started (event time); a retry is allowed 1 s later. */
  startedAt: number
  error: SerializedError | null
  /** Where a successful connect leads (ProfileWallets when adding a wallet); else the modal closes. */
  returnView: ViewName | null
}

/** What survives a reload: the recent wallets and, per namespace, the connectors to reconnect (most recent first). */
export type WalletMemory = {
  recent: RecentWallet[]
  connected: Partial<Record<Namespace, string[]>>
}

export type WalletsState = {
  /** Connectors the adapters found in this browser, all namespaces. */
  connectors: Connector[]
  attempt: ConnectAttempt | null
  /** The reconnect run (its requestId) per namespace while reconnecting on load. */
  reconnect: Partial<Record<Namespace, string>>
  memory: WalletMemory
  /** The last disconnect that failed, shown by the views that offer disconnecting. */
  disconnectError: SerializedError | null
  /** A ProfileWallets switch in progress or failed. */
  switching: { requestId: string | null; connectorId: string; status: 'switching' | 'failed'; error: SerializedError | null } | null
}

export type NetworkSwitch = {
  requestId: string | null
  namespace: Namespace
  caipNetworkId: string
  status: 'switching' | 'failed'
  error: SerializedError | null
}

export type NetworkState = {
  /** The network chosen per namespace when no wallet says otherwise (the first of the host's list by default). */
  selected: Partial<Record<Namespace, string>>
  switch: NetworkSwitch | null
  /**
   * The network last in use, any namespace (CAIP-2; spec §9's stored "last used chain"): the one
   * a connect, a switch or the wallet itself landed on. Kept across reloads, where it becomes the
   * chosen network of its namespace again (and the active namespace, while none is connected).
   */
  lastUsed: string | null
  /** Per namespace, the networks the last connect asked the wallet for (CAIP-2; spec §3 requested network ids). */
  requested: Partial<Record<Namespace, string[]>>
  /** Per namespace, the networks the wallet approved, when it says (a WalletConnect session's chains); absent: it did not say. */
  approved: Partial<Record<Namespace, string[]>>
  /** Per namespace, false when the wallet takes only the networks it approved (it cannot add a chain); true when absent. */
  supportsAllNetworks: Partial<Record<Namespace, boolean>>
  /** The EVM chain ids where the embedded wallet gives a smart account, as its service told (spec §3). */
  smartAccountEnabledNetworks: number[]
}

export type BalanceEntry = { balance: string | null; symbol: string; timestamp: number }

export type SendState = {
  token: SendToken | null
  amount: string | null
  receiver: string | null
  status: 'idle' | 'sending' | 'pending' | 'confirmed' | 'failed'
  requestId: string | null
  hash: string | null
  blockNumber: string | null
  error: SerializedError | null
  /** The network fee of what the form holds, once the review asked for it; any edit clears it. */
  fee: SendFee | null
  /** The receiver typed as a name, and what the name API said; null while the receiver is not a name. */
  receiverName: ReceiverName | null
  /** Whether the wallet-request notice over the page follows this send (the visitor's own, or a host that asked). */
  feedback: boolean
}

/** A receiver name being resolved, resolved to an address, or not resolved. */
export type ReceiverName =
  | { name: string; status: 'resolving'; requestId: string | null }
  | { name: string; status: 'resolved'; requestId: string | null; address: string }
  | { name: string; status: 'failed'; requestId: string | null; error: SerializedError }

/** A send's fee estimate: in whole units of the network's native token. */
export type SendFee =
  | { status: 'estimating'; requestId: string | null }
  | { status: 'ready'; requestId: string | null; amount: string; symbol: string }
  | { status: 'failed'; requestId: string | null; error: SerializedError }

export type SignatureState = {
  requestId: string | null
  status: 'signing' | 'signed' | 'failed'
  signature: string | null
  error: SerializedError | null
  /** Whether the wallet-request notice over the page follows this signature (a host that asked for feedback). */
  feedback: boolean
}

export type AccountState = {
  /** Native balances by CAIP-10 address, with when they were fetched (cache of 30 s). */
  balances: Record<string, BalanceEntry>
  send: SendState
  signature: SignatureState | null
}

export const EMPTY_SEND: SendState = {
  token: null,
  amount: null,
  receiver: null,
  status: 'idle',
  requestId: null,
  hash: null,
  blockNumber: null,
  error: null,
  fee: null,
  receiverName: null,
  feedback: false,
}

export function initialWalletsState(): WalletsState {
  return { connectors: [], attempt: null, reconnect: {}, memory: { recent: [], connected: {} }, disconnectError: null, switching: null }
}

export function initialNetworkState(): NetworkState {
  return { selected: {}, switch: null, lastUsed: null, requested: {}, approved: {}, supportsAllNetworks: {}, smartAccountEnabledNetworks: [] }
}

export function initialAccountState(): AccountState {
  return { balances: {}, send: { ...EMPTY_SEND }, signature: null }
}
