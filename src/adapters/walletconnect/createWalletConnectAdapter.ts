import { defer, EMPTY, filter, from, map, merge, Observable, of, Subject, switchMap } from 'rxjs'
import type { FeatureChunks } from '../../core/features/defineFeature.js'
import { getAddress, toHex, type Hex } from 'viem'
import type { Connector, Network, SiwxSession } from '../../core/domain/entities.js'
import { isWalletConnectSignInApplicable } from '../../core/domain/siwx.js'
import { RequestAbortedError } from '../../core/errors/connection.js'
import type { RpcGateway, WalletConnectActivity, WalletConnectPort } from '../../core/ports.js'
import { GangwayError, serializeError } from '../../core/errors/base.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../core/events/walletConnect/walletConnect.js'
import type { ChainAdapter, Eip1193Provider, EvmCapabilities, SessionNetworks, WalletAccount, WalletProviderEvent, WalletSession, WalletTransaction } from '../../core/ports.js'
import { sessionProvider } from './sessionProvider.js'
import { sessionGrant, sessionNamespaces, startChain } from './sessionNamespaces.js'
import { signInSessions } from './signInSessions.js'
import { relayRefusal, toWalletConnectError } from './walletConnectErrors.js'
import { WalletConnectChainNotSupportedError, WalletConnectUnavailableError } from '../../core/errors/walletConnect.js'
import {
  loadUniversalProvider,
  type WalletConnectConnectParams,
  type WalletConnectProvider,
  type WalletConnectProviderInit,
  type WalletConnectSession,
} from './walletConnectProvider.js'
import { walletConnectConnector } from './walletConnectConnector.js'
import { createWalletConnectSolanaAdapter, type SessionEnd, type WalletConnectSessionAccess } from './walletConnectSolana.js'
import { createWalletConnectBitcoinAdapter } from './walletConnectBitcoin.js'
import { pageIdle } from '../pageIdle.js'
import { parseAccounts, parseChainId } from '../evm/walletPayloads.js'
import { erc20TransferData, estimateTransferFee } from '../evm/transferCall.js'
import { networkClients } from '../evm/evmTransport.js'
import { preview } from '../preview.js'

export type WalletConnectOptions = {
  /** Your project id, sent to the relay. */
  projectId: string
  /** The relay's WebSocket URL (default: the SDK's public relay). */
  relayUrl?: string
  /** How the app presents itself in the wallet. */
  metadata?: { name: string; description: string; url: string; icons: string[] }
  /**
   * The networks to ask the wallet for: their CAIP-2 ids, with their RPC URLs as the rpcMap.
   * Solana networks among them add the `solana` namespace to the proposal (see `solanaAdapter`),
   * Bitcoin networks the `bip122` namespace (see `bitcoinAdapter`).
   */
  networks: readonly Network[]
  /**
   * Sign in while connecting (CAIP-122, one step), only when every requested chain is eip155;
   * the sessions are stored as sign-in sessions.
   */
  signIn?: { statement?: string } | null
  /**
   * Load the provider when the page is idle after loading (default true), so neither the host's
   * first bundle nor the click that opens the modal pays for it; false loads it on first use.
   */
  prefetch?: boolean
  /** The page whose idle time the prefetch waits for (default: the global window; none on a server). */
  window?: Window
  /** Key prefix of the provider's own storage (default 'gangway'). */
  storagePrefix?: string
  /** A key-value storage of the SDK's shape for the provider (default: its IndexedDB storage). */
  storage?: unknown
  /** Where the provider comes from (default: `@walletconnect/universal-provider`, loaded lazily). */
  loadProvider?: (init: WalletConnectProviderInit) => Promise<WalletConnectProvider>
  /** Where sign-in messages say the visitor signs in (default: the page's host and URL). */
  origin?: { domain: string; uri: string }
  /** How long a transaction's receipt is polled for, between polls (default 250 ms). */
  receiptPollingMs?: number
  /** The gateway's JSON-RPC, read besides the networks' own URLs (the modal passes its `apiUrl`'s). */
  rpcGateway?: RpcGateway
}

