// The dev wallet's logic, DOM-free: a WalletKit client (the official wallet-side SDK) plus the
// pending proposals and requests the visitor approves or rejects. The page (app.ts) renders its
// state; Node tests drive it directly.

import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import { privateKeyToAccount } from 'viem/accounts'
import type { KeyPairSigner } from '@solana/kit'
import type { StackAccount, StackBitcoin, StackChain, StackConfig, StackSolana } from './stackConfig'
import { describeSolanaRequest, executeSolanaRequest, SOLANA_WALLET_METHODS, solanaWalletSigner } from './walletSolana'
import {
  accountAddresses,
  BITCOIN_NO_APPROVAL_METHODS,
  BITCOIN_WALLET_EVENTS,
  BITCOIN_WALLET_METHODS,
  bitcoinWalletKeys,
  describeBitcoinRequest,
  executeBitcoinRequest,
  type WalletBitcoinKeys,
} from './walletBitcoin'
import type { BatchRecord } from './batchedCalls'
import {
  describeRequest,
  executeRequest,
  NO_APPROVAL_METHODS,
  userRejectedError,
  WALLET_EVENTS,
  WALLET_METHODS,
  WalletRpcError,
} from './walletRequests'

type CoreOptions = NonNullable<ConstructorParameters<typeof Core>[0]>
type Kit = InstanceType<typeof WalletKit>
type SessionProposalEvent = WalletKitTypes.SessionProposal
type SessionRequestEvent = WalletKitTypes.SessionRequest
type SessionAuthenticateEvent = WalletKitTypes.SessionAuthenticate
type ProposalParams = SessionProposalEvent['params']
type AuthPayload = SessionAuthenticateEvent['params']['authPayload']
type Cacao = ReturnType<typeof buildAuthObject>

/** A sign-in (CAIP-122 / SIWE) request, as shown before signing. */
export interface AuthView {
  domain: string
  statement: string | undefined
  /** CAIP-2 chain ids it names. */
  chains: string[]
}

export interface PendingProposal {
  id: number
  dappName: string
  dappUrl: string
  dappIcon: string | undefined
  /** CAIP-2 chain ids the dApp asked for (required and optional). */
  chains: string[]
  methods: string[]
  events: string[]
  /** Sign-in requests carried by the proposal (connect({ authentication })); signed on approval. */
  authentication: AuthView[]
  receivedAt: number
  params: ProposalParams
}

/** A one-click auth request (the dApp called authenticate(): `session_authenticate`). */
export interface PendingAuth extends AuthView {
  id: number
  dappName: string
  dappUrl: string
  /** The message that will be signed for the first chain. */
  message: string
  receivedAt: number
  payload: AuthPayload
}

export interface PendingRequest {
  id: number
  topic: string
  method: string
  /** CAIP-2. */
  chainId: string
  params: unknown
  summary: string
  dappName: string
  receivedAt: number
}

export interface SessionView {
  topic: string
  dappName: string
  dappUrl: string
  chains: string[]
  accounts: string[]
  methods: string[]
  /** The chain the wallet last told the dApp about (chainChanged), else the first one. */
  currentChain: string
  expiry: number
}

export type LogKind = 'info' | 'pair' | 'proposal' | 'approved' | 'rejected' | 'request' | 'result' | 'error' | 'session'

export interface LogEntry {
  at: number
  kind: LogKind
  text: string
}

export type WalletStatus =
  | 'ready'
  | 'pairing'
  | 'paired'
  | 'proposal'
  | 'approving'
  | 'connected'
  | 'rejected'
  | 'request'
  | 'signed'
  | 'sent'
  | 'disconnected'
  | 'error'

export interface WalletState {
  status: WalletStatus
  statusText: string
  address: `0x${string}`
  /** The Solana account (base58), when the stack has a Solana validator. */
  solanaAddress: string | undefined
  /** The Bitcoin payment address (`bcrt1q…`), when the stack has a Bitcoin node. */
  bitcoinAddress: string | undefined
  autoApprove: boolean
  proposals: PendingProposal[]
  auths: PendingAuth[]
  requests: PendingRequest[]
  sessions: SessionView[]
  log: LogEntry[]
  /** Result of the last approved request (signature, tx hash, null). */
  lastResult: unknown
  /** ms from a proposal arriving to its approval being published, last approval. */
  lastApprovalMs: number | undefined
}

