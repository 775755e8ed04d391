import { asyncScheduler } from 'rxjs'
import { storageFailed, storageHydrated } from './core/events/persistence/storage.js'
import { sessionStarted } from './core/events/modal/session.js'
import { assertValidEvent } from './core/events/catalogue.js'
import { withReadTimeout } from './adapters/storage/readTimeout.js'
import { createIdbStorage } from './adapters/storage/idbStorage.js'
import { createMemoryStorage } from './adapters/storage/memoryStorage.js'
import { STORAGE_KEYS } from './core/durable.js'
import type { LogDeps } from './core/effects/persistence/persistLog.js'
import type { EventInput } from './core/events/defineEvent.js'
import { composeFeatures } from './core/features/composeFeatures.js'
import { BASE_FEATURES } from './core/features/baseFeatures.js'
import { LAZY_FEATURES } from './core/features/lazyFeatures.js'
import { pageIdle } from './adapters/pageIdle.js'
import { logPersistenceFeature } from './core/features/persistence.js'
import type { Feature } from './core/features/defineFeature.js'
import { isProductionBuild } from './core/isProductionBuild.js'
import { sessionStart } from './adapters/sessionStart.js'
import { pruneTabLogs, readTabLog, tabLogKey } from './adapters/storage/tabLogs.js'
import type { WalletConnectPort } from './core/ports.js'
import { createLazyWalletConnectSources } from './adapters/walletconnect/lazyWalletConnectAdapter.js'
import { createConnectorRegistry, type ConnectorRegistry } from './core/connectorRegistry.js'
import type { LendsSolanaToolkit, SolanaToolkit } from './adapters/solana/solanaToolkit.js'
import type { ApiDeps } from './core/effects/shared/dataDeps.js'
import { createApiDeps } from './adapters/api/createApiDeps.js'
import { apiRequestFailed } from './core/events/data/api.js'
import type { WalletRecord } from './core/domain/entities.js'
import { createWalletCommands, type WalletCommands } from './core/events/connection/walletCommands.js'
import { InvalidInputError, serializeError } from './core/errors/base.js'
import { effectFailed } from './core/events/modal/effects.js'
import { bannerShowRequested, type BannerVariant } from './core/events/modal/banner.js'
import type { Namespace, ViewName } from './core/events/views.js'
import type { ChainAdapter, ChainDeps } from './core/ports.js'
import type { AccountType, ModalState, SessionSettings, ThemeMode } from './core/state.js'
import { createStore, type Store } from './core/store.js'
import type { Eip1193Provider } from './core/ports.js'
import type { GangwayWalletClient, WalletClientOptions } from './walletClient.js'
import type { AuthConnector } from './core/ports.js'
import type { createLazyEmbeddedWallet } from './adapters/auth/lazyEmbeddedWallet.js'
import { assertModalOptions, type ModalOptions } from './options/modalOptions.js'
import { sessionSettings } from './options/sessionSettings.js'
import type { OpenOptions } from './commands/open.js'
import type { ThemeVariables } from './commands/setThemeVariables.js'
import { open } from './commands/open.js'
import { close } from './commands/close.js'
import { shake } from './commands/shake.js'
import { push } from './commands/push.js'
import { back } from './commands/back.js'
import { setThemeMode } from './commands/setThemeMode.js'
import { setLocale } from './commands/setLocale.js'
import { setThemeVariables } from './commands/setThemeVariables.js'
import { setPreferredAccountType } from './commands/setPreferredAccountType.js'
import { showBanner } from './commands/showBanner.js'
import { closeBanner } from './commands/closeBanner.js'
import { walletImageUrl } from './commands/walletImageUrl.js'
import { getProvider } from './commands/getProvider.js'
import { getWalletClient } from './commands/getWalletClient.js'
import { destroy } from './commands/destroy.js'

export type { ModalOptions } from './options/modalOptions.js'
export type { OpenOptions } from './commands/open.js'
export type { ThemeVariables } from './commands/setThemeVariables.js'