/** A chain adapter for eip155 that adds the WalletConnect connector, and the connector's port. */
export type WalletConnectAdapter = ChainAdapter & {
  readonly walletConnect: WalletConnectPort
  /** WalletConnect's effects and views, which the modal loads for it (set by the `gangway-kit/walletconnect/adapter` entry). */
  readonly walletConnectFeature?: FeatureChunks
  /**
   * The same session's Solana side: a chain adapter for the solana namespace with the
   * WalletConnect connector, every other connector served by `inner` (the Wallet Standard
   * adapter). One adapter per WalletConnect adapter (the same object on every call).
   *
   * @example
   * const wc = createWalletConnectAdapter({ projectId, networks: [base, solanaMainnet] }, createEvmAdapter())
   * const modal = createModal({ projectId, networks, adapters: [wc, wc.solanaAdapter(createSolanaAdapter({ networks: [solanaMainnet] }))] })
   */
  solanaAdapter(inner?: ChainAdapter): ChainAdapter
  /**
   * The same session's Bitcoin side: a chain adapter for the bip122 namespace with the
   * WalletConnect connector (payment and ordinals addresses, BIP-322 messages, PSBTs), every other
   * connector served by `inner` (the Bitcoin adapter, which lends it its runtime). One adapter per
   * WalletConnect adapter (the same object on every call).
   *
   * @example
   * const wc = createWalletConnectAdapter({ projectId, networks: [base, bitcoinMainnet] }, createEvmAdapter())
   * const modal = createModal({ projectId, networks, adapters: [wc, wc.bitcoinAdapter(createBitcoinAdapter({ networks: [bitcoinMainnet] }))] })
   */
  bitcoinAdapter(inner?: ChainAdapter): ChainAdapter
}

type Run = {
  promise: Promise<WalletConnectSession>
  resolve: (session: WalletConnectSession) => void
  reject: (error: unknown) => void
  /** Bumped by each pairing; answers to an older pairing are stale. */
  generation: number
  done: boolean
  cancelled: boolean
}

/**
 * The WalletConnect chain adapter: the connector of type WALLET_CONNECT in the eip155 namespace,
 * on `@walletconnect/universal-provider`, loaded lazily. Every other connector (injected and
 * announced wallets) is served by `inner`, the EVM adapter it composes with.
 *
 * @example
 * const adapter = createWalletConnectAdapter({ projectId, relayUrl, networks }, createEvmAdapter())
 * const modal = createModal({ projectId, networks, adapters: [adapter] })
 */
