import { Subject } from 'rxjs'
import { EMBEDDED_FRAME_LOAD_TIMEOUT_MS, EMBEDDED_REQUEST_TIMEOUT_MS, FRAME_READY_DELAY_MS, SIGN_OUT_WAIT_MS } from '../../core/domain/constants.js'
import type { Connector, Network } from '../../core/domain/entities.js'
import { authConnector } from './authConnector.js'
import { AUTH_CONNECTOR_ID } from '../../core/events/embeddedWallet/embeddedWallet.js'
import {
  FRAME_PROTOCOL_VERSION,
  frameTheme,
  frameType,
  isHttpUrl,
  parseFrameMessage,
  type FrameAppData,
  type FrameRequestName,
  type FrameRequests,
  type FrameResponses,
  type FrameUser,
} from '../../core/domain/frameProtocol.js'
import { GangwayError } from '../../core/errors/base.js'
import { EmbeddedWalletError, EmbeddedWalletLoadError, EmbeddedWalletTimeoutError } from '../../core/errors/auth.js'
import type { ThemeVariableName } from '../../core/events/modal/preferences.js'
import type { AuthConnector, AuthUser, Eip1193Provider } from '../../core/ports.js'
import { SDK_TYPE, SDK_VERSION } from '../api/apiServices.js'
import { rpcEndpoints } from '../rpcEndpoints.js'

export type EmbeddedWalletOptions = {
  /**
   * The embedded wallet frame's page, on the wallet service's own origin (the local stack serves
   * one at `<auth service>/frame/`). The frame holds the visitor's keys; the modal only talks to it.
   */
  frameUrl: string
  /** How long the frame may take to announce itself ready (default 20 s, spec §9). */
  loadTimeoutMs?: number
  /** How long an e-mail, social or code request may take (default 120 s, spec §9). */
  requestTimeoutMs?: number
}

/** The frame client: the auth port, the connector the eip155 adapter lists, and the wallet's EIP-1193 provider. */
export type FrameConnector = AuthConnector & {
  readonly connector: Connector
  readonly provider: Eip1193Provider
  /** The user once connected (the frame's last report), else null. */
  readonly user: AuthUser | null
  /** Removes the frame and stops listening. */
  destroy(): void
}

/** The app as the frame is told of it: the project, its metadata (else the page's), the host's `themeVariables` option. */
export type FrameApp = {
  projectId?: string
  metadata?: FrameAppData['metadata']
  themeVariables?: Partial<Record<ThemeVariableName, string>>
}

type Pending = { resolve(payload: unknown): void; reject(error: unknown): void }
type Listener = (...args: any[]) => void

/**
 * The embedded wallet's client (spec §7): a hidden iframe on the wallet service's origin, spoken
 * to by posted messages; every request gets a success or an error reply. Only messages from the
 * frame's own window and origin are heard. The frame loads on first use; 500 ms after it
 * announced itself ready (spec §9) it is told the app's data and the modal's theme, and the
 * theme again whenever it changes. It shows itself only while it asks the visitor to approve a
 * signature or a transaction. A request the modal gives up on is withdrawn from the frame
 * (`RpcAbort`); one the frame did not answer in time reloads the frame.
 *
 * @example
 * const auth = createFrameConnector({ frameUrl: 'https://wallet.example.com/frame/' }, networks)
 * await auth.connectEmail({ email: 'ada@example.com' })
 */
