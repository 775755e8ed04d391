import { combineLatest, defer, from, map, of, ReplaySubject, switchMap } from 'rxjs'
import type { Network } from '../../core/domain/entities.js'
import type { AuthConnector, ChainAdapter } from '../../core/ports.js'
import { GangwayError } from '../../core/errors/base.js'
import { authConnector } from './authConnector.js'
import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet.js'
import type { EmbeddedWalletOptions } from './createFrameConnector.js'
import type { EmbeddedSolanaSide } from './embeddedSolana.js'
import type { LendsSolanaToolkit } from '../solana/solanaToolkit.js'

type Runtime = ReturnType<typeof import('./embeddedWalletRuntime.js').createEmbeddedWalletRuntime>

/**
 * The embedded wallet, loaded on first use: its connector is listed at once, but the frame
 * client (and the frame itself) load only when the visitor signs in with it, or a reload
 * reconnects it. Other connectors go straight to `inner` and never load it.
 *
 * @example
 * adapters.eip155 = createLazyEmbeddedWallet({ frameUrl }, networks, adapters.eip155)
 */
export function createLazyEmbeddedWallet(
  options: EmbeddedWalletOptions,
  networks: readonly Network[],
  inner: ChainAdapter | undefined,
): ChainAdapter & { readonly auth: AuthConnector; solanaAdapter(inner: ChainAdapter): ChainAdapter } {
  const connector = authConnector(networks)
  let loading: Promise<Runtime> | undefined
  let restored: string | undefined
  const loaded$ = new ReplaySubject<Runtime>(1)
  const load = (): Promise<Runtime> =>
    (loading ??= import('./embeddedWalletRuntime.js').then(
      (m) => {
        const runtime = m.createEmbeddedWalletRuntime(options, networks)
        if (restored) runtime.auth.restoreSession?.(restored)
        loaded$.next(runtime)
        return runtime
      },
      (error: unknown) => {
        loading = undefined
        // The embedded wallet's code did not load (offline, a deploy replaced the chunk).
        throw new GangwayError('Unable to load email login dependency', { details: error instanceof Error ? error.message : String(error), cause: error })
      },
    ))
  const own = (): Promise<ChainAdapter> => load().then((r) => r.adapter)
  const route = <T>(id: string, use: (adapter: ChainAdapter) => Promise<T>): Promise<T> => (id === AUTH_CONNECTOR_ID || !inner ? own().then(use) : use(inner))
  const data = <T>(use: (adapter: ChainAdapter) => Promise<T>): Promise<T> => (inner ? use(inner) : own().then(use))
  const port = <K extends keyof AuthConnector>(key: K) =>
    ((...args: unknown[]) => load().then((r) => (r.auth[key] as (...a: unknown[]) => unknown)(...args))) as AuthConnector[K]

  const auth: AuthConnector = {
    connectorId: AUTH_CONNECTOR_ID,
    load: port('load'),
    connectEmail: port('connectEmail'),
    connectDevice: port('connectDevice'),
    connectOtp: port('connectOtp'),
    getSocialRedirectUri: port('getSocialRedirectUri'),
    connectSocial: port('connectSocial'),
    getFarcasterUri: port('getFarcasterUri'),
    connectFarcaster: port('connectFarcaster'),
    getUser: port('getUser'),
    isConnected: port('isConnected'),
    switchNetwork: port('switchNetwork'),
    request: port('request'),
    abortRequest: port('abortRequest'),
    updateEmail: port('updateEmail'),
    updateEmailPrimaryOtp: port('updateEmailPrimaryOtp'),
    updateEmailSecondaryOtp: port('updateEmailSecondaryOtp'),
    setPreferredAccountType: port('setPreferredAccountType'),
    // Nothing to sign out of before the frame was ever loaded.
    signOut: () => (loading ? load().then((r) => r.auth.signOut()) : Promise.resolve()),
    // Listening does not load the embedded wallet: its session news start once something did.
    events: () => loaded$.pipe(switchMap((r) => r.auth.events())),
    restoreSession: (sessionToken) => {
      restored = sessionToken
      void loading?.then((r) => r.auth.restoreSession?.(sessionToken))
    },
  }

  return {
    namespace: 'eip155',
    auth,
    // The embedded wallet's Solana account joins the Solana adapter; its code loads with the frame client's.
    solanaAdapter: (solanaInner) => {
      const connector = { ...authConnector(networks.filter((n) => n.chainNamespace === 'solana')), chain: 'solana' as const }
      let side: Promise<EmbeddedSolanaSide> | undefined
      const loadSide = () =>
        (side ??= Promise.all([load(), import('./embeddedSolana.js')]).then(([r, m]) => m.embeddedSolanaAdapter(r.auth, networks, (solanaInner as LendsSolanaToolkit).loadSolanaToolkit)))
      const sideRoute = <T>(id: string, use: (adapter: EmbeddedSolanaSide) => Promise<T>): Promise<T> => (id === AUTH_CONNECTOR_ID ? loadSide().then(use) : use(solanaInner as EmbeddedSolanaSide))
      // Everything else (balances, receipts, fees, the toolkit it lends WalletConnect) is the inner adapter's.
      return {
        ...solanaInner,
        namespace: 'solana',
        connectors: () => solanaInner.connectors().pipe(map((list) => [connector, ...list.filter((c) => c.id !== AUTH_CONNECTOR_ID)])),
        connect: (id, request) => sideRoute(id, (a) => a.connect(id, request)),
        reconnect: (id, request) => sideRoute(id, (a) => a.reconnect(id, request)),
        disconnect: (id) => (id === AUTH_CONNECTOR_ID && !side ? Promise.resolve() : sideRoute(id, (a) => a.disconnect(id))),
        events: (id) => (id === AUTH_CONNECTOR_ID ? defer(() => from(loadSide())).pipe(switchMap((a) => a.events(id))) : solanaInner.events(id)),
        switchNetwork: (id, network) => sideRoute(id, (a) => a.switchNetwork(id, network)),
        signMessage: (id, request) => sideRoute(id, (a) => a.signMessage(id, request)),
        sendTransfer: (id, network, transfer) => sideRoute(id, (a) => a.sendTransfer(id, network, transfer)),
        solana: {
          signTransaction: (id, request) => sideRoute(id, (a) => a.solana.signTransaction(id, request)),
          signAndSendTransaction: (id, network, request) => sideRoute(id, (a) => a.solana.signAndSendTransaction(id, network, request)),
        },
      }
    },
    connectors: () =>
      inner ? combineLatest([of([connector]), inner.connectors()]).pipe(map(([a, b]) => [...a, ...b.filter((c) => c.id !== AUTH_CONNECTOR_ID)])) : of([connector]),
    connect: (id, request) => route(id, (a) => a.connect(id, request)),
    reconnect: (id, request) => route(id, (a) => a.reconnect(id, request)),
    disconnect: (id) => (id === AUTH_CONNECTOR_ID && !loading ? Promise.resolve() : route(id, (a) => a.disconnect(id))),
    events: (id) => (id === AUTH_CONNECTOR_ID || !inner ? defer(() => from(own())).pipe(switchMap((a) => a.events(id))) : inner.events(id)),
    switchNetwork: (id, network) => route(id, (a) => a.switchNetwork(id, network)),
    signMessage: (id, request) => route(id, (a) => a.signMessage(id, request)),
    sendTransfer: (id, network, transfer) => route(id, (a) => a.sendTransfer(id, network, transfer)),
    getBalance: (network, address) => data((a) => a.getBalance(network, address)),
    waitForReceipt: (network, hash) => data((a) => a.waitForReceipt(network, hash)),
    ...(inner && !inner.estimateTransferFee
      ? {}
      : { estimateTransferFee: (network, transfer) => data((a) => a.estimateTransferFee!(network, transfer)) }),
    evm: {
      signTypedData: (id, request) => route(id, (a) => a.evm!.signTypedData(id, request)),
      sendTransaction: (id, network, tx) => route(id, (a) => a.evm!.sendTransaction(id, network, tx)),
      // Asking never loads the embedded wallet: before it is loaded nothing is connected through it.
      getProvider: async (id) => (id === AUTH_CONNECTOR_ID || !inner ? (loading ? (await own()).evm?.getProvider?.(id) : undefined) : inner.evm?.getProvider?.(id)),
    },
    ...(inner?.solana ? { solana: inner.solana } : {}),
  }
}
