import { Observable } from 'rxjs'
import { withReadTimeout } from './adapters/storage/readTimeout.js'
import { createIdbStorage } from './adapters/storage/idbStorage.js'
import { createMemoryStorage } from './adapters/storage/memoryStorage.js'
import { pruneTabLogs, readTabLog, tabLogKey, tabSeenBefore } from './adapters/storage/tabLogs.js'
import { sessionStart, sessionStartOnDemand } from './adapters/sessionStart.js'
import { configuredServices, directoryImages } from './adapters/api/apiServices.js'
import { STORAGE_KEYS } from './core/durable.js'
import { InvalidInputError } from './core/errors/base.js'
import type { StampedEvent } from './core/events/defineEvent.js'
import type { BannerVariant } from './core/events/modal/banner.js'
import type { Namespace, ViewName } from './core/events/views.js'
import type { WalletCommands } from './core/events/connection/walletCommands.js'
import type { CallsCommands } from './core/events/calls/callsCommands.js'
import type { PermissionsCommands } from './core/events/permissions/permissionsCommands.js'
import type { PayCommands } from './core/events/pay/payCommands.js'
import type { WalletRecord } from './core/domain/entities.js'
import type { Eip1193Provider } from './core/ports.js'
import { baseInitialState } from './core/reducers/baseInitialState.js'
import type { AccountType, ModalState, SessionSettings, ThemeMode } from './core/state.js'
import type { Store } from './core/store.js'
import type { GangwayWalletClient, WalletClientOptions } from './walletClient.js'
import { assertModalOptions, hostModules, type ModalOptions } from './options/modalOptions.js'
import { sessionSettings } from './options/sessionSettings.js'
import type { OpenOptions } from './commands/open.js'
import type { ThemeVariables } from './commands/setThemeVariables.js'
import { walletImageUrl } from './commands/walletImageUrl.js'
import { directoryImageUrl, type DirectoryImageKind } from './commands/directoryImageUrl.js'
import type { Engine } from './modalEngine.js'

export type { ModalOptions } from './options/modalOptions.js'
export type { OpenOptions } from './commands/open.js'
export type { ThemeVariables } from './commands/setThemeVariables.js'