export function createFrameConnector(
  options: EmbeddedWalletOptions,
  networks: readonly Network[],
  win: Window | undefined = typeof window !== 'undefined' ? window : undefined,
  app: FrameApp = {},
): FrameConnector {
  const frameOrigin = new URL(options.frameUrl).origin
  const loadTimeoutMs = options.loadTimeoutMs ?? EMBEDDED_FRAME_LOAD_TIMEOUT_MS
  const requestTimeoutMs = options.requestTimeoutMs ?? EMBEDDED_REQUEST_TIMEOUT_MS
  const evmNetworks = networks.filter((n) => n.chainNamespace === 'eip155')
  const pending = new Map<string, Pending>()
  const events$ = new Subject<{ type: 'sessionUpdated'; sessionToken: string } | { type: 'signedOut' }>()
  let restored: string | undefined
  const listeners = new Map<string, Set<Listener>>()
  let frame: HTMLIFrameElement | null = null
  let loading: Promise<void> | null = null
  let ready: (() => void) | null = null
  /** The frame has been told the app's data: theme changes go to it as they come. */
  let synced = false
  let theme = frameTheme('light', app.themeVariables ?? {})
  let user: AuthUser | null = null
  let caipNetworkId: string | null = null
  let seq = 0

  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))

  const onMessage = (event: MessageEvent) => {
    if (!frame || event.origin !== frameOrigin || event.source !== frame.contentWindow) return
    const message = parseFrameMessage(event.data)
    if (!message) return
    switch (message.type) {
      case frameType('ready'):
        if (message.version === FRAME_PROTOCOL_VERSION) ready?.()
        return
      case frameType('session'):
        if (message.token === null) {
          const wasConnected = user !== null
          user = null
          events$.next({ type: 'signedOut' })
          if (wasConnected) emit('accountsChanged', [])
        } else events$.next({ type: 'sessionUpdated', sessionToken: message.token })
        return
      case frameType('prompt'):
        // The frame's approval prompt covers the page while it is up.
        frame.style.display = message.open ? 'block' : 'none'
        return
      case frameType('success'):
      case frameType('error'): {
        const waiting = pending.get(message.id)
        if (!waiting) return
        pending.delete(message.id)
        if (message.type === frameType('success')) waiting.resolve(message.payload)
        else waiting.reject(new EmbeddedWalletError(message.payload.message, message.payload.code === undefined ? {} : { code: message.payload.code }))
        return
      }
    }
  }

  /** The app's data for the frame (spec §3): the host's metadata, else the page's, and the app's EVM networks. */
  const appData = (): FrameAppData => ({
    metadata: appMetadata(app.metadata ?? pageMetadata(win!)),
    sdkVersion: SDK_VERSION,
    sdkType: SDK_TYPE,
    projectId: app.projectId ?? '',
    networks: evmNetworks.map((n) => {
      const rpcUrls = rpcEndpoints(n)
      return { caipNetworkId: n.caipNetworkId, name: n.name, rpcUrl: rpcUrls[0] ?? '', rpcUrls }
    }),
  })

  /**
   * Waits for `el` to announce itself ready (within the load timeout) and the frame-ready delay,
   * then tells it the app's data and the theme. A frame that does not come is removed: the next
   * request loads a new one.
   */
  const whenReady = (el: HTMLIFrameElement, loadFailed?: (fail: (error: unknown) => void) => void): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new EmbeddedWalletLoadError(`the frame at ${frameOrigin} did not answer in ${loadTimeoutMs} ms`)), loadTimeoutMs)
      const fail = (error: unknown) => {
        clearTimeout(timer)
        ready = null
        if (frame === el) {
          el.remove()
          frame = null
          loading = null
        }
        reject(error)
      }
      ready = () => {
        clearTimeout(timer)
        ready = null
        resolve()
      }
      loadFailed?.(fail)
    })
      .then(() => new Promise((resolve) => setTimeout(resolve, FRAME_READY_DELAY_MS)))
      .then(() => {
        synced = true
        const told = call('SyncDappData', appData())
        // The theme is the prompt's look: a frame that refuses it still works.
        call('SyncTheme', theme).catch(() => undefined)
        return told
      })
      .then(() => undefined)

  const load = (signal?: AbortSignal): Promise<void> => {
    if (!win) return Promise.reject(new EmbeddedWalletLoadError('no browser window'))
    if (!loading) {
      const doc = win.document
      const el = doc.createElement('iframe')
      const url = new URL(options.frameUrl)
      url.searchParams.set('parentOrigin', win.location.origin)
      el.src = url.href
      el.title = 'Embedded wallet'
      el.setAttribute('data-gangway-frame', '')
      // Hidden until it shows its own approval prompt; then it covers the page, above the modal.
      Object.assign(el.style, { display: 'none', position: 'fixed', inset: '0', width: '100%', height: '100%', border: '0', zIndex: '2147483647', background: 'transparent', colorScheme: 'normal' })
      frame = el
      win.addEventListener('message', onMessage)
      loading = whenReady(el, (fail) => el.addEventListener('error', () => fail(new EmbeddedWalletLoadError(`the frame at ${frameOrigin} failed to load`))))
      doc.body.appendChild(el)
    }
    return signal ? abortable(loading, signal) : loading
  }

  /**
   * Posts a request to the loaded frame, the parser's check first (what the frame would ignore
   * is refused here rather than left without an answer); its id, or null when it is refused.
   */
  function post<N extends FrameRequestName>(name: N, payload: FrameRequests[N]): string | null {
    const target = frame?.contentWindow
    const message = { type: frameType('request'), id: `${Date.now().toString(36)}-${++seq}`, name, payload }
    if (!target || !parseFrameMessage(message)) return null
    target.postMessage(message, frameOrigin)
    return message.id
  }

  /**
   * Posts a request to the loaded frame and waits for its reply (timeout: `timeoutMs`, none when
   * 0, then `onTimeout`). A request given up on by `signal` is withdrawn from the frame.
   */
  function call<N extends FrameRequestName>(name: N, payload: FrameRequests[N], signal?: AbortSignal, timeoutMs = 0, onTimeout?: () => void): Promise<FrameResponses[N]> {
    if (!frame?.contentWindow) return Promise.reject(new EmbeddedWalletLoadError('the frame is not loaded'))
    if (signal?.aborted) return Promise.reject(new EmbeddedWalletError('Request was aborted'))
    const id = post(name, payload)
    if (id === null) return Promise.reject(new EmbeddedWalletError('Something went wrong', { details: `the ${name} request is not the frame protocol's` }))
    const answer = new Promise<FrameResponses[N]>((resolve, reject) => {
      const timer =
        timeoutMs > 0
          ? setTimeout(() => {
              settle(() => reject(new EmbeddedWalletTimeoutError(name)))
              onTimeout?.()
            }, timeoutMs)
          : undefined
      const settle = (then: () => void) => {
        clearTimeout(timer)
        pending.delete(id)
        then()
      }
      pending.set(id, { resolve: (p) => settle(() => resolve(p as FrameResponses[N])), reject: (e) => settle(() => reject(e)) })
    })
    return signal
      ? abortable(answer, signal, () => {
          pending.delete(id)
          // The frame takes down its prompt for it, or stops waiting for the device approval.
          post('RpcAbort', { id })
        })
      : answer
  }

  /**
   * A frame that did not answer in time starts over: it is asked to reload (its session stays in
   * its storage), and the next request waits until it is ready again. Requests still waiting get
   * no answer from the page that goes: 'Request was aborted'.
   */
  const reload = () => {
    const el = frame
    if (!el || !synced) return
    synced = false
    for (const waiting of [...pending.values()]) waiting.reject(new EmbeddedWalletError('Request was aborted'))
    loading = whenReady(el)
    // A frame that never comes back fails the next request, which loads a new one.
    loading.catch(() => undefined)
    post('Reload', {})
  }

  /** Loads the frame first, then makes the request; one with a timeout that the frame leaves unanswered reloads it. */
  const ask = <N extends FrameRequestName>(name: N, payload: FrameRequests[N], signal?: AbortSignal, timeoutMs = 0) =>
    load(signal).then(() => call(name, payload, signal, timeoutMs, reload))

  const remember = (u: FrameUser): AuthUser => {
    caipNetworkId = u.caipNetworkId
    user = {
      ...(u.email ? { email: u.email } : {}),
      ...(u.username ? { username: u.username } : {}),
      // The account in use first: the smart account once the visitor switched to it.
      accounts: u.accounts?.length ? u.accounts.map((a) => ({ address: a.address, type: a.type })) : [{ address: u.address, type: 'eoa' }],
      ...(u.solanaAddress ? { solanaAddress: u.solanaAddress } : {}),
      caipNetworkId: u.caipNetworkId,
      auth: u.auth,
      smartAccountDeployed: u.smartAccountDeployed,
      preferredAccountType: u.preferredAccountType,
    }
    return user
  }

  /**
   * Keeps the user the frame answered and tells the page when its accounts changed: after a
   * switch of account type, or of network (the smart account exists on some networks only).
   */
  const rememberAndTell = (u: FrameUser): void => {
    const before = user?.accounts.map((a) => a.address).join()
    const now = remember(u)
    if (now.accounts.map((a) => a.address).join() !== before) emit('accountsChanged', now.accounts.map((a) => a.address))
  }

  const currentUser = async (): Promise<AuthUser | null> => {
    if (user) return user
    const { isConnected } = await ask('IsConnected', restored ? { token: restored } : {})
    if (!isConnected) return null
    return remember(await call('GetUser', {}))
  }

  const chainHex = (caip: string) => `0x${Number(caip.split(':')[1]).toString(16)}`

  /** A request the frame's wallet answers; its refusal keeps its EIP-1193 code (4001), so callers tell it apart. */
  const rpc = async (method: string, params: unknown): Promise<unknown> => {
    try {
      const { result } = await ask('Rpc', { method, params })
      return result
    } catch (error) {
      if (error instanceof GangwayError) throw Object.assign(new Error(error.shortMessage), { code: typeof error.code === 'number' ? error.code : -32603 })
      throw error
    }
  }

  const provider: Eip1193Provider = {
    accountType: (address) => {
      const type = user?.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())?.type
      return type === 'eoa' || type === 'smartAccount' ? type : undefined
    },
    async request({ method, params }) {
      const list = (Array.isArray(params) ? params : []) as unknown[]
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts': {
          const u = await currentUser()
          if (!u) {
            if (method === 'eth_accounts') return []
            throw Object.assign(new Error('Not connected'), { code: 4100 })
          }
          return u.accounts.map((a) => a.address)
        }
        case 'eth_chainId': {
          caipNetworkId ??= (await ask('GetChainId', {})).caipNetworkId
          return chainHex(caipNetworkId)
        }
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain': {
          const hex = (list[0] as { chainId?: string } | undefined)?.chainId
          const target = `eip155:${Number(hex)}`
          if (!evmNetworks.some((n) => n.caipNetworkId === target)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          const { caipNetworkId: now } = await ask('SwitchNetwork', { caipNetworkId: target })
          caipNetworkId = now
          if (user) rememberAndTell(await call('GetUser', {}))
          emit('chainChanged', chainHex(now))
          return null
        }
        // EIP-2255's `[{ eth_accounts: {} }]` (what a dapp's "disconnect" sends) signs out;
        // ERC-7715's `[{ permissionContext }]` revokes a session permission: the frame's business.
        case 'wallet_revokePermissions': {
          if (revokesAccounts(list)) {
            await signOut()
            return null
          }
          return rpc(method, params)
        }
        default:
          return rpc(method, params)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  const signOut = async (): Promise<void> => {
    const wasConnected = user !== null
    user = null
    // The frame has 3 s to sign out (spec §9); the modal forgets the user either way.
    if (frame) await call('SignOut', {}, undefined, SIGN_OUT_WAIT_MS).catch(() => undefined)
    if (wasConnected) emit('accountsChanged', [])
  }

  const connector = authConnector(networks)

  return {
    connectorId: AUTH_CONNECTOR_ID,
    connector,
    provider,
    get user() {
      return user
    },
    load,
    connectEmail: (r, signal) => ask('ConnectEmail', { email: r.email }, signal, requestTimeoutMs),
    // The visitor opens the mailed link whenever they get to it: no timeout but the modal's own.
    connectDevice: (signal) => ask('ConnectDevice', {}, signal).then(() => undefined),
    connectOtp: (r, signal) => ask('ConnectOtp', { otp: r.otp }, signal, requestTimeoutMs).then((u) => void remember(u)),
    getSocialRedirectUri: (r, signal) => ask('GetSocialRedirectUri', { provider: r.provider, origin: win?.location.origin ?? '' }, signal, requestTimeoutMs),
    connectSocial: (r, signal) => ask('ConnectSocial', { uri: r.uri }, signal, requestTimeoutMs).then(remember),
    getFarcasterUri: (signal) => ask('GetFarcasterUri', {}, signal, requestTimeoutMs),
    connectFarcaster: (signal) => ask('ConnectFarcaster', {}, signal).then(remember),
    getUser: (r, signal) => ask('GetUser', r, signal).then(remember),
    isConnected: (signal) => ask('IsConnected', restored ? { token: restored } : {}, signal).then((r) => r.isConnected),
    restoreSession: (sessionToken) => {
      restored = sessionToken
    },
    switchNetwork: async (r, signal) => {
      caipNetworkId = (await ask('SwitchNetwork', r, signal)).caipNetworkId
    },
    request: (r, signal) => ask('Rpc', r, signal).then((x) => x.result),
    abortRequest: async () => {
      if (synced) post('RpcAbort', {})
    },
    syncTheme: (t) => {
      theme = frameTheme(t.themeMode, { ...app.themeVariables, ...t.themeVariables })
      if (synced) call('SyncTheme', theme).catch(() => undefined)
    },
    updateEmail: (r, signal) => ask('UpdateEmail', r, signal, requestTimeoutMs),
    updateEmailPrimaryOtp: (r, signal) => ask('UpdateEmailPrimaryOtp', r, signal, requestTimeoutMs).then(() => undefined),
    updateEmailSecondaryOtp: (r, signal) =>
      ask('UpdateEmailSecondaryOtp', r, signal, requestTimeoutMs).then((x) => {
        if (user) user = { ...user, email: x.newEmail }
        return x
      }),
    setPreferredAccountType: (r, signal) =>
      ask('SetPreferredAccount', r, signal).then(rememberAndTell),
    getSmartAccountEnabledNetworks: (signal) => ask('GetSmartAccountEnabledNetworks', {}, signal).then((r) => r.smartAccountEnabledNetworks),
    signOut,
    events: () => events$.asObservable(),
    destroy() {
      win?.removeEventListener('message', onMessage)
      frame?.remove()
      frame = null
      loading = null
      synced = false
      for (const p of pending.values()) p.reject(new EmbeddedWalletError('Request was aborted'))
      pending.clear()
    },
  }
}

