import { asyncScheduler, filter, firstValueFrom, type SchedulerLike } from 'rxjs'
import { storageFailed, storageHydrated } from './core/events/storage.js'
import { sessionStarted } from './core/events/session.js'
import { assertValidEvent } from './core/events/catalogue.js'
import { isPlainObject, show } from './core/events/schema.js'
import { withReadTimeout } from './adapters/storage/readTimeout.js'
import { withReadAhead } from './adapters/storage/readAhead.js'
import { createIdbStorage } from './adapters/storage/idbStorage.js'
import { createMemoryStorage } from './adapters/storage/memoryStorage.js'
import { STORAGE_KEYS } from './core/durable.js'
import type { LogDeps } from './core/effects/persistLog.js'
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
import type { WalletConnectOptions } from './adapters/walletconnect/createWalletConnectAdapter.js'
import { createLazyWalletConnectSources } from './adapters/walletconnect/lazyWalletConnectAdapter.js'
import { createConnectorRegistry, type ConnectorRegistry } from './core/connectorRegistry.js'
import type { LendsSolanaToolkit, SolanaToolkit } from './adapters/solana/solanaToolkit.js'
import type { ApiDeps } from './core/effects/dataDeps.js'
import { createApiDeps } from './adapters/api/createApiDeps.js'
import type { AnalyticsSink, BlockchainApi, WalletDirectory } from './core/apiPorts.js'
import { apiRequestFailed } from './core/events/api.js'
import type { Network, WalletRecord } from './core/domain/entities.js'
import { isSwapChainId } from './core/domain/swap.js'
import { createWalletCommands, type WalletCommands } from './core/events/walletCommands.js'
import { GangwayError, InvalidInputError, serializeError } from './core/errors/base.js'
import { effectFailed } from './core/events/effects.js'
import { bannerClosed, bannerShowRequested, type BannerVariant } from './core/events/banner.js'
import type { EventInput } from './core/events/defineEvent.js'
import { modalCloseRequested, modalOpenRequested, modalShakeRequested } from './core/events/modal.js'
import { accountTypePreferred, canonicalLocale, localeChanged, themeModeChanged, themeVariablesChanged, themeVariablesProblem, type ThemeVariableName } from './core/events/preferences.js'
import { routerPushed, routerWentBack } from './core/events/router.js'
import type { Namespace, ViewName } from './core/events/views.js'
import type { Analytics, ChainAdapter, ChainDeps, Clock, Storage } from './core/ports.js'
import type { AccountType, Features, ModalState, SessionSettings, ThemeMode } from './core/state.js'
import { createStore, type Store } from './core/store.js'
import type { Eip1193Provider } from './core/ports.js'
import type { GangwayWalletClient, WalletClientOptions } from './walletClient.js'
import { activeProvider } from './walletProvider.js'
import type { AuthConnector } from './core/ports.js'
import type { EmbeddedWalletOptions } from './adapters/auth/createFrameConnector.js'
import { createLazyEmbeddedWallet } from './adapters/auth/lazyEmbeddedWallet.js'

