import type { SchedulerLike } from 'rxjs'
import type { EmbeddedWalletOptions } from '../adapters/auth/createFrameConnector.js'
import type { WalletConnectOptions } from '../adapters/walletconnect/createWalletConnectAdapter.js'
import type { LoadWalletConnect } from '../adapters/walletconnect/lazyWalletConnectAdapter.js'
import type { LoadEmbeddedWallet } from '../adapters/auth/lazyEmbeddedWallet.js'
import type { AnalyticsSink, BlockchainApi, WalletDirectory } from '../core/apiPorts.js'
import type { Network } from '../core/domain/entities.js'
import { DEFAULT_CONNECT_METHOD_ORDER, type ConnectMethod } from '../core/domain/constants.js'
import { isSwapChainId } from '../core/domain/swap.js'
import { isSiwxStatement } from '../core/domain/siwxStatement.js'
import type { LogDeps } from '../core/effects/persistence/persistLog.js'
import { InvalidInputError } from '../core/errors/base.js'
import { SiwxOptionsConflictError } from '../core/errors/domain.js'
import { canonicalLocale, themeVariablesProblem } from '../core/events/modal/preferences.js'
import { array, boolean, literal, oneOf, optional, plainDataProblem, show, string, type Schema } from '../core/events/schema.js'
import { featuresSchema, networkSchema } from '../core/events/modal/session.js'
import { namespaceSchema, type Namespace } from '../core/events/views.js'
import { isUrl, networkProblem } from './networkProblem.js'
import { BASE_FEATURE_NAMES } from '../core/features/baseFeatureNames.js'
import { BASE_INITIAL } from '../core/reducers/baseInitialState.js'
import { LAZY_FEATURE_DESCRIPTIONS as LAZY_FEATURES } from '../core/features/lazyFeatureDescriptions.js'
import { isOptionalFeature, type Feature, type FeatureChunks, type OptionalFeature } from '../core/features/defineFeature.js'
import type { Analytics, ChainAdapter, Clock, Storage, TabChannel } from '../core/ports.js'
import type { Features, ThemeMode } from '../core/state.js'

/** WalletConnect's options in `createModal`: the project id and networks default to the modal's, the gateway JSON-RPC is its `apiUrl`'s. */
export type WalletConnectModalOptions = Omit<WalletConnectOptions, 'projectId' | 'networks' | 'rpcGateway'> & Partial<Pick<WalletConnectOptions, 'projectId' | 'networks'>>

/** The `walletConnect` option: its options, and how its connector, effects and views load (see `walletConnect()` of `gangway-kit/walletconnect`). */
export type WalletConnectSetup = WalletConnectModalOptions & Required<FeatureChunks> & { readonly load: LoadWalletConnect }

/** Sign-in with a wallet's options (see `siwx()` of `gangway-kit/features`). */
export type SiwxOptions = { required?: boolean; statement?: string; hosted?: boolean }

/** The `siwx` option: its options, and how its effects and views load (see `siwx()` of `gangway-kit/features`). */
export type SiwxSetup = SiwxOptions & Required<FeatureChunks>