/** The longest name and description the frame takes; at most this many icons (http(s) URLs). */
const MAX_NAME = 256
const MAX_DESCRIPTION = 1_000
const MAX_ICONS = 16

/** App metadata cut to what the frame protocol takes. */
function appMetadata(m: FrameAppData['metadata']): FrameAppData['metadata'] {
  const icons = m.icons.filter(isHttpUrl).slice(0, MAX_ICONS)
  return { name: m.name.slice(0, MAX_NAME), description: m.description.slice(0, MAX_DESCRIPTION), url: m.url, icons }
}

/** The page's own metadata: its title, its description, its origin, its icons. */
function pageMetadata(win: Window): FrameAppData['metadata'] {
  const doc = win.document
  const icons = [...doc.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')].map((link) => link.href)
  return { name: doc.title, description: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? '', url: win.location.origin, icons }
}

/** `promise`, or a rejection with 'Request was aborted' once `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal, onAbort?: () => void): Promise<T> {
  if (signal.aborted) {
    onAbort?.()
    return Promise.reject(new EmbeddedWalletError('Request was aborted'))
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.()
      reject(new EmbeddedWalletError('Request was aborted'))
    }
    signal.addEventListener('abort', abort, { once: true })
    promise.then(
      (v) => {
        signal.removeEventListener('abort', abort)
        resolve(v)
      },
      (e: unknown) => {
        signal.removeEventListener('abort', abort)
        reject(e)
      },
    )
  })
}

/**
 * Whether `wallet_revokePermissions` params are EIP-2255's (revoke the site's account access:
 * `[{ eth_accounts: {} }]`), not ERC-7715's (`[{ permissionContext }]`).
 *
 * @example
 * revokesAccounts([{ eth_accounts: {} }]) // true
 * revokesAccounts([{ permissionContext: '0x…' }]) // false
 */
export function revokesAccounts(params: readonly unknown[]): boolean {
  const first = params[0]
  return typeof first === 'object' && first !== null && 'eth_accounts' in first
}