export type ModalOptions = {
  /** Your project id; without one the modal shows 'Project ID Not Configured'. */
  projectId: string
  /** Local feature flags (spec §1); remote project configuration overrides them. */
  features?: Partial<Features>
  themeMode?: ThemeMode
  /** CSS variables laid over the theme, e.g. `{ '--gw-accent': '#0a7' }`. */
  themeVariables?: Record<string, string>
  /**
   * Chain adapters (`createEvmAdapter()`), or bare namespaces served elsewhere. With none, the
   * modal opens straight to WalletConnect.
   */
  adapters?: readonly (ChainAdapter | Namespace)[]
  /** The networks the app supports (spec §3 Network data: CAIP ids, RPC URLs, native currency). */
  networks?: readonly Network[]
  /** Reconnect previously authorised wallets on load (default true). */
  reconnect?: boolean
  defaultNamespace?: Namespace
  /** The host drives WalletConnect itself. */
  manualControl?: boolean
  /** The modal is embedded in the page: closing shows Account when connected. */
  embedded?: boolean
  /** Overrides the mobile detection (user agent and a narrow screen). */
  isMobile?: boolean
  /**
   * Sign-in with a wallet (EIP-4361 on EVM accounts): after connect the modal asks the visitor to
   * sign a message, and keeps the session. `required` keeps the sign-in view open until a session
   * exists; `statement` is the message's one line to the visitor. `hosted` also hands each
   * session to the gateway's session store (`/v1/sessions/{address}` on `apiUrl`), which verifies
   * it; Account then lists the address's sessions, each revocable with a wallet signature.
   */
  siwx?: { required?: boolean; statement?: string; hosted?: boolean }
  /**
   * The app's terms of service and privacy policy (http(s) URLs): Connect says that connecting
   * agrees to them, with links; with the `legalCheckbox` feature the visitor ticks a box first.
   */
  legal?: { termsUrl?: string; privacyUrl?: string }
  /**
   * The modal's language, a BCP 47 tag: English (`'en'`, the default), Spanish (`'es'`), Japanese
   * (`'ja'`) or Arabic (`'ar'`, laid out right to left); another language shows English. Numbers,
   * amounts and times follow it. `modal.setLocale` changes it at run time.
   */
  locale?: string
  /**
   * The EIP-155 networks (CAIP-2, e.g. `'eip155:8453'`) the Swap view offers swaps on, through
   * the swap API of `apiUrl`; by default the 12 networks of `DEFAULT_SWAP_CHAINS`. Swaps show in
   * Account when the `swaps` feature is on.
   */
  swapChains?: string[]
  /** Legacy sign-in option; cannot be combined with `siwx`. */
  siweConfig?: unknown
  smartAccounts?: { enabled: boolean }
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  /** Persistence; IndexedDB in browsers and memory elsewhere by default. */
  storage?: Storage
  analytics?: Analytics
  clock?: Clock
  scheduler?: SchedulerLike
  /** Keep the event log across reloads (default true). */
  persistLog?: boolean
  /** Bytes of events the log keeps (spec §9: 1,024,000). */
  maxLogBytes?: number
  /**
   * Feature modules of the host's own, composed after the built-in ones: their events join the
   * catalogue, their slices the state, their effects run beside Gangway's.
   */
  modules?: readonly Feature<LogDeps>[]
  /** Deep-freeze states (default: on, off in production builds). */
  autoFreeze?: boolean
  /**
   * WalletConnect (a phone wallet by QR code or deep link): the relay URL, the app's metadata and
   * more. Adds the WalletConnect connector to the eip155 adapter (or serves eip155 alone); its
   * provider loads lazily. The project id and networks default to the modal's.
   */
  walletConnect?: Omit<WalletConnectOptions, 'projectId' | 'networks'> & Partial<Pick<WalletConnectOptions, 'projectId' | 'networks'>>
  /**
   * The embedded wallet (e-mail login): `frameUrl` is the wallet frame's page on its service's
   * own origin (`npm start` serves one at `<auth service>/frame/`). Connect then offers an e-mail
   * field; the wallet connects as the eip155 connector `auth`. The frame loads on first use.
   */
  embeddedWallet?: EmbeddedWalletOptions
  /**
   * Base URL of the blockchain data API (balances, history, prices), and of the wallet directory
   * API unless `directoryUrl` is given. Without URLs the modal makes no HTTP requests.
   */
  apiUrl?: string
  /** Base URL of the wallet directory API: wallet lists, images, project configuration, origins. */
  directoryUrl?: string
  /** Base URL of analytics (`POST /e`); default: the wallet directory API's. */
  analyticsUrl?: string
  /** Directory ids of wallets listed first (Connect view and AllWallets). */
  featuredWalletIds?: readonly string[]
  /** Only these directory wallets are listed. */
  includeWalletIds?: readonly string[]
  /** These directory wallets are never listed. */
  excludeWalletIds?: readonly string[]
  /** Ports used instead of the clients the URLs would make (tests, custom transports). */
  walletDirectory?: WalletDirectory
  blockchainApi?: BlockchainApi
  analyticsSink?: AnalyticsSink
}

