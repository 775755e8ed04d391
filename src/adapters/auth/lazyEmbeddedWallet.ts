import { of, ReplaySubject, switchMap } from 'rxjs'
import type { Network } from '../../core/domain/entities.js'
import type { AuthConnector, ChainAdapter } from '../../core/ports.js'
import type { ConnectorSource } from '../../core/connectorRegistry.js'
import { GangwayError } from '../../core/errors/base.js'
import { authConnector } from './authConnector.js'
import { lazyConnectorCalls } from '../lazyAdapterCalls.js'
import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet/embeddedWallet.js'
import type { EmbeddedWalletOptions, FrameApp } from './createFrameConnector.js'
import type { EmbeddedSolanaSide } from './embeddedSolana.js'
import type { SolanaToolkit } from '../solana/solanaToolkit.js'

type Runtime = ReturnType<typeof import('./embeddedWalletRuntime.js').createEmbeddedWalletRuntime>

/** The embedded wallet's port and the connector sources it registers (eip155, and solana beside a Solana adapter). */
export type LazyEmbeddedWallet = {
  readonly auth: AuthConnector
  /** Its eip155 connector `auth`; network reads only serve a modal without an EVM adapter. */
  readonly eip155: ConnectorSource
  /** Its Solana account's connector, signing through the frame with the Solana adapter's toolkit (`lend`). */
  solana(lend: (() => Promise<SolanaToolkit>) | undefined): ConnectorSource
}

/**
 * The embedded wallet, loaded on first use: its connector is listed at once, but the frame
 * client (and the frame itself) load only when the visitor signs in with it, or a reload
 * reconnects it. It serves only its own connector: the connector registry sends it that one.
 *
 * @example
 * const wallet = createLazyEmbeddedWallet({ frameUrl }, networks, { projectId })
 * registry.register(wallet.eip155)
 */
export function createLazyEmbeddedWallet(options: EmbeddedWalletOptions, networks: readonly Network[], app: FrameApp = {}): LazyEmbeddedWallet {
  const connector = authConnector(networks)
  let loading: Promise<Runtime> | undefined
  let restored: string | undefined
  let theme: Parameters<AuthConnector['syncTheme']>[0] | undefined
  const loaded$ = new ReplaySubject<Runtime>(1)
  const load = (): Promise<Runtime> =>
    (loading ??= import('./embeddedWalletRuntime.js').then(
      (m) => {
        const runtime = m.createEmbeddedWalletRuntime(options, networks, app)
        if (restored) runtime.auth.restoreSession?.(restored)
        if (theme) runtime.auth.syncTheme(theme)
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
    // Nothing to withdraw before the frame was ever loaded.
    abortRequest: () => (loading ? load().then((r) => r.auth.abortRequest()) : Promise.resolve()),
    // Kept for the frame's load; a theme change never loads it.
    syncTheme: (t) => {
      theme = t
      void loading?.then((r) => r.auth.syncTheme(t), () => undefined)
    },
    updateEmail: port('updateEmail'),
    updateEmailPrimaryOtp: port('updateEmailPrimaryOtp'),
    updateEmailSecondaryOtp: port('updateEmailSecondaryOtp'),
    setPreferredAccountType: port('setPreferredAccountType'),
    getSmartAccountEnabledNetworks: port('getSmartAccountEnabledNetworks'),
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
    auth,
    eip155: {
      namespace: 'eip155',
      connectorIds: [AUTH_CONNECTOR_ID],
      type: 'AUTH',
      adapter: {
        connectors: () => of([connector]),
        // Nothing to disconnect from before the frame was ever loaded.
        ...lazyConnectorCalls(own, () => loading !== undefined),
        getBalance: (network, address) => own().then((a) => a.getBalance(network, address)),
        waitForReceipt: (network, hash) => own().then((a) => a.waitForReceipt(network, hash)),
        estimateTransferFee: (network, transfer) => own().then((a) => a.estimateTransferFee!(network, transfer)),
        evm: {
          signTypedData: (id, request) => own().then((a) => a.evm!.signTypedData(id, request)),
          sendTransaction: (id, network, tx) => own().then((a) => a.evm!.sendTransaction(id, network, tx)),
          // Asking never loads the embedded wallet: before it is loaded nothing is connected through it.
          getProvider: async (id) => (loading ? (await own()).evm?.getProvider?.(id) : undefined),
        },
      },
    },
    // Its code loads with the frame client's.
    solana: (lend) => {
      const connector = { ...authConnector(networks.filter((n) => n.chainNamespace === 'solana')), chain: 'solana' as const }
      let side: Promise<EmbeddedSolanaSide> | undefined
      const loadSide = () => (side ??= Promise.all([load(), import('./embeddedSolana.js')]).then(([r, m]) => m.embeddedSolanaAdapter(r.auth, networks, lend)))
      const use = <T>(call: (a: EmbeddedSolanaSide) => Promise<T>): Promise<T> => loadSide().then(call)
      return {
        namespace: 'solana',
        connectorIds: [AUTH_CONNECTOR_ID],
        type: 'AUTH',
        adapter: {
          connectors: () => of([connector]),
          ...lazyConnectorCalls(loadSide, () => side !== undefined),
          solana: {
            signTransaction: (id, request) => use((a) => a.solana.signTransaction(id, request)),
            signAndSendTransaction: (id, network, request) => use((a) => a.solana.signAndSendTransaction(id, network, request)),
          },
        },
      }
    },
  }
}

/** How the `embeddedWallet` option loads the embedded wallet's connector (a chunk of its own). */
export type LoadEmbeddedWallet = () => Promise<{ readonly createLazyEmbeddedWallet: typeof createLazyEmbeddedWallet }>