export type Modal = Store & WalletCommands & {
  readonly options: Readonly<ModalOptions>
  /** The state a server render and the first client render use (no hydration mismatch). */
  readonly serverState: ModalState
  /**
   * Resolves once the session has started and persisted data is applied: at once outside a
   * browser or in a page that has loaded, otherwise at the page's load event, sooner for a
   * returning visitor or the first dispatch. Events dispatched before wait for it.
   */
  readonly ready: Promise<void>
  open(options?: OpenOptions | ViewName): void
  close(): void
  shake(): void
  push(view: ViewName, data?: unknown): void
  back(): void
  setThemeMode(mode: ThemeMode): void
  /** Changes the modal's language (a BCP 47 tag); throws InvalidInputError for one that is not. */
  setLocale(locale: string): void
  /**
   * Sets theme variables at run time, over the `themeVariables` option (`null` removes one set
   * here). An event, so the devtools replay it; a bad name or value throws InvalidInputError.
   */
  setThemeVariables(variables: ThemeVariables): void
  setPreferredAccountType(type: AccountType, namespace?: Namespace): void
  showBanner(variant: BannerVariant, message: string): void
  closeBanner(): void
  /** The image URL of a directory wallet (its own URL, else the directory's), if it has one. */
  walletImageUrl(wallet: Pick<WalletRecord, 'image_id' | 'image_url'>): string | undefined
  /**
   * The EIP-1193 provider of the active connection in `namespace` (default `'eip155'`): the
   * injected / announced wallet's own provider, or the WalletConnect session's (its requests run
   * on the session's current chain). Resolves undefined when nothing is connected there. Async
   * because the WalletConnect adapter loads lazily; asking never loads it, nor prompts.
   *
   * @example
   * const provider = await modal.getProvider()
   * const client = createWalletClient({ transport: custom(provider!) })
   */
  getProvider(namespace?: Namespace): Promise<Eip1193Provider | undefined>
  /**
   * A viem `WalletClient` on the connected wallet: the connected address as its account, the
   * active network (or `chainId`, one of the host's networks) as its chain, `custom(provider)` as
   * its transport. Made on each call, from a chunk loaded on first use. Rejects with
   * `NoActiveAddressError` when nothing is connected in eip155, `NetworkNotFoundError` for a
   * chain the host does not list. The wallet's refusals reach you in viem's errors:
   * `isUserRejection(error)` tells them.
   *
   * @example
   * const client = await modal.getWalletClient()
   * const hash = await client.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, 10n ** 6n] })
   */
  getWalletClient(options?: WalletClientOptions): Promise<GangwayWalletClient>
  /** Stops effects; the modal keeps its last state. */
  destroy(): void
}

/**
 * Creates a modal: the event-sourced store with its effects, persistence and host commands.
 *
 * @example
 * const modal = createModal({ projectId: 'my-project', adapters: ['eip155'] })
 * modal.open()
 * modal.state$.subscribe((s) => console.log(s.router.view))
 */
