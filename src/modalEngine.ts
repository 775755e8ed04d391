import { asyncScheduler, filter, firstValueFrom, map } from 'rxjs'
import { storageFailed, storageHydrated } from './core/events/persistence/storage.js'
import { hydrationEvents, lateHydrationEvents } from './core/readDurable.js'
import { sessionStarted } from './core/events/modal/session.js'
import { assertValidEvent } from './core/events/catalogue.js'
import { selectDurable, STORAGE_KEYS } from './core/durable.js'
import type { LogDeps } from './core/effects/persistence/persistLog.js'
import type { EventInput } from './core/events/defineEvent.js'
import { composeFeatures } from './core/features/composeFeatures.js'
import { BASE_FEATURES } from './core/features/baseFeatures.js'
import { lazyFeaturesOf } from './core/features/lazyFeatureDescriptions.js'
import { pageIdle } from './adapters/pageIdle.js'
import { createTabChannel } from './adapters/storage/tabChannel.js'
import { logPersistenceFeature } from './core/features/persistence.js'
import type { Feature, FeatureChunks } from './core/features/defineFeature.js'
import { isProductionBuild } from './core/isProductionBuild.js'
import type { SessionStart } from './adapters/sessionStart.js'
import type { WalletConnectPort } from './core/ports.js'
import { createLazyWalletConnectSources } from './adapters/walletconnect/lazyWalletConnectAdapter.js'
import { createConnectorRegistry, type ConnectorRegistry } from './core/connectorRegistry.js'
import type { LendsSolanaToolkit, SolanaToolkit } from './adapters/solana/solanaToolkit.js'
import type { ApiDeps } from './core/effects/shared/dataDeps.js'
import { createApiDeps } from './adapters/api/createApiDeps.js'
import { apiRequestFailed } from './core/events/data/api.js'
import { createWalletCommands } from './core/events/connection/walletCommands.js'
import { InvalidInputError, serializeError } from './core/errors/base.js'
import { effectFailed } from './core/events/modal/effects.js'
import { bannerShowRequested } from './core/events/modal/banner.js'
import type { ChainAdapter, ChainDeps, Clock, RpcGateway } from './core/ports.js'
import type { TimedStorage } from './adapters/storage/readTimeout.js'
import type { SessionSettings } from './core/state.js'
import { preloadLazyFeatures } from './preloadLazyFeatures.js'
import { createStore, type Store } from './core/store.js'
import type { AuthConnector } from './core/ports.js'
import type { createLazyEmbeddedWallet } from './adapters/auth/lazyEmbeddedWallet.js'
import { hostModules, modulesEventProblem, optionalModules, type ModalOptions } from './options/modalOptions.js'
import type { Modal } from './createModal.js'
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
import { getProvider } from './commands/getProvider.js'
import { getWalletClient } from './commands/getWalletClient.js'
import { destroy } from './commands/destroy.js'
import { callsCommands } from './commands/calls.js'
import { permissionsCommands } from './commands/permissions.js'
import { payCommands } from './commands/pay.js'

/**
 * The modal's engine: the event-sourced store with its features, effects, persistence and the
 * host commands that need them. It loads in a chunk of its own when the session may start
 * (`createModal` holds the modal until then), so a host's first bundle carries none of it.
 */

/** What `createModal` has already read and decided when the engine starts. */
export type EngineStart = {
  readonly hasWindow: boolean
  /** The storage, its reads giving up after a while. */
  readonly storage: TimedStorage
  /** The durable state, as read at `createModal`. */
  readonly storedDurable: Promise<unknown>
  /** What that read reads if it gave up and settles after all (never resolves otherwise). */
  readonly lateDurable: Promise<unknown>
  /** This tab's stored event log, as read at `createModal` (undefined if none or unreadable). */
  readonly log: Promise<unknown>
  readonly logKey: string
  readonly clock: Clock
  readonly settings: SessionSettings
  readonly start: SessionStart
}

/** The parts of a modal its engine makes (the rest `createModal` makes at once). */
export type Engine = Omit<Modal, 'options' | 'serverState' | 'walletImageUrl' | 'directoryImageUrl'> & Pick<Store, 'start'>

/**
 * Starts a modal's engine on options `createModal` has checked. Throws InvalidInputError
 * (`Invalid options: …`) for what only the composed features can tell: a host module's event
 * whose type a built-in event has, settings the session's schema refuses.
 */