/** The `embeddedWallet` option: its options, and how its connector, effects and views load (see `embeddedWallet()` of `gangway-kit/features`). */
export type EmbeddedWalletSetup = EmbeddedWalletOptions & Required<FeatureChunks> & { readonly load: LoadEmbeddedWallet }

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
   * Sign-in with a wallet (EIP-4361 on EVM accounts), made by `siwx({ … })` of
   * `gangway-kit/features`: after connect the modal asks the visitor to sign a message, and keeps
   * the session. `required` keeps the sign-in view open until a session exists; `statement` is
   * the message's one line to the visitor. `hosted` also hands each session to the gateway's
   * session store (`/v1/sessions/{address}` on `apiUrl`), which verifies it; Account then lists
   * the address's sessions, each revocable with a wallet signature.
   */
  siwx?: SiwxSetup
  /**
   * The app's terms of service and privacy policy (http(s) URLs): Connect says that connecting
   * agrees to them, with links; with the `legalCheckbox` feature the visitor ticks a box first.
   */
  legal?: { termsUrl?: string; privacyUrl?: string }
  /**
   * The modal's language, a BCP 47 tag: English (`'en'`, the default), Spanish (`'es'`), Japanese
   * (`'ja'`), Arabic (`'ar'`, laid out right to left), French (`'fr'`), German (`'de'`),
   * Portuguese (`'pt'`) or Hebrew (`'he'`, right to left); another language shows English.
   * `'auto'` follows the browser's languages (`navigator.languages`; English on a server).
   * Numbers, amounts, times and plurals follow it (`Intl`). `modal.setLocale` changes it at run time.
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
  /**
   * How long the first reads of `storage` may take before the session starts from memory
   * (default 3,000 ms); a stored record that answers later is still taken in. 100–60,000.
   */
  storageReadTimeoutMs?: number
  analytics?: Analytics
  clock?: Clock
  scheduler?: SchedulerLike
  /** Keep the event log across reloads (default true). */
  persistLog?: boolean
  /**
   * Keep the open tabs of the app in agreement (default true): a connect, disconnect, network
   * switch, sign-in or sign-out, theme or account type chosen in one tab reaches the others at
   * once (BroadcastChannel on a channel named after `projectId`, the `storage` event where it is
   * missing), each taking it in as events of its own log. `false` turns it off; a `TabChannel`
   * (`post`, `messages`) carries the messages instead (a host's own transport, a test's fake).
   */
  tabSync?: boolean | TabChannel
  /** Bytes of events the log keeps (spec §9: 1,024,000). */
  maxLogBytes?: number
  /**
   * Feature modules: Gangway's optional ones (`swaps()`, `onramp()`, `names()` of
   * `gangway-kit/features`, each loaded when first needed; one not passed stays off and is not in
   * the host's build), and the host's own, composed after the built-in ones: their events join
   * the catalogue, their slices the state, their effects run beside Gangway's.
   */
  modules?: readonly (Feature<LogDeps> | OptionalFeature)[]
  /** Deep-freeze states (default: on, off in production builds). */
  autoFreeze?: boolean
  /**
   * The nonce of the page's Content-Security-Policy (`style-src 'nonce-…'`), for the `<style>`
   * elements Gangway still renders: the ConnectButton's in server-rendered HTML, and every
   * stylesheet in browsers without constructable stylesheets. Elsewhere the stylesheets are
   * adopted, which a strict policy allows without a nonce.
   */
  cspNonce?: string
  /**
   * WalletConnect (a phone wallet by QR code or deep link), made by `walletConnect({ … })` of
   * `gangway-kit/walletconnect` with the relay URL, the app's metadata and more. Adds the
   * WalletConnect connector to the eip155 adapter (or serves eip155 alone); its provider loads
   * lazily. The project id and networks default to the modal's. The modal does not import
   * WalletConnect itself: a host without it builds without WalletConnect's packages.
   */
  walletConnect?: WalletConnectSetup
  /**
   * The embedded wallet (e-mail, social and Farcaster login), made by `embeddedWallet({ … })` of
   * `gangway-kit/features`: `frameUrl` is the wallet frame's page on its service's own origin
   * (`npm start` serves one at `<auth service>/frame/`). Connect then offers an e-mail field; the
   * wallet connects as the eip155 connector `auth`. The frame loads on first use.
   */
  embeddedWallet?: EmbeddedWalletSetup
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
  /**
   * Wallets never listed, by their reverse-DNS id (EIP-6963 `rdns`, e.g. `'io.metamask'`):
   * the browser's wallets on Connect and the directory's alike (spec §5).
   */
  excludeWalletRdns?: readonly string[]
  /** Wallets never listed, by their name as shown (exact, e.g. `'MetaMask'`): the browser's and the directory's alike. */
  excludeWalletNames?: readonly string[]
  /**
   * The order of Connect's ways to connect: `'email'` (the embedded wallet's e-mail field),
   * `'social'` (its social logins) and `'wallet'` (the wallets), each at most once; those left out
   * follow. By default e-mail, social, wallet, or the wallets first when one is installed in the
   * browser (spec §1). Collapse the wallets to one entry with the `collapseWallets` feature.
   */
  connectMethodsOrder?: readonly ConnectMethod[]
  /** Ports used instead of the clients the URLs would make (tests, custom transports). */
  walletDirectory?: WalletDirectory
  blockchainApi?: BlockchainApi
  analyticsSink?: AnalyticsSink
}