export function createModal(options: ModalOptions): Modal {
  // Refused before anything starts: no storage read, no timer, no adapter.
  assertModalOptions(options)
  const hasWindow = typeof window !== 'undefined'
  const scheduler = options.scheduler ?? asyncScheduler
  // Reads that never settle give up after a while and the session runs from memory: a wedged
  // IndexedDB, or a host's own port that never answers, must not keep the modal from starting.
  const storage = withReadTimeout(
    options.storage ?? (hasWindow && typeof indexedDB !== 'undefined' ? createIdbStorage() : createMemoryStorage()),
    { scheduler },
  )
  // The durable state is read once, now: it tells a returning visitor, and the session starts with it.
  const storedDurable = storage.get<unknown>(STORAGE_KEYS.durable)
  // A failed read is the session's to report (storage/failed), not an unhandled rejection.
  storedDurable.catch(() => undefined)
  const clock = options.clock ?? { now: () => Date.now() }
  // Each tab keeps its own event log (two tabs of one app do not write over each other's).
  const logKey = options.persistLog === false ? STORAGE_KEYS.log : tabLogKey(hasWindow ? window : undefined)
  let store: Store | undefined
  const services = createApiDeps({
    projectId: options.projectId ?? '',
    apiUrl: options.apiUrl,
    directoryUrl: options.directoryUrl,
    analyticsUrl: options.analyticsUrl,
    walletDirectory: options.walletDirectory,
    blockchainApi: options.blockchainApi,
    analyticsSink: options.analyticsSink,
    origin: hasWindow && typeof location !== 'undefined' ? location.origin : null,
    getState: () => (store as Store).getState(),
    onFailure: (source, error) => store?.dispatch(apiRequestFailed({ source, error })),
  })
  // Every namespace's connectors in one registry: the host's chain adapters, then the embedded
  // wallet's and WalletConnect's connectors; effects reach them through its per-namespace views.
  const registry = createConnectorRegistry()
  const hostAdapters = chainAdapters(options.adapters, registry)
  const walletConnect = walletConnectPort(options, registry, hostAdapters)
  const adapters = registry.chainAdapters()
  const deps: LogDeps & ChainDeps & ApiDeps & { walletConnect: WalletConnectPort | undefined; auth: AuthConnector | undefined } = {
    adapters,
    walletConnect,
    auth: undefined,
    clock,
    scheduler,
    storage,
    analytics: options.analytics ?? services.analytics ?? { track: () => undefined },
    api: services.api,
    eventLog: { snapshot: () => store?.timeTravel.exportLog(), key: logKey },
  }
  type Deps = typeof deps
  // The modal is its features: the catalogue, root reducer, state and effects derive from them.
  const features: Feature<Deps>[] = [...BASE_FEATURES, ...(options.persistLog === false ? [] : [logPersistenceFeature]), ...(options.modules ?? [])]
  // The other built-in features join when first needed, each from a chunk of its own.
  const composed = composeFeatures<Deps>(features, { autoFreeze: options.autoFreeze ?? !isProductionBuild(), lazy: LAZY_FEATURES })
  let settings: SessionSettings
  try {
    settings = sessionSettings(options, hasWindow)
    settings.services = { walletDirectory: !!services.api.directory, blockchainApi: !!services.api.blockchain }
    assertValidEvent(composed.catalogue, sessionStarted(settings))
  } catch (error) {
    // The options schema lets through only what makes valid settings; this names a field it missed.
    const e = error as Partial<InvalidInputError>
    throw new InvalidInputError(`Invalid options: ${e.details ?? (error instanceof Error ? error.message : 'the settings are not valid')}`, { cause: error })
  }
  const directory = services.api.directory
  const log: Promise<unknown> =
    options.persistLog === false
      ? Promise.resolve(undefined)
      : readTabLog(storage, logKey).then(
          (stored) => {
            void pruneTabLogs(storage, logKey, clock.now()).catch(() => undefined)
            return stored
          },
          () => undefined,
        )
  // The effects (every feature's, in the features' order) load when the session may start: on a
  // first visit once the page has loaded, sooner for a returning visitor or an early dispatch
  // (sessionStart). Until the session starts, dispatched events wait.
  const start = sessionStart(
    hasWindow ? window : undefined,
    storedDurable.then((durable) => durable != null, () => false),
  )
  const lazyFailures: { feature: string; error: unknown }[] = []
  // The embedded wallet's connector comes in a chunk of its own, before the session starts, only
  // for a host that configures it: the others do not carry it. Without it the session still starts.
  const embedded = options.embeddedWallet
    ? import('./adapters/auth/lazyEmbeddedWallet.js').then(
        (m) => {
          deps.auth = embeddedWalletPort(m.createLazyEmbeddedWallet, options, registry, hostAdapters)
          Object.assign(adapters, registry.chainAdapters())
        },
        (error: unknown) => void lazyFailures.push({ feature: 'embeddedWallet', error }),
      )
    : undefined
  // Features pick their effects by the ports they find (the embedded wallet's once its connector has come).
  const effects = Promise.all([start.ready, embedded]).then(() => composed.loadEffects(deps, (feature, error) => lazyFailures.push({ feature, error })))
  // The stored durable state, checked field by field, as the events the session starts with.
  // Optimization: the checks come in the start-up effects' chunk (one request for both), off
  // the host's first bundle.
  const hydration: Promise<EventInput[]> = start.ready
    .then(() => import('./core/effects/shared/startupEffects.js'))
    .then(
      ({ hydrationEvents }) => storedDurable.then((value) => hydrationEvents({ value }), (error: unknown) => hydrationEvents({ error })),
      (error: unknown) => [storageFailed({ operation: 'hydrate', error: serializeError(error) }), storageHydrated({})],
    )
  store = createStore({
    deps,
    reducer: composed.reducer,
    catalogue: composed.catalogue,
    lazy: composed,
    maxLogBytes: options.maxLogBytes,
    initialState: composed.reducer.initial(settings),
    onHold: start.now,
  })
  const s = store
  // A stored log names the lazy features it used: they load before it is replayed.
  const replayable = log.then(async (stored) => {
    await s.timeTravel.prepareImport(stored)
    return stored
  })
  // The stored log, the effects and the durable state, read side by side, start the session in
  // one step: the log replays, session/started and storage/hydrated follow at once, and `ready`
  // resolves with the durable state applied.
  const ready = Promise.all([replayable, effects, hydration])
    .then(([log, loaded, hydrated]) => {
      const { unreadableLog } = s.start(settings, log, loaded, hydrated)
      if (unreadableLog) {
        // Kept as it was, under its own key, for a bug report; the session starts without it.
        storage.set(STORAGE_KEYS.unreadableLog, log).catch(() => undefined)
        s.dispatch(storageFailed({ operation: 'loadLog', error: serializeError(unreadableLog) }))
      }
      for (const { feature, error } of lazyFailures) s.dispatch(effectFailed({ effect: `loadEffects(${feature})`, error: serializeError(error) }))
      if (!options.projectId) s.dispatch(bannerShowRequested({ variant: 'error', message: 'Project ID Not Configured' }))
    })
    .then(
      () => undefined,
      // Nothing stored may keep the modal from being ready; what failed is in the log.
      () => undefined,
    )
  // The chunks of the lazy features the host's settings make likely load when the page is idle,
  // so that opening one of their views waits on no network.
  void ready
    .then(() => pageIdle(hasWindow ? window : undefined))
    .then((idle) => {
      if (!idle) return
      for (const f of composed.lazy) if (f.configured?.(settings)) composed.load(f.name).catch(() => undefined)
    })

  return {
    ...s,
    options,
    serverState: s.getState(),
    ...createWalletCommands(s),
    ready,
    open: open(s),
    close: close(s),
    shake: shake(s),
    push: push(s),
    back: back(s),
    setThemeMode: setThemeMode(s),
    setLocale: setLocale(s),
    setThemeVariables: setThemeVariables(s),
    setPreferredAccountType: setPreferredAccountType(s),
    showBanner: showBanner(s),
    closeBanner: closeBanner(s),
    walletImageUrl: walletImageUrl(directory),
    getProvider: getProvider(s, adapters),
    getWalletClient: getWalletClient(s, adapters),
    destroy: destroy(s),
  }
}