export function createWalletConnectAdapter(options: WalletConnectOptions, inner?: ChainAdapter): WalletConnectAdapter {
  const id = WALLET_CONNECT_CONNECTOR_ID
  const networks = options.networks.filter((n) => n.chainNamespace === 'eip155')
  const chainIds = networks.map((n) => n.caipNetworkId)
  // Solana networks join the proposal as the `solana` namespace; an EVM-only app asks for none.
  const solanaNetworks = options.networks.filter((n) => n.chainNamespace === 'solana')
  // Bitcoin networks join as the `bip122` namespace.
  const bitcoinNetworks = options.networks.filter((n) => n.chainNamespace === 'bip122')
  const otherNetworks = [...solanaNetworks, ...bitcoinNetworks]
  const activity$ = new Subject<WalletConnectActivity>()
  const ended$ = new Subject<SessionEnd>()
  let solanaSide: ChainAdapter | null = null
  let bitcoinSide: ChainAdapter | null = null
  /** Where network reads go besides the networks' own URLs (see `setRpcGateway`). */
  let rpcGateway = options.rpcGateway
  let loading: Promise<WalletConnectProvider> | null = null
  let run: Run | null = null
  /** The EIP-1193 view of the provider handed to hosts: one object, so its identity is stable. */
  let eip1193: { p: WalletConnectProvider; provider: Eip1193Provider } | null = null

  const connector: Connector = walletConnectConnector(networks)

  /** The started provider; loading it once, again after a failure. */
  function provider(): Promise<WalletConnectProvider> {
    loading ??= (options.loadProvider ?? loadUniversalProvider)({
      projectId: options.projectId,
      customStoragePrefix: options.storagePrefix ?? 'gangway',
      ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
      ...(options.metadata ? { metadata: options.metadata } : {}),
      ...(options.storage ? { storage: options.storage } : {}),
    }).then(
      (p) => {
        p.on('display_uri', (uri: string) => {
          if (run && !run.done && !run.cancelled) activity$.next({ type: 'pairingUri', uri })
        })
        // A socket the relay refused (spec §8: unauthorized origin, JWT not yet valid, invalid
        // key) ends the connect under way with the spec's alert; the pairing would never come.
        p.client?.core?.relayer?.on('relayer_error', (error: unknown) => {
          const refused = relayRefusal(error)
          if (!refused || !run || run.done || run.cancelled) return
          run.done = true
          run.reject(refused)
        })
        return p
      },
      (error: unknown) => {
        loading = null
        throw relayRefusal(error) ?? new WalletConnectUnavailableError(error)
      },
    )
    return loading
  }

  function connectParams(): WalletConnectConnectParams {
    const params: WalletConnectConnectParams = { optionalNamespaces: sessionNamespaces([...networks, ...otherNetworks]) }
    if (options.signIn && isWalletConnectSignInApplicable([...chainIds, ...otherNetworks.map((n) => n.caipNetworkId)])) {
      const origin = options.origin ?? pageOrigin()
      if (origin) {
        params.authentication = [
          { ...origin, nonce: randomNonce(), chains: [...chainIds], ...(options.signIn.statement ? { statement: options.signIn.statement } : {}) },
        ]
      }
    }
    return params
  }

  /** The session as the core sees it; `chain` is where it stands (else where it starts). */
  function toWalletSession(session: WalletConnectSession, chain: string | null): WalletSession {
    const grant = sessionGrant(session.namespaces, 'eip155')
    if (grant.accounts.length === 0) throw new GangwayError('Failed to connect', { details: 'the wallet approved no eip155 account' })
    const caipNetworkId = chain && grant.chains.includes(chain) ? chain : startChain(grant.chains, chainIds)
    if (!caipNetworkId) throw new GangwayError('Failed to connect', { details: 'the wallet approved no chain' })
    return { accounts: grant.accounts.map(eoa), caipNetworkId, networks: sessionNetworks(session, grant.chains) }
  }

  /**
   * What the session agreed to network-wise: the networks asked for, those approved, and whether
   * the wallet takes others (it approved adding a chain).
   */
  function sessionNetworks(session: WalletConnectSession, approved: string[]): SessionNetworks {
    const methods = Object.entries(session.namespaces).flatMap(([key, ns]) => (key === 'eip155' || key.startsWith('eip155:')) && Array.isArray(ns?.methods) ? ns.methods : [])
    return { requested: [...chainIds], approved: [...approved], supportsAllNetworks: methods.includes('wallet_addEthereumChain') }
  }

  function newRun(): Run {
    let resolve!: Run['resolve']
    let reject!: Run['reject']
    const promise = new Promise<WalletConnectSession>((ok, fail) => {
      resolve = ok
      reject = fail
    })
    // A prefetched pairing nobody adopted must not surface as an unhandled rejection.
    promise.catch(() => undefined)
    return { promise, resolve, reject, generation: 0, done: false, cancelled: false }
  }

  /** Makes a pairing for `r` (a fresh one on each call); the first approved session settles `r`. */
  async function pair(r: Run): Promise<void> {
    const generation = ++r.generation
    try {
      const p = await provider()
      if (r.cancelled || r.done || generation !== r.generation) return
      // A session the core does not know of (a connect that was abandoned) would shadow the new one.
      if (p.session && generation === 1) await p.disconnect().catch(() => undefined)
      const params = connectParams()
      const session = await p.connect(params)
      if (r.cancelled) {
        if (session) await p.disconnect().catch(() => undefined)
        return
      }
      if (r.done) return
      if (!session) throw new GangwayError('Failed to connect', { details: 'the provider returned no session' })
      // The eip155 side stands on its start chain; the Solana and Bitcoin sides name their chain in each request.
      const evm = sessionGrant(session.namespaces, 'eip155')
      if (evm.accounts.length > 0) {
        const result = toWalletSession(session, null)
        p.setDefaultChain(result.caipNetworkId, rpcUrl(result.caipNetworkId))
      } else if (sessionGrant(session.namespaces, 'solana').accounts.length === 0 && sessionGrant(session.namespaces, 'bip122').accounts.length === 0) {
        throw new GangwayError('Failed to connect', { details: 'the wallet approved no account' })
      }
      const asked = params.authentication?.[0]
      if (asked && session.authentication?.length) {
        const sessions = await signInSessions(session.authentication, asked).catch(() => [] as { caipAddress: string; session: SiwxSession }[])
        if (sessions.length > 0) activity$.next({ type: 'signedIn', sessions })
      }
      r.done = true
      r.resolve(session)
    } catch (error) {
      if (r.cancelled || r.done || generation !== r.generation) return
      r.done = true
      r.reject(toWalletConnectError(error, 'connect'))
    }
  }

  /** The pending run, or a new one with its first pairing under way. */
  function currentRun(): Run {
    if (run && !run.cancelled && !run.done) return run
    run = newRun()
    void pair(run)
    return run
  }

  const rpcUrl = (caipNetworkId: string) => networks.find((n) => n.caipNetworkId === caipNetworkId)?.rpcUrls.default.http[0]

  /** The provider with a live session, for requests. */
  async function connected(): Promise<{ p: WalletConnectProvider; session: WalletConnectSession }> {
    const p = await provider()
    if (!p.session) throw new GangwayError('No ActiveCaipAddress found', { details: 'no WalletConnect session' })
    return { p, session: p.session }
  }

  async function currentChain(p: WalletConnectProvider): Promise<string> {
    const chain = parseChainId(await p.request<unknown>({ method: 'eth_chainId' }))
    // Left untyped: each caller words it for what it was doing ('Failed to connect', 'Error signing message').
    if (!chain.ok) throw new Error(`the wallet answered with junk: eth_chainId: ${chain.reason}`)
    return `eip155:${chain.value}`
  }

  /** Runs a wallet request on `caipNetworkId`, which must be in the session. */
  async function walletRequest<T>(operation: 'signMessage' | 'signTypedData' | 'sendTransaction', args: { method: string; params: unknown[] }, caipNetworkId?: string): Promise<T> {
    try {
      const { p, session } = await connected()
      const chain = caipNetworkId ?? (await currentChain(p))
      if (!sessionGrant(session.namespaces, 'eip155').chains.includes(chain)) throw new WalletConnectChainNotSupportedError(chain)
      return await p.request<T>(args, chain)
    } catch (error) {
      throw toWalletConnectError(error, operation)
    }
  }

  const publicClient = networkClients(() => rpcGateway)

  const sendTransaction = (connectorId: string, network: Network, tx: WalletTransaction): Promise<string> => {
    if (connectorId !== id) return innerEvm(connectorId).sendTransaction(connectorId, network, tx)
    const request: Record<string, string> = { from: getAddress(tx.from), to: getAddress(tx.to) }
    if (tx.value !== undefined) request.value = toHex(BigInt(tx.value))
    if (tx.data !== undefined) request.data = tx.data
    return walletRequest<string>('sendTransaction', { method: 'eth_sendTransaction', params: [request] }, network.caipNetworkId)
  }

  function innerEvm(connectorId: string): EvmCapabilities {
    const evm = innerOf(connectorId).evm
    if (!evm) throw new GangwayError('Unsupported chain namespace', { details: `${connectorId} has no EVM capabilities` })
    return evm
  }

  function innerOf(connectorId: string): ChainAdapter {
    if (!inner) throw new GangwayError(`No connector found for connection: ${connectorId}`, { details: connectorId })
    return inner
  }

  /** Ends the session from one side; the other side hears of it through `ended$`. */
  async function endSession(from: SessionEnd['namespace']): Promise<void> {
    const p = await provider()
    if (!p.session) return
    await p.disconnect()
    ended$.next({ namespace: from })
  }

  const access: WalletConnectSessionAccess = {
    provider,
    started: () => loading !== null,
    pair: () => currentRun().promise,
    end: endSession,
    ended: () => ended$.asObservable(),
  }

  const port: WalletConnectPort = {
    connectorId: id,
    prefetch: async () => {
      if (options.prefetch === false) return false
      // Only in a browser, once the page is idle: never on the click that opens the modal.
      if (!(await pageIdle(options.window ?? (typeof window !== 'undefined' ? window : undefined)))) return false
      await provider()
      return true
    },
    prefetchPairing: () => void currentRun(),
    activity: () => activity$.asObservable(),
    refreshPairing: () => {
      if (run && !run.done && !run.cancelled) void pair(run)
    },
    cancelPairing: () => {
      if (!run || run.done || run.cancelled) return
      run.cancelled = true
      run.reject(new RequestAbortedError('the WalletConnect pairing was abandoned'))
      run = null
    },
  }

  return {
    namespace: 'eip155',
    // The wrapped adapter reads the networks too (balances of its own connectors): it is told as well.
    setRpcGateway: (gateway) => {
      rpcGateway = gateway
      inner?.setRpcGateway?.(gateway)
    },
    walletConnect: port,

    solanaAdapter: (solanaInner) =>
      (solanaSide ??= createWalletConnectSolanaAdapter(
        access,
        {
          networks: options.networks,
          connector: walletConnectConnector(options.networks, 'solana'),
        },
        solanaInner,
      )),

    bitcoinAdapter: (bitcoinInner) =>
      (bitcoinSide ??= createWalletConnectBitcoinAdapter(
        access,
        {
          networks: options.networks,
          connector: walletConnectConnector(options.networks, 'bip122'),
        },
        bitcoinInner,
      )),

    connectors: () => (inner ? inner.connectors().pipe(map((list) => [connector, ...list.filter((c) => c.id !== id)])) : of([connector])),

    connect: (connectorId, request) =>
      connectorId === id ? currentRun().promise.then((session) => toWalletSession(session, null)) : innerOf(connectorId).connect(connectorId, request),

    reconnect: async (connectorId, request) => {
      if (connectorId !== id) return inner ? inner.reconnect(connectorId, request) : null
      const p = await provider()
      const session = p.session
      if (!session || (session.expiry !== undefined && session.expiry * 1000 <= Date.now())) return null
      try {
        return toWalletSession(session, await currentChain(p))
      } catch {
        return null
      }
    },

    disconnect: async (connectorId) => {
      if (connectorId !== id) return innerOf(connectorId).disconnect(connectorId)
      if (!loading) return
      try {
        await endSession('eip155')
      } catch (error) {
        throw toWalletConnectError(error, 'disconnect')
      }
    },

    events: (connectorId) => {
      if (connectorId !== id) return inner ? inner.events(connectorId) : EMPTY
      return defer(() => from(provider())).pipe(
        switchMap((p) =>
          merge(
            providerEvents(p),
            // The Solana or Bitcoin side ended the session: this side's connection is gone too.
            ended$.pipe(
              filter((e) => e.namespace !== 'eip155'),
              map((): WalletProviderEvent => ({ type: 'disconnect', error: serializeError(new GangwayError('Provider disconnected', { code: 4900 })) })),
            ),
          ),
        ),
      )
    },

    switchNetwork: async (connectorId, network) => {
      if (connectorId !== id) return innerOf(connectorId).switchNetwork(connectorId, network)
      const { p, session } = await connected()
      // The session decides: its chains switch at once, others are not available over it.
      if (!sessionGrant(session.namespaces, 'eip155').chains.includes(network.caipNetworkId)) throw new WalletConnectChainNotSupportedError(network.caipNetworkId)
      p.setDefaultChain(network.caipNetworkId, network.rpcUrls.default.http[0])
    },

    signMessage: (connectorId, { address, message }) =>
      connectorId === id
        ? walletRequest<string>('signMessage', { method: 'personal_sign', params: [toHex(message), getAddress(address)] })
        : innerOf(connectorId).signMessage(connectorId, { address, message }),

    evm: {
      signTypedData: (connectorId, { address, typedData }) =>
        connectorId === id
          ? walletRequest<string>('signTypedData', {
              method: 'eth_signTypedData_v4',
              params: [getAddress(address), JSON.stringify(typedData, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))],
            })
          : innerEvm(connectorId).signTypedData(connectorId, { address, typedData }),
      sendTransaction,
      getProvider: async (connectorId) => {
        if (connectorId !== id) return inner?.evm?.getProvider?.(connectorId)
        // No provider was ever started, so there is no session to hand out (and nothing is loaded for asking).
        if (!loading) return undefined
        const p = await provider()
        if (!p.session) return undefined
        if (eip1193?.p !== p) eip1193 = { p, provider: sessionProvider(p) }
        return eip1193.provider
      },
    },

    sendTransfer: (connectorId, network, { from: sender, receiver, amount, token }) =>
      token === undefined
        ? sendTransaction(connectorId, network, { from: sender, to: receiver, value: amount })
        : sendTransaction(connectorId, network, { from: sender, to: token, data: erc20TransferData(receiver, amount) }),

    // A node read: the composed EVM adapter's when there is one, else the network's RPC.
    estimateTransferFee: (network, transfer) =>
      inner?.estimateTransferFee ? inner.estimateTransferFee(network, transfer) : estimateTransferFee(publicClient(network), transfer),

    getBalance: async (network, address) =>
      inner ? inner.getBalance(network, address) : (await publicClient(network).getBalance({ address: getAddress(address) })).toString(),

    waitForReceipt: async (network, hash) => {
      if (inner) return inner.waitForReceipt(network, hash)
      const receipt = await publicClient(network).waitForTransactionReceipt({
        hash: hash as Hex,
        pollingInterval: options.receiptPollingMs ?? 250,
        timeout: 120_000,
      })
      return { status: receipt.status, blockNumber: receipt.blockNumber.toString() }
    },
  }
}