export type OpenOptions = { view?: ViewName; namespace?: Namespace }

/** Theme variables set at run time: a CSS value per variable, or null to remove one. */
export type ThemeVariables = Partial<Record<ThemeVariableName, string | null>>

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
  if (options.siweConfig !== undefined && options.siwx !== undefined) {
    throw new InvalidInputError('Cannot set both siweConfig and siwx options')
  }
  const statement = options.siwx?.statement
  // EIP-4361: the statement is one line; a message the wallet would sign wrongly is refused up front.
  if (statement !== undefined && (typeof statement !== 'string' || /[\r\n]/.test(statement))) {
    throw new InvalidInputError('Invalid SIWX statement', { details: 'siwx.statement must be a string of one line' })
  }
  for (const [key, url] of Object.entries(options.legal ?? {})) {
    if (url !== undefined && !isHttpUrl(url)) {
      throw new InvalidInputError('Invalid options', { details: `legal.${key} must be an http(s) URL` })
    }
  }
  if (options.swapChains !== undefined && (!Array.isArray(options.swapChains) || !options.swapChains.every(isSwapChainId))) {
    throw new InvalidInputError('Invalid options', { details: "swapChains must be a list of EIP-155 CAIP-2 ids such as 'eip155:8453'" })
  }
  if (options.locale !== undefined && canonicalLocale(options.locale) === null) {
    throw new InvalidInputError('Invalid options', { details: 'locale must be a BCP 47 language tag such as "es" or "ja-JP"' })
  }
  if (options.siwx?.hosted && !options.apiUrl) {
    throw new InvalidInputError('Invalid SIWX options', { details: 'siwx.hosted needs apiUrl, the gateway that keeps the sessions' })
  }
  const hasWindow = typeof window !== 'undefined'
  const scheduler = options.scheduler ?? asyncScheduler
  // Reads that never settle give up after a while and the session runs from memory: a wedged
  // IndexedDB must not keep the modal from starting.
  const timed = withReadTimeout(
    options.storage ?? (hasWindow && typeof indexedDB !== 'undefined' ? createIdbStorage() : createMemoryStorage()),
    { scheduler },
  )
  // The durable state is read once: early, to know a returning visitor, and by hydration.
  const { storage, value: storedDurable } = withReadAhead(timed, STORAGE_KEYS.durable)
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
  const auth = embeddedWalletPort(options, registry, hostAdapters)
  const walletConnect = walletConnectPort(options, registry, hostAdapters)
  const adapters = registry.chainAdapters()
  const deps: LogDeps & ChainDeps & ApiDeps & { walletConnect: WalletConnectPort | undefined; auth: AuthConnector | undefined } = {
    adapters,
    walletConnect,
    auth,
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
    const themeProblem = options.themeVariables === undefined ? null : themeVariablesProblem(options.themeVariables, 'themeVariables')
    if (themeProblem) throw new InvalidInputError('Invalid options', { details: themeProblem })
    settings = sessionSettings(options, hasWindow)
    settings.services = { walletDirectory: !!services.api.directory, blockchainApi: !!services.api.blockchain }
    assertValidEvent(composed.catalogue, sessionStarted(settings))
  } catch (error) {
    const e = error as Partial<InvalidInputError>
    throw new InvalidInputError('Invalid options', { details: e.details ?? (error instanceof Error ? error.message : undefined), cause: error })
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
  const effects = start.ready.then(() => composed.loadEffects(deps, (feature, error) => lazyFailures.push({ feature, error })))
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
  const ready = Promise.all([replayable, effects])
    .then(([log, loaded]) => {
      const hydrated = firstValueFrom(s.event$.pipe(filter(storageHydrated.match)))
      const { unreadableLog } = s.start(settings, log, loaded)
      if (unreadableLog) {
        // Kept as it was, under its own key, for a bug report; the session starts without it.
        storage.set(STORAGE_KEYS.unreadableLog, log).catch(() => undefined)
        s.dispatch(storageFailed({ operation: 'loadLog', error: serializeError(unreadableLog) }))
      }
      for (const { feature, error } of lazyFailures) s.dispatch(effectFailed({ effect: `loadEffects(${feature})`, error: serializeError(error) }))
      if (!options.projectId) s.dispatch(bannerShowRequested({ variant: 'error', message: 'Project ID Not Configured' }))
      return hydrated
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

  /** Builds and dispatches a host command's event; any bad argument is an InvalidInputError, nothing dispatched. */
  const command = (name: string, build: () => EventInput): void => {
    let event: EventInput
    try {
      event = build()
    } catch (error) {
      if (error instanceof GangwayError) throw error
      throw new InvalidInputError(`Invalid ${name} arguments`, { details: error instanceof Error ? error.message : undefined, cause: error })
    }
    s.dispatch(event)
  }
  return {
    ...s,
    options,
    serverState: s.getState(),
    ...createWalletCommands(s),
    ready,
    open: (o) => command('open', () => modalOpenRequested(openPayload(o))),
    close: () => command('close', () => modalCloseRequested({})),
    shake: () => command('shake', () => modalShakeRequested({})),
    push: (view, data) => command('push', () => routerPushed(data === undefined ? { view } : { view, data })),
    back: () => command('back', () => routerWentBack({})),
    setThemeMode: (mode) => command('setThemeMode', () => themeModeChanged({ mode })),
    setLocale: (locale) =>
      command('setLocale', () => {
        const canonical = canonicalLocale(locale)
        if (canonical === null) throw new InvalidInputError('Invalid setLocale arguments', { details: `'${String(locale).slice(0, 64)}' is not a BCP 47 language tag` })
        return localeChanged({ locale: canonical })
      }),
    setThemeVariables: (variables) =>
      command('setThemeVariables', () => {
        const problem = themeVariablesProblem(variables, 'variables', true)
        if (problem) throw new InvalidInputError('Invalid setThemeVariables arguments', { details: problem })
        return themeVariablesChanged({ variables: { ...variables } })
      }),
    setPreferredAccountType: (type, namespace) =>
      command('setPreferredAccountType', () => accountTypePreferred(namespace !== undefined ? { type, namespace } : { type })),
    showBanner: (variant, message) => command('showBanner', () => bannerShowRequested({ variant, message })),
    closeBanner: () => command('closeBanner', () => bannerClosed({})),
    walletImageUrl: (wallet) =>
      isPlainObject(wallet) ? wallet.image_url || (wallet.image_id && directory ? directory.walletImageUrl(wallet.image_id) : undefined) : undefined,
    getProvider: (namespace) => activeProvider(s.getState(), adapters, namespace),
    // Optimization: viem's wallet client loads on first use, never with the start-up bundle.
    getWalletClient: (o) => import('./walletClient.js').then((m) => m.createActiveWalletClient(s.getState(), adapters, o)),
    destroy: () => s.stop(),
  }
}

/** `open()`, `open('Networks')` or `open({ view, namespace })`; anything else is refused. */
function openPayload(o: unknown): OpenOptions {
  if (o === undefined) return {}
  if (typeof o === 'string') return { view: o as ViewName }
  if (!isPlainObject(o)) throw new InvalidInputError('Invalid open arguments', { details: `expected a view name or { view, namespace }, got ${show(o)}` })
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(o)) if (value !== undefined) out[key] = value
  return out as OpenOptions
}

function sessionSettings(o: ModalOptions, hasWindow: boolean): SessionSettings {
  const settings: SessionSettings = {
    projectId: o.projectId ?? '',
    adapters: [...new Set([...(o.adapters ?? []).map((a) => (typeof a === 'string' ? a : a.namespace)), ...(o.walletConnect ? (['eip155'] as const) : [])])],
    isMobile: o.isMobile ?? (hasWindow ? detectMobile() : false),
  }
  if (!o.adapters?.length) settings.noChainAdapters = true
  if (hasWindow && inTelegramMiniApp()) settings.miniApp = 'telegram'
  if (o.features) settings.features = JSON.parse(JSON.stringify(o.features)) as Partial<Features>
  if (o.themeMode) settings.themeMode = o.themeMode
  if (o.defaultNamespace) settings.defaultNamespace = o.defaultNamespace
  if (o.manualControl) settings.manualControl = true
  if (o.embedded) settings.embedded = true
  if (o.siwx) {
    const { statement } = o.siwx
    settings.siwx = {
      required: !!o.siwx.required,
      ...(typeof statement === 'string' && statement.trim() ? { statement: statement.trim() } : {}),
      ...(o.siwx.hosted ? { hosted: true } : {}),
    }
  }
  if (o.legal && (o.legal.termsUrl || o.legal.privacyUrl)) {
    settings.legal = { ...(o.legal.termsUrl ? { termsUrl: o.legal.termsUrl } : {}), ...(o.legal.privacyUrl ? { privacyUrl: o.legal.privacyUrl } : {}) }
  }
  if (o.locale) settings.locale = canonicalLocale(o.locale)!
  if (o.swapChains) settings.swapChains = [...new Set(o.swapChains)]
  if (o.smartAccounts) settings.smartAccounts = { enabled: !!o.smartAccounts.enabled }
  if (o.allowUnsupportedChain !== undefined) settings.allowUnsupportedChain = o.allowUnsupportedChain
  if (o.enableNetworkSwitch !== undefined) settings.enableNetworkSwitch = o.enableNetworkSwitch
  if (o.networks) settings.networks = JSON.parse(JSON.stringify(o.networks)) as Network[]
  if (o.reconnect === false) settings.reconnect = false
  const walletFilters: NonNullable<SessionSettings['walletFilters']> = {}
  if (o.featuredWalletIds?.length) walletFilters.featured = [...o.featuredWalletIds]
  if (o.includeWalletIds?.length) walletFilters.include = [...o.includeWalletIds]
  if (o.excludeWalletIds?.length) walletFilters.exclude = [...o.excludeWalletIds]
  if (Object.keys(walletFilters).length) settings.walletFilters = walletFilters
  return settings
}

function detectMobile(): boolean {
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : ''
  return /Android|iPhone|iPad|iPod|Mobile/i.test(ua)
}

/** A page opened as a Telegram mini-app: Telegram's web app script found launch data. */
function inTelegramMiniApp(): boolean {
  try {
    const webApp = (window as { Telegram?: { WebApp?: { initData?: unknown } } }).Telegram?.WebApp
    return typeof webApp?.initData === 'string' && webApp.initData.length > 0
  } catch {
    return false
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
    const sources = createLazyWalletConnectSources({ projectId: o.projectId, networks: o.networks ?? [], ...(o.siwx ? { signIn: {} } : {}), ...o.walletConnect })
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
function embeddedWalletPort(o: ModalOptions, registry: ConnectorRegistry, host: ChainDeps['adapters']): AuthConnector | undefined {
  if (!o.embeddedWallet) return undefined
  if (!isHttpUrl(o.embeddedWallet.frameUrl)) {
    throw new InvalidInputError('Invalid options', { details: 'embeddedWallet.frameUrl must be an http(s) URL' })
  }
  // Lazy: the frame client stays out of the host's initial bundle until the visitor signs in with it.
  const wallet = createLazyEmbeddedWallet(o.embeddedWallet, o.networks ?? [])
  registry.register(wallet.eip155)
  if (host.solana) registry.register(wallet.solana(solanaToolkitOf(host.solana)))
  return wallet.auth
}

/** An absolute http(s) URL without spaces. */
function isHttpUrl(url: unknown): boolean {
  if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(url)) return false
  try {
    return new URL(url).host !== ''
  } catch {
    return false
  }
}