/**
 * Checks a host's options before anything starts: every field of `ModalOptions` that is set must
 * have its type (URLs http(s), or ws(s) for the WalletConnect relay; ports with their functions;
 * networks as JSON data), and the fields must fit together. Keys it does not know are left alone
 * (a host may pass its own through). Throws an InvalidInputError whose message starts with
 * `Invalid options:` and names the field.
 *
 * @example
 * assertModalOptions({ projectId: 'p', siwx: { statement: 'Sign in\nnow' } })
 * // InvalidInputError: Invalid options: siwx.statement must be one line of the characters EIP-4361 allows in a statement (…)
 */
export function assertModalOptions(options: unknown): asserts options is ModalOptions {
  const refusal = modalOptionsRefusal(options)
  if (refusal) throw new InvalidInputError(`Invalid options: ${refusal.problem}`, { cause: refusal.cause })
}

/** What is wrong with the options (the first problem found, its field path first), or null. */
export function modalOptionsProblem(options: unknown): string | null {
  return modalOptionsRefusal(options)?.problem ?? null
}

type Refusal = { problem: string; cause?: unknown }

function modalOptionsRefusal(options: unknown): Refusal | null {
  if (!isObject(options)) return { problem: `options must be an object, got ${show(options)}` }
  const values: Record<string, unknown> = {}
  for (const [key, schema] of Object.entries(FIELDS)) {
    let value: unknown
    try {
      value = (options as Record<string, unknown>)[key]
      const problem = schema.check(value, key)
      if (problem) return { problem }
    } catch (error) {
      // A getter or a proxy that throws while its field is read.
      return { problem: `${key} could not be read (${error instanceof Error ? error.message : show(error)})`, cause: error }
    }
    values[key] = value
  }
  const o = values as ModalOptions
  // Spec §5, as `siwxOptionsError` words it (not imported: the SIWX message code stays out of the first bundle).
  if (o.siweConfig != null && o.siwx != null) {
    const conflict = new SiwxOptionsConflictError()
    return { problem: conflict.shortMessage, cause: conflict }
  }
  if (o.siwx?.hosted && !o.apiUrl) return { problem: 'siwx.hosted needs apiUrl, the gateway that keeps the sessions' }
  const modules = o.modules === undefined ? null : modulesProblem(o.modules, o.persistLog !== false)
  return modules ? { problem: modules } : null
}

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const check = (test: (v: unknown) => boolean, expected: string): Schema<unknown> => ({
  check: (v, path) => (test(v) ? null : `${path} must be ${expected}, got ${show(v)}`),
})

const httpUrl = check((v) => isUrl(v, ['http:', 'https:']), 'an http(s) URL')
const wsUrl = check((v) => isUrl(v, ['ws:', 'wss:']), 'a ws(s) URL')
const positiveNumber = check((v) => typeof v === 'number' && Number.isFinite(v) && v > 0, 'a positive number')
/** A byte budget: a positive integer, or Infinity for a log that keeps everything. */
const byteBudget = check((v) => v === Infinity || (Number.isSafeInteger(v) && (v as number) > 0), 'a positive integer or Infinity')
const fn = check((v) => typeof v === 'function', 'a function')
const anyObject = check(isObject, 'an object')
const flag = optional(boolean())
/**
 * A CSP nonce-source's value (CSP 3 base64-value): base64 or base64url characters, up to two '='
 * at the end. Optimization: a short message, as this check is in the host's first bundle.
 */
const cspNonce = check((v) => typeof v === 'string' && /^[A-Za-z0-9+/_-]+={0,2}$/.test(v), 'a CSP nonce (base64)')
const ids = optional(array(string()))
/** Rdns ids or names a wallet is matched by: exact, so a blank one would match nothing. */
const walletKeys = optional(array(check((v) => typeof v === 'string' && v.trim() !== '', 'a non-empty string')))