/** Registers the host's chain adapters (a later one of a namespace replaces an earlier one); returns them by namespace. */
function chainAdapters(adapters: ModalOptions['adapters'], registry: ConnectorRegistry): ChainDeps['adapters'] {
  const out: ChainDeps['adapters'] = {}
  for (const a of adapters ?? []) {
    if (typeof a === 'string') continue
    out[a.namespace] = a
    registry.register({ namespace: a.namespace, adapter: a })
  }
  return out
}

/** The Solana adapter's toolkit, which the embedded wallet's and WalletConnect's Solana sides sign and send with. */
function solanaToolkitOf(adapter: ChainAdapter | undefined): (() => Promise<SolanaToolkit>) | undefined {
  const lender = adapter as (ChainAdapter & LendsSolanaToolkit) | undefined
  return lender?.loadSolanaToolkit ? () => lender.loadSolanaToolkit!() : undefined
}

/**
 * The WalletConnect port: from the `walletConnect` option (its connector registered in eip155,
 * and in solana beside the host's Solana adapter), or from a WalletConnect adapter the host passed itself.
 */
function walletConnectPort(o: ModalOptions, registry: ConnectorRegistry, host: ChainDeps['adapters']): WalletConnectPort | undefined {
  if (o.walletConnect) {
    // Lazy: the adapter, viem and the universal provider stay out of the host's initial bundle.
    const sources = createLazyWalletConnectSources({ projectId: o.projectId, networks: o.networks ?? [], ...(o.siwx ? { signIn: {} } : {}), ...o.walletConnect }, o.walletConnect.load)
    registry.register(sources.eip155)
    // The session's Solana side is one of the Solana connectors; the Solana adapter lends it its toolkit.
    if (host.solana) registry.register(sources.solana(host.solana))
    return sources.walletConnect
  }
  for (const a of Object.values(host)) {
    const port = (a as { walletConnect?: WalletConnectPort }).walletConnect
    if (port) return port
  }
  return undefined
}

/**
 * The embedded wallet's port, from the `embeddedWallet` option: its connector registered in
 * eip155, and in solana beside the host's Solana adapter.
 */
function embeddedWalletPort(
  create: typeof createLazyEmbeddedWallet,
  o: ModalOptions,
  registry: ConnectorRegistry,
  host: ChainDeps['adapters'],
): AuthConnector | undefined {
  if (!o.embeddedWallet) return undefined
  // Lazy: the frame client stays out of the host's initial bundle until the visitor signs in with it.
  const wallet = create(o.embeddedWallet, o.networks ?? [])
  registry.register(wallet.eip155)
  if (host.solana) registry.register(wallet.solana(solanaToolkitOf(host.solana)))
  return wallet.auth
}