export interface WalletOptions {
  config: StackConfig
  /** Which of config.accounts signs (default 0). */
  accountIndex?: number
  /**
   * Which of the local validator's dev accounts (dev/solana/devAccounts.ts) signs Solana
   * requests (default 1: not the dev Solana browser wallet's #0); used when config.solana is set.
   */
  solanaAccountIndex?: number
  /** Which dev Bitcoin account (dev/bitcoin/devAccounts.ts) answers bip122 requests (default 0); used when config.bitcoin is set. */
  bitcoinAccountIndex?: number
  /** IKeyValueStorage; the SDK's default (IndexedDB in browsers, a file in Node) when absent. */
  storage?: CoreOptions['storage']
  /** Keeps this client's keys apart from any other WalletConnect client in the same storage. */
  customStoragePrefix?: string
  metadata?: WalletKitTypes.Metadata
  autoApprove?: boolean
  /**
   * Answer `session_authenticate` (one-click auth) itself (default true). When false the SDK
   * falls back to an ordinary session proposal, as with a wallet that lacks it.
   */
  oneClickAuth?: boolean
  /** pino level for the SDK's logger (default 'error'). */
  logLevel?: string
  /** The clock for log timestamps and timings (default Date.now). */
  now?: () => number
}

const LOG_LIMIT = 200

export const DEFAULT_WALLET_METADATA: WalletKitTypes.Metadata = {
  name: 'Gangway Dev Wallet',
  description: 'A local wallet on the WalletConnect wallet SDK, for Gangway development and tests',
  url: 'http://127.0.0.1',
  icons: [],
}

function proposalChains(p: ProposalParams): { chains: string[]; methods: string[]; events: string[] } {
  const chains = new Set<string>()
  const methods = new Set<string>()
  const events = new Set<string>()
  for (const group of [p.requiredNamespaces ?? {}, p.optionalNamespaces ?? {}]) {
    for (const [key, ns] of Object.entries(group)) {
      if (key.includes(':')) chains.add(key)
      for (const c of ns.chains ?? []) chains.add(c)
      for (const m of ns.methods ?? []) methods.add(m)
      for (const e of ns.events ?? []) events.add(e)
    }
  }
  return { chains: [...chains], methods: [...methods], events: [...events] }
}

/**
 * The session namespaces the wallet approves: the eip155 chains of the local config that the
 * proposal asked for (all of them if it named none), the wallet's methods and events, and the
 * signing account on each chain.
 *
 * @example
 * const namespaces = buildWalletNamespaces(proposal.params, config.chains, config.accounts[0])
 */
export function buildWalletNamespaces(
  params: ProposalParams,
  chains: StackChain[],
  account: StackAccount,
  solana?: { network: StackSolana; address: string },
  bitcoin?: { network: StackBitcoin; keys: WalletBitcoinKeys },
) {
  const caip = chains.map((c) => `eip155:${c.chainId}`)
  const asks = (ns: string) => [params.requiredNamespaces ?? {}, params.optionalNamespaces ?? {}].some((group) => Object.keys(group).some((k) => k === ns || k.startsWith(`${ns}:`)))
  const asked = asks('solana')
  return buildApprovedNamespaces({
    proposal: params,
    supportedNamespaces: {
      eip155: {
        chains: caip,
        methods: [...WALLET_METHODS],
        events: [...WALLET_EVENTS],
        accounts: caip.map((c) => `${c}:${account.address}`),
      },
      // The validator's chain, offered only to a dApp that asks for Solana.
      ...(solana && asked
        ? {
            solana: {
              chains: [solana.network.caipNetworkId],
              methods: [...SOLANA_WALLET_METHODS],
              events: [],
              accounts: [`${solana.network.caipNetworkId}:${solana.address}`],
            },
          }
        : {}),
      // The regtest node's chain, offered only to a dApp that asks for Bitcoin: the payment
      // address (the account's identifier) first, then the ordinals one.
      ...(bitcoin && asks('bip122')
        ? {
            bip122: {
              chains: [bitcoin.network.caipNetworkId],
              methods: [...BITCOIN_WALLET_METHODS],
              events: [...BITCOIN_WALLET_EVENTS],
              accounts: [bitcoin.keys.payment, bitcoin.keys.ordinals].map((k) => `${bitcoin.network.caipNetworkId}:${k.address}`),
            },
          }
        : {}),
    },
  })
}