export type Modal = Omit<Store, 'start' | 'joinHistory' | 'storedLog'> & WalletCommands & CallsCommands & PermissionsCommands & PayCommands & {
  readonly options: Readonly<ModalOptions>
  /** The state a server render and the first client render use (no hydration mismatch). */
  readonly serverState: ModalState
  /**
   * Resolves once the session has started and persisted data is applied: in a page that has
   * loaded at once, otherwise once the browser is idle after the page's load event, sooner for a returning visitor or the
   * first dispatch or command; outside a browser (a server render) only once asked for (this
   * property, a dispatch or a command). Events dispatched and commands called
   * before wait for it (their arguments are checked when the modal's engine has loaded: a bad
   * one is then reported in the console). Always resolves. A reload starts from the state the
   * page before left; that page's event history joins `timeTravel.log` right after
   * (`timeTravel.whenRestored()`).
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
   * The wallet directory's image of a network asset (a network's `assets.imageId`), a fiat
   * currency (`'USD'`) or a token (its symbol, `'USDC'`), as the modal shows them; undefined
   * without a directory (`apiUrl`, `directoryUrl` or `walletDirectory`). No request is made.
   *
   * @example
   * <img src={modal.directoryImageUrl('token', 'USDC')} alt="" />
   */
  directoryImageUrl(kind: DirectoryImageKind, id: string): string | undefined
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
 * Creates a modal: options checked, what is stored read, and the state it starts in, at once;
 * its engine (the event-sourced store with its features, effects and persistence) loads in a
 * chunk of its own when the session may start (see `ready`), so that a host's first bundle and
 * first render carry only this. Until then the modal shows the state it starts in, and what is
 * dispatched or commanded waits for the engine, in order.
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
  let settings: SessionSettings
  try {
    settings = sessionSettings(options, hasWindow)
  } catch (error) {
    throw new InvalidInputError(`Invalid options: ${error instanceof Error ? error.message : 'the settings are not valid'}`, { cause: error })
  }
  const projectId = options.projectId ?? ''
  settings.services = configuredServices({ ...options, projectId })
  // Reads that never settle give up after a while and the session runs from memory: a wedged
  // IndexedDB, or a host's own port that never answers, must not keep the modal from starting.
  const storage = withReadTimeout(
    options.storage ?? (hasWindow && typeof indexedDB !== 'undefined' ? createIdbStorage() : createMemoryStorage()),
    { scheduler: options.scheduler, ms: options.storageReadTimeoutMs },
  )
  const clock = options.clock ?? { now: () => Date.now() }
  // A tab that had a modal before (a reload) is a returning visitor: known now, before any read.
  const reload = options.persistLog !== false && tabSeenBefore(hasWindow ? window : undefined)
  // Each tab keeps its own event log (two tabs of one app do not write over each other's).
  const logKey = options.persistLog === false ? STORAGE_KEYS.log : tabLogKey(hasWindow ? window : undefined)
  let reads: { storedDurable: Promise<unknown>; lateDurable: Promise<unknown>; log: Promise<unknown> } | undefined
  /** What is stored, read once: the durable state (it tells a returning visitor, and the session starts with it) and this tab's log. */
  const read = () => {
    if (reads) return reads
    const storedDurable = storage.get<unknown>(STORAGE_KEYS.durable)
    // A failed read is the session's to report (storage/failed), not an unhandled rejection.
    storedDurable.catch(() => undefined)
    // A read that gives up may still settle (a busy page): the engine takes in what it reads then.
    const lateDurable = storage.late(STORAGE_KEYS.durable)
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
    return (reads = { storedDurable, lateDurable, log })
  }
  // In a page, the engine loads when the session may start: on a first visit once the page has
  // loaded, sooner for a returning visitor or when something is dispatched or commanded
  // (start.now()). On a server (no window) the modal is inert: it reads nothing and loads no
  // engine until something asks for its session (a dispatch, a command, \`ready\`), so a modal
  // created at a module's top level renders on the server as the browser's first render does.
  // In a page, what is stored is read at once, beside the host's own start.
  if (hasWindow) read()
  const start = hasWindow
    ? sessionStart(
        window,
        reload ? Promise.resolve(true) : read().storedDurable.then((durable) => durable != null, () => false),
      )
    : sessionStartOnDemand()
  const initial = baseInitialState(settings, hostModules(options).flatMap((m) => m.slices))
  let engine: Engine | undefined
  let destroyed = false
  // What was dispatched or commanded before the engine loaded, in order.
  const waiting: ((e: Engine) => void)[] = []
  // Subscriptions taken before the engine loaded; each moves to the engine when it has.
  const early = new Set<{ listener: (state: ModalState) => void; stop?: () => void }>()
  const loaded: Promise<Engine> = start.ready
    .then(() => {
      if (destroyed) throw new Error('The modal was destroyed before it started')
      return import('./modalEngine.js')
    })
    .then((m) => {
      const e = m.startModalEngine(options, { hasWindow, storage, ...read(), logKey, clock, settings, start })
      engine = e
      // Optimization: the hot calls go straight to the engine from now on (a host that kept the
      // earlier functions still reaches it through them).
      Object.assign(modal, { dispatch: e.dispatch, getState: e.getState, subscribe: e.subscribe })
      for (const run of waiting.splice(0)) run(e)
      // Its state, until the session starts, equals the one the modal started in: no change to tell.
      for (const sub of early) sub.stop = e.subscribe(sub.listener)
      return e
    })
  loaded.catch((error: unknown) => {
    if (!destroyed) console.error(error instanceof InvalidInputError ? error.message : error)
  })
  /** Runs `run` on the engine: now, or once it has loaded (asking for the session to start). */
  const later = (run: (e: Engine) => void): void => {
    if (destroyed) return
    waiting.push((e) => {
      try {
        run(e)
      } catch (error) {
        // A bad argument, checked now: the call that made it has returned long ago.
        console.error(error instanceof InvalidInputError ? error.message : error)
      }
    })
    start.now()
  }
  /** A command that returns nothing: run at once on the engine, or once it has loaded. */
  const command =
    <A extends unknown[]>(of: (e: Engine) => (...args: A) => void) =>
    (...args: A): void => {
      if (engine) return of(engine)(...args)
      later((e) => of(e)(...args))
    }
  /** A command that answers through a promise: on the engine once it has loaded. */
  const request =
    <A extends unknown[], R>(of: (e: Engine) => (...args: A) => Promise<R>, starts = true) =>
    (...args: A): Promise<R> => {
      if (engine) return of(engine)(...args)
      if (starts || !hasWindow) start.now()
      return loaded.then((e) => of(e)(...args))
    }
  const getState = (): ModalState => (engine ? engine.getState() : initial)
  const subscribe = (listener: (state: ModalState) => void): (() => void) => {
    if (engine) return engine.subscribe(listener)
    const sub: { listener: (state: ModalState) => void; stop?: () => void } = { listener }
    early.add(sub)
    return () => {
      early.delete(sub)
      sub.stop?.()
    }
  }
  const state$ = new Observable<ModalState>((subscriber) => {
    subscriber.next(getState())
    return subscribe((state) => subscriber.next(state))
  }) as Observable<ModalState> & { readonly value: ModalState }
  Object.defineProperty(state$, 'value', { get: getState })
  const event$ = new Observable<StampedEvent>((subscriber) => {
    if (engine) return engine.event$.subscribe(subscriber)
    let inner: { unsubscribe(): void } | undefined
    let closed = false
    loaded.then((e) => {
      if (!closed) inner = e.event$.subscribe(subscriber)
    }, () => undefined)
    return () => {
      closed = true
      inner?.unsubscribe()
    }
  })
  const ready = loaded.then((e) => e.ready, () => undefined)
  const destroy = (): void => {
    if (engine) return engine.destroy()
    destroyed = true
    waiting.length = 0
  }
  const images = directoryImages({ ...options, projectId })
  const modal: Modal = {
    options,
    serverState: initial,
    getState,
    subscribe,
    state$,
    event$,
    get timeTravel() {
      if (!engine) throw new Error('modal.timeTravel is there once modal.ready has resolved')
      return engine.timeTravel
    },
    dispatch: command((e) => e.dispatch),
    whenLoaded: () => (engine ? engine.whenLoaded() : loaded.then((e) => e.whenLoaded(), () => undefined)),
    // Asking whether a server's modal is ready starts it (in a page it starts on its own).
    get ready() {
      if (!hasWindow) start.now()
      return ready
    },
    open: command((e) => e.open),
    close: command((e) => e.close),
    shake: command((e) => e.shake),
    push: command((e) => e.push),
    back: command((e) => e.back),
    setThemeMode: command((e) => e.setThemeMode),
    setLocale: command((e) => e.setLocale),
    setThemeVariables: command((e) => e.setThemeVariables),
    setPreferredAccountType: command((e) => e.setPreferredAccountType),
    showBanner: command((e) => e.showBanner),
    closeBanner: command((e) => e.closeBanner),
    refreshBalance: command((e) => e.refreshBalance),
    connect: request((e) => e.connect),
    disconnect: request((e) => e.disconnect),
    switchNetwork: request((e) => e.switchNetwork),
    switchConnection: request((e) => e.switchConnection),
    signMessage: request((e) => e.signMessage),
    signTypedData: request((e) => e.signTypedData),
    signPsbt: request((e) => e.signPsbt),
    send: request((e) => e.send),
    sendCalls: request((e) => e.sendCalls),
    getCallsStatus: request((e) => e.getCallsStatus),
    getCapabilities: request((e) => e.getCapabilities),
    showCallsStatus: request((e) => e.showCallsStatus),
    requestPermissions: request((e) => e.requestPermissions),
    revokePermission: request((e) => e.revokePermission),
    getPermissions: request((e) => e.getPermissions),
    pay: request((e) => e.pay),
    // Asking for a provider never starts anything: it answers once the session has started.
    getProvider: request((e) => e.getProvider, false),
    getWalletClient: request((e) => e.getWalletClient, false),
    walletImageUrl: walletImageUrl(images),
    directoryImageUrl: directoryImageUrl(images),
    stop: destroy,
    destroy,
  }
  return modal
}