/** The session's news as wallet events: other accounts, another chain, the end of the session. */
function providerEvents(p: WalletConnectProvider): Observable<WalletProviderEvent> {
  return new Observable<WalletProviderEvent>((subscriber) => {
    let ended = false
    const end = (code: number, message: string) => {
      // session_delete is followed by the provider's own disconnect: one ending is enough.
      if (ended) return
      ended = true
      subscriber.next({ type: 'disconnect', error: serializeError(new GangwayError(message, { code })) })
    }
    const ignore = (event: string, reason: string) => subscriber.next({ type: 'ignored', event, reason })
    const onAccounts = (payload: unknown) => {
      // Plain addresses, or CAIP-10 accounts of eip155 chains.
      const items = Array.isArray(payload) ? payload.map((a: unknown) => (typeof a === 'string' && /^eip155:[0-9]+:/.test(a) ? a.split(':')[2] : a)) : payload
      const accounts = parseAccounts(items)
      if (!accounts.ok) return ignore('accountsChanged', accounts.reason)
      subscriber.next({ type: 'accountsChanged', accounts: accounts.value.map(eoa) })
    }
    const onChain = (payload: unknown) => {
      // A number, hex, or a CAIP-2 id of an eip155 chain.
      const id = typeof payload === 'string' && payload.startsWith('eip155:') ? payload.slice('eip155:'.length) : payload
      const chain = parseChainId(id)
      if (!chain.ok) return ignore('chainChanged', chain.reason)
      subscriber.next({ type: 'chainChanged', caipNetworkId: `eip155:${chain.value}` })
    }
    const onUpdate = () => {
      // Accounts may have been added or removed; the provider's session already holds the update.
      const grant = sessionGrant(p.session?.namespaces, 'eip155')
      if (grant.accounts.length > 0) subscriber.next({ type: 'accountsChanged', accounts: grant.accounts.map(eoa) })
    }
    const onDelete = () => end(4900, 'Provider disconnected')
    const onDisconnect = () => end(4900, 'Provider disconnected')
    const onExpire = () => end(4900, 'Session Expired')
    const listeners: [string, (...args: any[]) => void][] = [
      ['accountsChanged', onAccounts],
      ['chainChanged', onChain],
      ['session_update', onUpdate],
      ['session_delete', onDelete],
      ['disconnect', onDisconnect],
      ['session_expire', onExpire],
    ]
    for (const [name, fn] of listeners) p.on(name, guarded(name, fn, ignore))
    return () => {
      for (const [name, fn] of listeners) p.removeListener(name, guarded(name, fn, ignore))
    }
  })
}

const guards = new WeakMap<(...args: any[]) => void, (...args: any[]) => void>()

/** The listener as the provider gets it: whatever it meets is reported, never thrown back into the SDK. */
function guarded(event: string, fn: (...args: any[]) => void, ignore: (event: string, reason: string) => void): (...args: any[]) => void {
  let wrapped = guards.get(fn)
  if (!wrapped) {
    wrapped = (...args: any[]) => {
      try {
        fn(...args)
      } catch (error) {
        try {
          ignore(event, `could not be read (${error instanceof Error ? error.name : preview(error)})`)
        } catch {
          // Nothing more to do for a payload that cannot even be described.
        }
      }
    }
    guards.set(fn, wrapped)
  }
  return wrapped
}

function pageOrigin(): { domain: string; uri: string } | null {
  if (typeof location === 'undefined') return null
  return { domain: location.host, uri: location.href }
}

/** A sign-in nonce: 16 letters and digits from the platform's random source. */
function randomNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}

/** A WalletConnect session grants addresses; what kind of account each is, it does not say. */
function eoa(address: string): WalletAccount {
  return { address, type: 'eoa' }
}