export class WalletController {
  private listeners = new Set<(s: WalletState) => void>()
  private currentChains = new Map<string, string>()
  /** The EIP-5792 batches this wallet sent (id → record), for wallet_getCallsStatus. */
  private readonly batches = new Map<string, BatchRecord>()
  private _state: WalletState
  private readonly now: () => number

  private constructor(
    readonly kit: Kit,
    readonly config: StackConfig,
    readonly account: StackAccount,
    autoApprove: boolean,
    now: () => number,
    readonly solanaSigner: KeyPairSigner | undefined,
    readonly bitcoinKeys: WalletBitcoinKeys | undefined,
  ) {
    this.now = now
    this._state = {
      status: 'ready',
      statusText: 'Ready: paste a wc: URI',
      address: account.address,
      solanaAddress: solanaSigner?.address,
      bitcoinAddress: bitcoinKeys?.payment.address,
      autoApprove,
      proposals: [],
      auths: [],
      requests: [],
      sessions: [],
      log: [],
      lastResult: undefined,
      lastApprovalMs: undefined,
    }
  }

  /**
   * Starts the WalletKit client on the configured relay.
   *
   * @example
   * const wallet = await WalletController.create({ config, storage: new MemoryStorage(), autoApprove: true })
   * await wallet.pair(uri)
   */
  static async create(options: WalletOptions): Promise<WalletController> {
    const { config } = options
    const account = config.accounts[options.accountIndex ?? 0]
    if (!account) throw new Error(`No account #${options.accountIndex ?? 0} in the configuration`)
    const core = new Core({
      projectId: config.projectId,
      relayUrl: config.relayUrl,
      customStoragePrefix: options.customStoragePrefix ?? 'gangway-wallet',
      logger: options.logLevel ?? 'error',
      ...(options.storage ? { storage: options.storage } : {}),
    })
    const kit = await WalletKit.init({ core, metadata: options.metadata ?? DEFAULT_WALLET_METADATA })
    const solanaSigner = config.solana ? await solanaWalletSigner(options.solanaAccountIndex) : undefined
    const bitcoinKeys = config.bitcoin ? bitcoinWalletKeys(options.bitcoinAccountIndex) : undefined
    const wallet = new WalletController(kit, config, account, options.autoApprove ?? false, options.now ?? Date.now, solanaSigner, bitcoinKeys)
    wallet.attach(options.oneClickAuth ?? true)
    wallet.refreshSessions()
    if (wallet._state.sessions.length > 0) {
      wallet.setStatus('connected', `${wallet._state.sessions.length} session(s) restored`)
    }
    return wallet
  }

  get state(): WalletState {
    return this._state
  }