/** A list whose entries each come once. */
function once(list: Schema<unknown>): Schema<unknown> {
  return {
    check: (v, path) => list.check(v, path) ?? repeatProblem(v as unknown[], path),
  }
}

function repeatProblem(list: readonly unknown[], path: string): string | null {
  const at = list.findIndex((x, i) => list.indexOf(x) !== i)
  return at < 0 ? null : `${path}[${at}] repeats ${show(list[at])}`
}

/**
 * An object whose listed fields fit their schemas. Other fields are allowed (a host's own, or
 * ones a newer release reads), unlike the event schemas' `object`.
 */
function fields(shape: Record<string, Schema<unknown>>): Schema<unknown> {
  return {
    check(v, path) {
      if (!isObject(v)) return `${path} must be an object, got ${show(v)}`
      for (const [key, schema] of Object.entries(shape)) {
        const problem = schema.check(v[key], `${path}.${key}`)
        if (problem) return problem
      }
      return null
    },
  }
}

/** An object with these functions (a port the host implements). */
function port(required: readonly string[], optionalMethods: readonly string[] = []): Schema<unknown> {
  return fields(Object.fromEntries([...required.map((m) => [m, fn]), ...optionalMethods.map((m) => [m, optional(fn)])]))
}

/**
 * A sign-in statement: one line of the characters EIP-4361 allows (a line or paragraph separator
 * would make wallets show a different message than the server verifies). Blank means none.
 */
const statement: Schema<unknown> = {
  check: (v, path) => {
    if (typeof v !== 'string') return `${path} must be a string, got ${show(v)}`
    if (v.trim() === '' || isSiwxStatement(v.trim())) return null
    return `${path} must be one line of the characters EIP-4361 allows in a statement (printable ASCII except " % < > \\ ^ \` { | }), got ${show(v)}`
  },
}

/** A network of the host's list: JSON data (it is kept in the event log) with http(s) RPC URLs. */
const network: Schema<unknown> = {
  check: (v, path) => plainDataProblem(v, path) ?? networkSchema.check(v, path) ?? networkProblem(v as Network, `${path}.`, (v as Network).rpcUrls.default.http, 'rpcUrls.default.http'),
}

const ADAPTER_METHODS = [
  'connectors',
  'connect',
  'reconnect',
  'disconnect',
  'events',
  'switchNetwork',
  'signMessage',
  'sendTransfer',
  'getBalance',
  'waitForReceipt',
] as const satisfies readonly (keyof ChainAdapter)[]

const chainAdapter = fields({ namespace: namespaceSchema, ...Object.fromEntries(ADAPTER_METHODS.map((m) => [m, fn])) })

/** A chain adapter, or a bare namespace served elsewhere. */
const adapter: Schema<unknown> = {
  check: (v, path) => (typeof v === 'string' ? namespaceSchema.check(v, path) : chainAdapter.check(v, path)),
}

/** A project id, when given, is not empty (an unset environment variable gives ''). */
const projectId = optional(check((v) => typeof v === 'string' && v.trim() !== '', 'a non-empty string (your project id)'))

const walletConnect = fields({
  projectId,
  relayUrl: optional(wsUrl),
  metadata: optional(fields({ name: string(), description: string(), url: httpUrl, icons: array(httpUrl) })),
  networks: optional(array(network)),
  signIn: optional({ check: (v, path) => (v === null ? null : fields({ statement: optional(statement) }).check(v, path)) }),
  prefetch: flag,
  window: optional(anyObject),
  storagePrefix: optional(string()),
  storage: optional(anyObject),
  loadProvider: optional(fn),
  origin: optional(fields({ domain: string(), uri: string() })),
  receiptPollingMs: optional(positiveNumber),
  load: fn,
  effects: fn,
  views: fn,
} satisfies { [K in keyof Required<NonNullable<ModalOptions['walletConnect']>>]: Schema<unknown> })