export function startModalEngine(options: ModalOptions, begun: EngineStart): Engine {
  const { hasWindow, storage, storedDurable, lateDurable, log, logKey, clock, settings, start } = begun
  const scheduler = options.scheduler ?? asyncScheduler
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
  // Spec §7: with a gateway, each network is read through its JSON-RPC too (see `rpcEndpoints`).
  const rpcGateway = options.apiUrl && options.projectId ? { apiUrl: options.apiUrl, projectId: options.projectId } : undefined
  const hostAdapters = chainAdapters(options.adapters, registry, rpcGateway)
  const wc = walletConnectPort(options, registry, hostAdapters, rpcGateway)
  const adapters = registry.chainAdapters()
  const deps: LogDeps &
    ChainDeps &
    ApiDeps & { walletConnect: WalletConnectPort | undefined; auth: AuthConnector | undefined; featureChunks: Record<string, FeatureChunks | undefined> } = {
    adapters,
    walletConnect: wc?.port,
    auth: undefined,
    // The effects of the features the host brought (its imports carry them; the modal names none).
    featureChunks: { walletConnect: wc?.chunks, embeddedWallet: options.embeddedWallet, siwx: options.siwx },
    clock,
    scheduler,
    storage,
    // The other open tabs of the app (same origin, same project), unless the host turned it off.
    tabs:
      options.tabSync === false
        ? undefined
        : typeof options.tabSync === 'object'
          ? options.tabSync
          : createTabChannel(hasWindow ? window : undefined, `gangway:tabs:${options.projectId ?? ''}`),
    analytics: options.analytics ?? services.analytics ?? { track: () => undefined },
    api: services.api,
    eventLog: { snapshot: () => store?.storedLog(), key: logKey, restored: () => store?.timeTravel.whenRestored() ?? Promise.resolve() },
  }
  type Deps = typeof deps
  // The modal is its features: the catalogue, root reducer, state and effects derive from them.
  const builtIn: Feature<Deps>[] = [...BASE_FEATURES, ...(options.persistLog === false ? [] : [logPersistenceFeature])]
  const own = hostModules(options)
  // Only a host with modules of its own pays for the map of built-in event types.
  const modules = own.length ? modulesEventProblem(own, new Map(builtIn.flatMap((f) => f.events.map((e) => [e.type, e] as const)))) : null
  if (modules) throw new InvalidInputError(`Invalid options: ${modules}`)
  const features: Feature<Deps>[] = [...builtIn, ...own]
  // The optional features the host passed join when first needed, each from a chunk of its own.
  const lazy = lazyFeaturesOf<Deps>(optionalModules(options))
  const composed = composeFeatures<Deps>(features, { autoFreeze: options.autoFreeze ?? !isProductionBuild(), lazy })
  try {
    assertValidEvent(composed.catalogue, sessionStarted(settings))
  } catch (error) {
    // The options schema lets through only what makes valid settings; this names a field it missed.
    const e = error as Partial<InvalidInputError>
    throw new InvalidInputError(`Invalid options: ${e.details ?? (error instanceof Error ? error.message : 'the settings are not valid')}`, { cause: error })
  }
  const lazyFailures: { feature: string; error: unknown }[] = []
  // The embedded wallet's connector comes in a chunk of its own, before the session starts, only
  // for a host that configures it: the others do not carry it. Without it the session still starts.
  const embedded = options.embeddedWallet
    ? options.embeddedWallet.load().then(
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
  const hydration: Promise<EventInput[]> = storedDurable.then((value) => hydrationEvents({ value }), (error: unknown) => hydrationEvents({ error }))
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
  /** A stored log that cannot be replayed: kept as it was, under its own key, for a bug report, and reported. */
  const setAside = (stored: unknown, unreadableLog: InvalidInputError | undefined): void => {
    if (!unreadableLog) return
    storage.set(STORAGE_KEYS.unreadableLog, stored).catch(() => undefined)
    s.dispatch(storageFailed({ operation: 'loadLog', error: serializeError(unreadableLog) }))
  }
  const ready = Promise.all([replayable, effects, hydration])
    .then(([log, loaded, hydrated]) => {
      // The session starts without a log it cannot read.
      setAside(log, s.start(settings, log, loaded, hydrated).unreadableLog)
      // A reload started from the stored present state: the stored events join the log in a
      // task of their own, after the host has had `ready` (a macrotask, on virtual time too).
      setTimeout(() => void s.joinHistory().then(({ unreadableLog }) => setAside(log, unreadableLog)), 0)
      for (const { feature, error } of lazyFailures) s.dispatch(effectFailed({ effect: `loadEffects(${feature})`, error: serializeError(error) }))
      if (!options.projectId) s.dispatch(bannerShowRequested({ variant: 'error', message: 'Project ID Not Configured' }))
    })
    .then(
      () => undefined,
      // Nothing stored may keep the modal from being ready; what failed is in the log.
      () => undefined,
    )
  void ready.then(() => preloadLazyFeatures(s, composed, settings, pageIdle(hasWindow ? window : undefined)))
  // A durable read that gave up and then settled after all (a busy page or device, not a wedged
  // storage): the session takes in what was stored, keeping what the visitor changed since the
  // start, and writes the record there again, so what the modal shows is what the next load reads.
  const startedWith = firstValueFrom(s.event$.pipe(filter(storageHydrated.match), map(() => selectDurable(s.timeTravel.log.presentState))))
  void Promise.all([lateDurable, startedWith, ready]).then(([value, since]) => {
    storage.adopt(STORAGE_KEYS.durable)
    for (const event of lateHydrationEvents(value, since, selectDurable(s.timeTravel.log.presentState))) s.dispatch(event)
  })

  return {
    ...s,
    ...createWalletCommands(s),
    ...callsCommands(s, optionalModules(options).find((m) => m.optional === 'calls'), ready),
    ...permissionsCommands(s, optionalModules(options).find((m) => m.optional === 'permissions'), ready),
    ...payCommands(s, optionalModules(options).find((m) => m.optional === 'pay'), ready),
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
    getProvider: getProvider(s, adapters),
    getWalletClient: getWalletClient(s, adapters),
    destroy: destroy(s),
  }
}

/** Registers the host's chain adapters (a later one of a namespace replaces an earlier one); returns them by namespace. */
function chainAdapters(adapters: ModalOptions['adapters'], registry: ConnectorRegistry, rpcGateway: RpcGateway | undefined): ChainDeps['adapters'] {
  const out: ChainDeps['adapters'] = {}
  for (const a of adapters ?? []) {
    if (typeof a === 'string') continue
    if (rpcGateway) a.setRpcGateway?.(rpcGateway)
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
 * in solana beside the host's Solana adapter and in bip122 beside its Bitcoin adapter), or from a
 * WalletConnect adapter the host passed itself.
 */
function walletConnectPort(
  o: ModalOptions,
  registry: ConnectorRegistry,
  host: ChainDeps['adapters'],
  rpcGateway: RpcGateway | undefined,
): { port: WalletConnectPort; chunks: FeatureChunks | undefined } | undefined {
  if (o.walletConnect) {
    // Lazy: the adapter, viem and the universal provider stay out of the host's initial bundle.
    const sources = createLazyWalletConnectSources(
      { projectId: o.projectId, networks: o.networks ?? [], ...(o.siwx ? { signIn: {} } : {}), ...(rpcGateway ? { rpcGateway } : {}), ...o.walletConnect },
      o.walletConnect.load,
    )
    registry.register(sources.eip155)
    // The session's Solana side is one of the Solana connectors; the Solana adapter lends it its toolkit.
    if (host.solana) registry.register(sources.solana(host.solana))
    // Its Bitcoin side, beside the host's Bitcoin adapter (which lends it its runtime).
    if (host.bip122) registry.register(sources.bitcoin(host.bip122))
    return { port: sources.walletConnect, chunks: o.walletConnect }
  }
  for (const a of Object.values(host)) {
    const { walletConnect: port, walletConnectFeature: chunks } = a as { walletConnect?: WalletConnectPort; walletConnectFeature?: FeatureChunks }
    if (port) return { port, chunks }
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
  const wallet = create(o.embeddedWallet, o.networks ?? [], {
    ...(o.projectId ? { projectId: o.projectId } : {}),
    ...(o.walletConnect?.metadata ? { metadata: o.walletConnect.metadata } : {}),
    ...(o.themeVariables ? { themeVariables: o.themeVariables } : {}),
  })
  registry.register(wallet.eip155)
  if (host.solana) registry.register(wallet.solana(solanaToolkitOf(host.solana)))
  return wallet.auth
}