  /** Calls `listener` on every state change; returns the unsubscribe function. */
  subscribe(listener: (s: WalletState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  setAutoApprove(on: boolean): void {
    this.update({ autoApprove: on })
  }

  private update(patch: Partial<WalletState>): void {
    this._state = { ...this._state, ...patch }
    for (const l of this.listeners) {
      try {
        l(this._state)
      } catch {
        // a broken listener must not break the wallet
      }
    }
  }

  private log(kind: LogKind, text: string): void {
    const log = [...this._state.log, { at: this.now(), kind, text }]
    this.update({ log: log.length > LOG_LIMIT ? log.slice(-LOG_LIMIT) : log })
  }

  private setStatus(status: WalletStatus, statusText: string): void {
    this.update({ status, statusText })
  }

  private fail(context: string, e: unknown): void {
    const msg = e instanceof Error ? e.message : String(e)
    this.setStatus('error', `${context}: ${msg}`)
    this.log('error', `${context}: ${msg}`)
  }

  private refreshSessions(): void {
    const sessions = Object.values(this.kit.getActiveSessions()).map((s): SessionView => {
      const ns = s.namespaces.eip155
      const others = [s.namespaces.solana, s.namespaces.bip122]
      const chains = ns?.chains ?? [...new Set((ns?.accounts ?? []).map((a) => a.split(':').slice(0, 2).join(':')))]
      return {
        topic: s.topic,
        dappName: s.peer.metadata.name,
        dappUrl: s.peer.metadata.url,
        chains: [...chains, ...others.flatMap((o) => o?.chains ?? [])],
        accounts: [...(ns?.accounts ?? []), ...others.flatMap((o) => o?.accounts ?? [])],
        methods: [...(ns?.methods ?? []), ...others.flatMap((o) => o?.methods ?? [])],
        currentChain: this.currentChains.get(s.topic) ?? chains[0] ?? '',
        expiry: s.expiry,
      }
    })
    this.update({ sessions })
  }

  private attach(oneClickAuth: boolean): void {
    this.kit.on('session_proposal', (ev) => this.onProposal(ev))
    if (oneClickAuth) this.kit.on('session_authenticate', (ev) => this.onAuthenticate(ev))
    this.kit.on('session_request', (ev) => this.onRequest(ev))
    this.kit.on('session_delete', ({ topic }) => {
      this.currentChains.delete(topic)
      this.refreshSessions()
      this.update({ requests: this._state.requests.filter((r) => r.topic !== topic) })
      this.log('session', `Session ${topic.slice(0, 8)} deleted by the dApp`)
      this.setStatus('disconnected', 'The dApp disconnected')
    })
    this.kit.on('proposal_expire', ({ id }) => {
      this.update({ proposals: this._state.proposals.filter((p) => p.id !== id) })
      this.log('info', `Proposal ${id} expired`)
    })
    this.kit.on('session_request_expire', ({ id }) => {
      this.update({ requests: this._state.requests.filter((r) => r.id !== id) })
      this.log('info', `Request ${id} expired`)
    })
  }

  // ---- pairing and proposals ------------------------------------------------------------------

  /** Pairs with a `wc:` URI (from the input, a deep link or a QR). */
  async pair(uri: string): Promise<void> {
    const trimmed = uri.trim()
    if (!trimmed.startsWith('wc:')) {
      this.fail('Pair', new Error('Not a WalletConnect URI (expected wc:…)'))
      return
    }
    this.setStatus('pairing', 'Pairing…')
    this.log('pair', `Pairing ${trimmed.slice(0, 24)}…`)
    try {
      await this.kit.pair({ uri: trimmed })
      if (this._state.status === 'pairing') this.setStatus('paired', 'Paired; waiting for the session proposal')
    } catch (e) {
      this.fail('Pair', e)
    }
  }

  private onProposal(ev: SessionProposalEvent): void {
    const meta = ev.params.proposer.metadata
    const { chains, methods, events } = proposalChains(ev.params)
    const p: PendingProposal = {
      id: ev.id,
      dappName: meta.name,
      dappUrl: meta.url,
      dappIcon: meta.icons?.[0],
      chains,
      methods,
      events,
      authentication: (ev.params.requests?.authentication ?? []).map((a) => ({
        domain: a.domain,
        statement: a.statement,
        chains: a.chains,
      })),
      receivedAt: this.now(),
      params: ev.params,
    }
    this.update({ proposals: [...this._state.proposals.filter((x) => x.id !== p.id), p] })
    this.log('proposal', `${meta.name} asks for ${chains.join(', ') || 'no chains'}`)
    this.setStatus('proposal', `Session proposal from ${meta.name}`)
    if (this._state.autoApprove) void this.approveProposal(p.id)
  }

  async approveProposal(id: number): Promise<void> {
    const p = this._state.proposals.find((x) => x.id === id)
    if (!p) return
    this.update({ proposals: this._state.proposals.filter((x) => x.id !== id) })
    this.setStatus('approving', `Approving ${p.dappName}…`)
    let namespaces: ReturnType<typeof buildWalletNamespaces>
    const authentication: Cacao[] = []
    try {
      namespaces = buildWalletNamespaces(
        p.params,
        this.config.chains,
        this.account,
        this.config.solana && this.solanaSigner ? { network: this.config.solana, address: this.solanaSigner.address } : undefined,
        this.config.bitcoin && this.bitcoinKeys ? { network: this.config.bitcoin, keys: this.bitcoinKeys } : undefined,
      )
      if (!namespaces.eip155?.accounts.length) {
        const offered = this.config.chains.map((c) => `eip155:${c.chainId}`).join(', ')
        throw new Error(`none of the requested chains (${p.chains.join(', ') || 'none'}) is one of this wallet's (${offered})`)
      }
      // Sign-in requests inside the proposal are answered with the approval.
      for (const request of p.params.requests?.authentication ?? []) {
        authentication.push(...(await this.signAuth(request as AuthPayload)))
      }
    } catch (e) {
      // The dApp asked for nothing this wallet has (or requires what it lacks): tell it so.
      this.fail('Approve', e)
      await this.kit.rejectSession({ id, reason: getSdkError('UNSUPPORTED_CHAINS') }).catch(() => {})
      return
    }
    try {
      // Bitcoin's addresses with their public keys and paths ride along (Reown's Bitcoin reference),
      // so the dApp needs no getAccountAddresses round trip after connecting.
      const sessionProperties = namespaces.bip122 && this.bitcoinKeys ? { bip122_getAccountAddresses: JSON.stringify(accountAddresses(this.bitcoinKeys)) } : undefined
      const session = await this.kit.approveSession({
        id,
        namespaces,
        ...(sessionProperties ? { sessionProperties } : {}),
        ...(authentication.length > 0 ? { proposalRequestsResponses: { authentication } } : {}),
      })
      const ms = this.now() - p.receivedAt
      this.refreshSessions()
      this.log('approved', `Session with ${p.dappName} approved (${session.topic.slice(0, 8)})`)
      this.update({ lastApprovalMs: ms })
      this.setStatus('connected', `Connected to ${p.dappName}`)
    } catch (e) {
      this.fail('Approve', e)
    }
  }

  async rejectProposal(id: number): Promise<void> {
    const p = this._state.proposals.find((x) => x.id === id)
    if (!p) return
    this.update({ proposals: this._state.proposals.filter((x) => x.id !== id) })
    try {
      await this.kit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
      this.log('rejected', `Proposal from ${p.dappName} rejected`)
      this.setStatus('rejected', `Rejected ${p.dappName}`)
    } catch (e) {
      this.fail('Reject', e)
    }
  }

  // ---- sign-in (CAIP-122) ------------------------------------------------------------------------

  /**
   * Signs a CAIP-122 (SIWE) request on each of its chains this wallet has, with the ReCap of the
   * wallet's methods: one CACAO per chain.
   */
  private async signAuth(request: AuthPayload): Promise<Cacao[]> {
    const ours = this.config.chains.map((c) => `eip155:${c.chainId}`)
    const payload = populateAuthPayload({ authPayload: request, chains: ours, methods: [...WALLET_METHODS] })
    const signer = privateKeyToAccount(this.account.privateKey)
    const cacaos: Cacao[] = []
    for (const chain of payload.chains.filter((c) => ours.includes(c))) {
      const iss = `did:pkh:${chain}:${this.account.address}`
      const message = this.kit.formatAuthMessage({ request: payload, iss })
      const signature = await signer.signMessage({ message })
      cacaos.push(buildAuthObject(payload, { t: 'eip191', s: signature }, iss))
    }
    if (cacaos.length === 0) throw new Error('none of the sign-in chains is one of this wallet\'s')
    return cacaos
  }

  private onAuthenticate(ev: SessionAuthenticateEvent): void {
    const { requester, authPayload } = ev.params
    const firstChain = authPayload.chains.find((c) => this.config.chains.some((x) => `eip155:${x.chainId}` === c))
    let message = ''
    try {
      message = firstChain ? this.kit.formatAuthMessage({ request: authPayload, iss: `did:pkh:${firstChain}:${this.account.address}` }) : ''
    } catch {
      // shown without a preview
    }
    const a: PendingAuth = {
      id: ev.id,
      dappName: requester.metadata.name,
      dappUrl: requester.metadata.url,
      domain: authPayload.domain,
      statement: authPayload.statement,
      chains: authPayload.chains,
      message,
      receivedAt: this.now(),
      payload: authPayload,
    }
    this.update({ auths: [...this._state.auths.filter((x) => x.id !== a.id), a] })
    this.log('proposal', `${a.dappName} asks to sign in on ${a.chains.join(', ')}`)
    this.setStatus('proposal', `Sign-in request from ${a.dappName}`)
    if (this._state.autoApprove) void this.approveAuth(a.id)
  }

  async approveAuth(id: number): Promise<void> {
    const a = this._state.auths.find((x) => x.id === id)
    if (!a) return
    this.update({ auths: this._state.auths.filter((x) => x.id !== id) })
    this.setStatus('approving', `Signing in to ${a.dappName}…`)
    let auths: Cacao[]
    try {
      auths = await this.signAuth(a.payload)
    } catch (e) {
      this.fail('Sign-in', e)
      await this.kit.rejectSessionAuthenticate({ id, reason: getSdkError('UNSUPPORTED_CHAINS') }).catch(() => {})
      return
    }
    try {
      const { session } = await this.kit.approveSessionAuthenticate({ id, auths })
      this.refreshSessions()
      this.update({ lastApprovalMs: this.now() - a.receivedAt })
      this.log('approved', `Signed in to ${a.dappName}${session ? ` (${session.topic.slice(0, 8)})` : ''}`)
      this.setStatus('connected', `Connected to ${a.dappName}`)
    } catch (e) {
      this.fail('Sign-in', e)
    }
  }

  async rejectAuth(id: number): Promise<void> {
    const a = this._state.auths.find((x) => x.id === id)
    if (!a) return
    this.update({ auths: this._state.auths.filter((x) => x.id !== id) })
    try {
      await this.kit.rejectSessionAuthenticate({ id, reason: getSdkError('USER_REJECTED') })
      this.log('rejected', `Sign-in for ${a.dappName} rejected`)
      this.setStatus('rejected', `Rejected ${a.dappName}`)
    } catch (e) {
      this.fail('Reject', e)
    }
  }

  // ---- sessions -------------------------------------------------------------------------------

  async disconnect(topic: string): Promise<void> {
    try {
      await this.kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
      this.currentChains.delete(topic)
      this.update({ requests: this._state.requests.filter((r) => r.topic !== topic) })
      this.refreshSessions()
      this.log('session', `Session ${topic.slice(0, 8)} disconnected`)
      this.setStatus('disconnected', 'Disconnected')
    } catch (e) {
      this.fail('Disconnect', e)
    }
  }

  /** Tells the dApp the wallet is now on `chainId` (CAIP-2, one of the session's chains). */
  async switchChain(topic: string, chainId: string): Promise<void> {
    const reference = Number(chainId.split(':')[1])
    await this.kit.emitSessionEvent({ topic, event: { name: 'chainChanged', data: reference }, chainId })
    this.currentChains.set(topic, chainId)
    this.refreshSessions()
    this.log('session', `chainChanged → ${chainId}`)
  }

  // ---- requests -------------------------------------------------------------------------------

  private onRequest(ev: SessionRequestEvent): void {
    const { request, chainId } = ev.params
    const session = this.kit.getActiveSessions()[ev.topic]
    const r: PendingRequest = {
      id: ev.id,
      topic: ev.topic,
      method: request.method,
      chainId,
      params: request.params,
      summary: chainId.startsWith('solana:')
        ? describeSolanaRequest(request.method, request.params)
        : chainId.startsWith('bip122:')
          ? describeBitcoinRequest(request.method, request.params)
          : describeRequest(request.method, request.params),
      dappName: session?.peer.metadata.name ?? 'unknown dApp',
      receivedAt: this.now(),
    }
    this.update({ requests: [...this._state.requests.filter((x) => x.id !== r.id), r] })
    this.log('request', `${r.dappName}: ${r.method} on ${chainId}`)
    this.setStatus('request', `${r.dappName} requests ${r.method}`)
    const silent = chainId.startsWith('bip122:') ? BITCOIN_NO_APPROVAL_METHODS.has(r.method) : NO_APPROVAL_METHODS.has(r.method)
    if (this._state.autoApprove || silent) void this.approveRequest(r.id)
  }

  private async respond(r: PendingRequest, outcome: { result: unknown } | { error: WalletRpcError }): Promise<void> {
    const response =
      'result' in outcome
        ? { id: r.id, jsonrpc: '2.0', result: outcome.result }
        : { id: r.id, jsonrpc: '2.0', error: { code: outcome.error.code, message: outcome.error.message } }
    await this.kit.respondSessionRequest({ topic: r.topic, response: response as never })
  }

  async approveRequest(id: number): Promise<void> {
    const r = this._state.requests.find((x) => x.id === id)
    if (!r) return
    this.update({ requests: this._state.requests.filter((x) => x.id !== id) })
    const session = this.kit.getActiveSessions()[r.topic]
    const chain = this.config.chains.find((c) => `eip155:${c.chainId}` === r.chainId)
    try {
      if (!session) throw new WalletRpcError(WalletRpcError.unauthorized, 'No such session')
      if (r.chainId.startsWith('solana:')) return await this.approveSolanaRequest(r)
      if (r.chainId.startsWith('bip122:')) return await this.approveBitcoinRequest(r)
      if (!chain) throw new WalletRpcError(WalletRpcError.unrecognizedChain, `Unrecognized chain ${r.chainId}`)
      const sessionChains = this._state.sessions.find((s) => s.topic === r.topic)?.chains ?? []
      const result = await executeRequest(
        { method: r.method, params: r.params },
        {
          account: this.account,
          chain,
          sessionChains,
          switchChain: (caip) => this.switchChain(r.topic, caip),
          batches: this.batches,
          chains: this.config.chains,
          showCallsStatus: (details) => this.log('info', `Batch status: ${details.map((d) => `${d.label}: ${d.value}`).join(' · ')}`),
        },
      )
      await this.respond(r, { result })
      this.update({ lastResult: result })
      this.log('result', `${r.method} → ${typeof result === 'string' ? result : JSON.stringify(result)}`)
      if (!NO_APPROVAL_METHODS.has(r.method)) {
        this.setStatus(r.method === 'eth_sendTransaction' || r.method === 'wallet_sendCalls' ? 'sent' : 'signed', `${r.method} approved`)
      }
    } catch (e) {
      const err =
        e instanceof WalletRpcError ? e : new WalletRpcError(WalletRpcError.internal, e instanceof Error ? e.message : String(e))
      await this.respond(r, { error: err }).catch(() => {})
      this.fail(r.method, err)
    }
  }

  /** A Solana request of the session, signed with the wallet's Solana dev account. */
  private async approveSolanaRequest(r: PendingRequest): Promise<void> {
    if (!this.solanaSigner || this.config.solana?.caipNetworkId !== r.chainId) {
      throw new WalletRpcError(WalletRpcError.unrecognizedChain, `Unrecognized chain ${r.chainId}`)
    }
    const result = await executeSolanaRequest({ method: r.method, params: r.params }, this.solanaSigner)
    await this.respond(r, { result })
    this.update({ lastResult: result })
    this.log('result', `${r.method} → ${JSON.stringify(result).slice(0, 120)}`)
    this.setStatus('signed', `${r.method} approved`)
  }

  /** A Bitcoin request of the session, signed with the wallet's dev Bitcoin keys. */
  private async approveBitcoinRequest(r: PendingRequest): Promise<void> {
    if (!this.bitcoinKeys || !this.config.bitcoin || this.config.bitcoin.caipNetworkId !== r.chainId) {
      throw new WalletRpcError(WalletRpcError.unrecognizedChain, `Unrecognized chain ${r.chainId}`)
    }
    const result = await executeBitcoinRequest({ method: r.method, params: r.params }, { keys: this.bitcoinKeys, esploraUrl: this.config.bitcoin.esploraUrl })
    await this.respond(r, { result })
    this.update({ lastResult: result })
    this.log('result', `${r.method} → ${JSON.stringify(result).slice(0, 120)}`)
    if (!BITCOIN_NO_APPROVAL_METHODS.has(r.method)) this.setStatus(r.method === 'sendTransfer' ? 'sent' : 'signed', `${r.method} approved`)
  }

  async rejectRequest(id: number): Promise<void> {
    const r = this._state.requests.find((x) => x.id === id)
    if (!r) return
    this.update({ requests: this._state.requests.filter((x) => x.id !== id) })
    try {
      await this.respond(r, { error: userRejectedError() })
      this.log('rejected', `${r.method} rejected`)
      this.setStatus('rejected', `Rejected ${r.method}`)
    } catch (e) {
      this.fail('Reject', e)
    }
  }

  /** Closes the relay connection (tests; the page just goes away). */
  async close(): Promise<void> {
    this.listeners.clear()
    await this.kit.core.relayer.transportClose().catch(() => {})
  }
}