const embeddedWallet = fields({
  frameUrl: httpUrl,
  loadTimeoutMs: optional(positiveNumber),
  requestTimeoutMs: optional(positiveNumber),
  load: fn,
  effects: fn,
  views: fn,
} satisfies { [K in keyof Required<EmbeddedWalletSetup>]: Schema<unknown> })

const siwx = fields({ required: flag, statement: optional(statement), hosted: flag, effects: fn, views: fn } satisfies {
  [K in keyof Required<SiwxSetup>]: Schema<unknown>
})

/**
 * An option that only a feature's own function makes (it carries the loaders of the feature's
 * code, which the modal does not import itself): a plain object is refused with that function's name.
 */
function madeBy(make: string, entry: string, what: string, schema: Schema<unknown>, marker: string): Schema<unknown> {
  return optional({
    check: (v, path) =>
      isObject(v) && typeof v[marker] !== 'function'
        ? `${path} must be made by ${make}({ … }) of '${entry}', which loads ${what} (the modal does not import it itself)`
        : schema.check(v, path),
  })
}

const hostFeature = fields({
  name: check((v) => typeof v === 'string' && v !== '', 'a non-empty string'),
  events: array(check((v) => typeof v === 'function' && typeof (v as { type?: unknown }).type === 'string', 'an event creator (defineEvent)')),
  slices: array(fields({ name: string() })),
  effects: array(fields({ name: string(), effect: fn })),
  loadEffects: optional(fn),
})

const LAZY_NAMES: readonly string[] = LAZY_FEATURES.map((f) => f.name)

const optionalFeature = fields({
  optional: check((n) => LAZY_NAMES.includes(n as string), `one of ${LAZY_NAMES.join(', ')}`),
  load: fn,
  views: optional(fn),
  commands: optional(fn),
} satisfies { [K in keyof Required<OptionalFeature>]: Schema<unknown> })

/** One of Gangway's optional features (`swaps()` …), or a feature module of the host's own. */
const feature: Schema<unknown> = {
  check: (v, path) => (isOptionalFeature(v) ? optionalFeature.check(v, path) : hostFeature.check(v, path)),
}

/** One schema per option: a field added to ModalOptions without one does not compile. */
const FIELDS: { readonly [K in keyof Required<ModalOptions>]: Schema<unknown> } = {
  projectId,
  features: optional(featuresSchema),
  themeMode: optional(literal('light', 'dark')),
  themeVariables: optional({ check: (v, path) => themeVariablesProblem(v, path) }),
  adapters: optional(array(adapter)),
  networks: optional(array(network)),
  reconnect: flag,
  defaultNamespace: optional(namespaceSchema),
  manualControl: flag,
  embedded: flag,
  isMobile: flag,
  siwx: madeBy('siwx', 'gangway-kit/features', 'sign-in', siwx, 'effects'),
  legal: optional(fields({ termsUrl: optional(httpUrl), privacyUrl: optional(httpUrl) })),
  locale: optional(check((v) => canonicalLocale(v) !== null, 'a BCP 47 language tag such as "es" or "ja-JP", or "auto"')),
  swapChains: optional(array(check(isSwapChainId, 'an EIP-155 CAIP-2 id such as "eip155:8453"'))),
  siweConfig: { check: () => null },
  smartAccounts: optional(fields({ enabled: flag })),
  allowUnsupportedChain: flag,
  enableNetworkSwitch: flag,
  storage: optional(port(['get', 'set', 'del'], ['clear'])),
  storageReadTimeoutMs: optional(check((v) => Number.isSafeInteger(v) && (v as number) >= 100 && (v as number) <= 60_000, 'an integer of milliseconds from 100 to 60000')),
  analytics: optional(port(['track'], ['reportError'])),
  clock: optional(port(['now'])),
  scheduler: optional(port(['now', 'schedule'])),
  persistLog: flag,
  tabSync: optional(oneOf(boolean(), port(['post', 'messages']))),
  maxLogBytes: optional(byteBudget),
  modules: optional(array(feature)),
  autoFreeze: flag,
  cspNonce: optional(cspNonce),
  // A plain object would leave the modal no way to load the feature.
  walletConnect: madeBy('walletConnect', 'gangway-kit/walletconnect', 'WalletConnect', walletConnect, 'load'),
  embeddedWallet: madeBy('embeddedWallet', 'gangway-kit/features', 'the embedded wallet', embeddedWallet, 'load'),
  apiUrl: optional(httpUrl),
  directoryUrl: optional(httpUrl),
  analyticsUrl: optional(httpUrl),
  featuredWalletIds: ids,
  includeWalletIds: ids,
  excludeWalletIds: ids,
  excludeWalletRdns: walletKeys,
  excludeWalletNames: walletKeys,
  connectMethodsOrder: optional(once(array(literal(...DEFAULT_CONNECT_METHOD_ORDER)))),
  walletDirectory: optional(anyObject),
  blockchainApi: optional(anyObject),
  analyticsSink: optional(anyObject),
}

/**
 * Host modules join the built-in features: a name or a slice name already taken would replace
 * or break what is there, so it is refused here, by name. (An event type of a built-in event is
 * refused as the engine composes the features: `modulesEventProblem`.)
 */
function modulesProblem(modules: NonNullable<ModalOptions['modules']>, persistLog: boolean): string | null {
  // The features loaded on first need are known by their descriptions: names, slices, event domains.
  const names = new Set([...BASE_FEATURE_NAMES, ...(persistLog ? ['logPersistence'] : []), ...LAZY_FEATURES.map((f) => f.name)])
  const slices = new Set([...Object.keys(BASE_INITIAL), ...LAZY_FEATURES.flatMap((f) => f.slices)])
  const lazyOwner = (type: string) => LAZY_FEATURES.find((f) => f.domains.includes(type.slice(0, type.indexOf('/'))) || f.types?.includes(type))
  const events = new Map<string, unknown>()
  const optionalFeatures = new Set<string>()
  for (let i = 0; i < modules.length; i++) {
    const given = modules[i]
    if (isOptionalFeature(given)) {
      if (optionalFeatures.has(given.optional)) return `modules[${i}] is ${given.optional}(), listed twice`
      optionalFeatures.add(given.optional)
      continue
    }
    const m = given as Feature
    if (names.has(m.name)) return `modules[${i}].name ${show(m.name)} is taken by another feature`
    names.add(m.name)
    for (let j = 0; j < m.slices.length; j++) {
      const name = (m.slices[j] as { name: string }).name
      if (slices.has(name)) return `modules[${i}].slices[${j}] is named ${show(name)}, as another feature's slice`
      slices.add(name)
    }
    for (let j = 0; j < m.events.length; j++) {
      const event = m.events[j] as Feature['events'][number]
      const taken = events.get(event.type)
      const owner = lazyOwner(event.type)
      if (owner) return `modules[${i}].events[${j}] has the type ${show(event.type)}, in the ${owner.name} feature's domain`
      if (taken && taken !== event) return `modules[${i}].events[${j}] has the type ${show(event.type)} of another feature's event`
      events.set(event.type, event)
    }
  }
  return null
}

/**
 * A host module's event whose type a built-in feature's event has (`builtIn`: the engine's
 * catalogue of them), as the `Invalid options:` problem; null when none has.
 */
/** The host's own feature modules among `modules`. */
export function hostModules(o: Pick<ModalOptions, 'modules'>): Feature<LogDeps>[] {
  return (o.modules ?? []).filter((m): m is Feature<LogDeps> => !isOptionalFeature(m))
}

/** Gangway's optional features among `modules` (`swaps()` …). */
export function optionalModules(o: Pick<ModalOptions, 'modules'>): OptionalFeature[] {
  return (o.modules ?? []).filter(isOptionalFeature)
}

export function modulesEventProblem(modules: readonly Feature[], builtIn: ReadonlyMap<string, unknown>): string | null {
  for (let i = 0; i < modules.length; i++) {
    const events = (modules[i] as Feature).events
    for (let j = 0; j < events.length; j++) {
      const event = events[j] as Feature['events'][number]
      const taken = builtIn.get(event.type)
      if (taken && taken !== event) return `modules[${i}].events[${j}] has the type ${show(event.type)} of another feature's event`
    }
  }
  return null
}
