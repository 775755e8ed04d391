import { EMPTY } from 'rxjs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defineEvmNetwork } from '../../src/adapters/evm/defineEvmNetwork'
import { walletConnect } from '../../src/walletconnect'
import { createMemoryStorage } from '../../src/adapters/storage/memoryStorage'
import { createModal, type ModalOptions } from '../../src/createModal'
import { InvalidInputError } from '../../src/core/errors/base'
import { isSiwxStatement } from '../../src/core/domain/siwxStatement'
import { defineEvent } from '../../src/core/events/defineEvent'
import type { Feature } from '../../src/core/features/defineFeature'
import { builtInCatalogue } from '../../src/core/reducers/rootReducer'
import { hostModules, modulesEventProblem } from '../../src/options/modalOptions'
import { object, string as stringSchema } from '../../src/core/events/schema'
import type { Storage } from '../../src/core/ports'
import { junkArb } from '../unit/core/junkValues'
import { createFakeChainAdapter } from '../support/fakeChainAdapter'
import { evmNetwork } from '../support/stateAfter'
import { createTestModal } from '../support/testModal'
import { createVirtualTime } from '../support/virtualTime'
import { fuzzParams } from './fuzzParams'
import { DEFAULT_CONNECT_METHOD_ORDER as CONNECT_METHODS } from '../../src/core/domain/walletLists'
import { embeddedWallet, names, onramp, siwx, swaps } from '../../src/features'

// Fuzz: the options a host passes. Those that end up in views (legal links, the sign-in
// statement, swap chains, the locale) are refused with an InvalidInputError or kept only in a
// form safe to show; any options at all make a modal or are refused before anything started.

const url = fc.oneof(
  fc.constantFrom('https://example.com/terms', 'http://127.0.0.1:5173/privacy', 'javascript:alert(1)', 'data:text/html,x', '//example.com', 'https://', 'https://a b.com', ''),
  fc.webUrl(),
  fc.string({ maxLength: 40 }),
  fc.anything(),
)

/** A wallet's rdns or name as a host would write it. */
const walletKey = fc.oneof(fc.constantFrom('io.metamask', 'me.rainbow', 'MetaMask', 'Coinbase Wallet'), fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k.trim() !== ''))

describe('createModal options (fuzz)', () => {
  it('legal links and the SIWX statement are refused, or kept only as http(s) URLs and one line of EIP-4361 statement characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ termsUrl: url, privacyUrl: url }, { requiredKeys: [] }),
        fc.option(
          fc.oneof(
            fc.string({ maxLength: 60 }),
            fc.string({ maxLength: 20, unit: 'binary' }),
            fc.constantFrom('line one\nline two', 'line one\u2028line two', 'line\u2029two', 'line\u0085two', 'line\rtwo', 'Sign in to "Acme"', '  Sign in.  '),
          ),
          { nil: undefined },
        ),
        async (legal, statement) => {
          let created: Awaited<ReturnType<typeof createTestModal>> | undefined
          try {
            created = await createTestModal({ legal: legal as never, ...(statement === undefined ? {} : { siwx: siwx({ statement }) }) })
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidInputError)
            expect((error as InvalidInputError).message).toMatch(/^Invalid options: (legal\.(termsUrl|privacyUrl) must be an http\(s\) URL|legal must be an object|siwx\.statement must be one line)/)
            return
          }
          const settings = created.modal.getState().settings
          for (const link of Object.values(settings.legal ?? {})) expect(link).toMatch(/^https?:\/\/\S+$/)
          // A statement kept is one line of EIP-4361's statement characters: no line terminator of any kind.
          if (settings.siwx?.statement !== undefined) expect(isSiwxStatement(settings.siwx.statement)).toBe(true)
          if (typeof statement === 'string' && statement.trim() !== '') expect(settings.siwx?.statement).toBe(statement.trim())
          created.modal.destroy()
        },
      ),
      fuzzParams('createModal options', 150),
    )
  })

  it('swap chains are refused unless every one is an EIP-155 CAIP-2 id; kept ones are exactly those, once each', async () => {
    const chainId = fc.oneof(
      fc.integer({ min: 1, max: 2 ** 40 }).map((n) => `eip155:${n}`),
      fc.constantFrom('eip155:0', 'eip155:', 'eip155:01', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '8453', 'eip155:8453 ', 'EIP155:1'),
      fc.string({ maxLength: 20 }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(chainId, { maxLength: 5 }), fc.anything()), async (swapChains) => {
        let created: Awaited<ReturnType<typeof createTestModal>> | undefined
        try {
          created = await createTestModal({ swapChains: swapChains as never })
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as InvalidInputError).message).toMatch(/^Invalid options: swapChains(\[\d+\])? must be /)
          expect(Array.isArray(swapChains) && swapChains.every((c) => typeof c === 'string' && /^eip155:[1-9]\d{0,15}$/.test(c))).toBe(false)
          return
        }
        const kept = created.modal.getState().settings.swapChains
        if (swapChains === undefined) expect(kept).toBeUndefined()
        else expect(kept).toEqual([...new Set(swapChains as string[])])
        for (const c of kept ?? []) expect(c).toMatch(/^eip155:[1-9]\d{0,15}$/)
        created.modal.destroy()
      }),
      fuzzParams('createModal swapChains', 100),
    )
  })

  it('a locale is refused unless it is a BCP 47 tag, and kept in its canonical form; setLocale likewise', async () => {
    const tag = fc.oneof(
      fc.constantFrom('es', 'ES-mx', 'ja-JP', 'ar', 'auto', 'AUTO', 'zh-Hant-TW', 'en-US-u-nu-arab', 'x', '', 'en_US', '123', 'not a tag', 'a'.repeat(80)),
      fc.string({ maxLength: 20 }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(tag, tag, async (initial, later) => {
        const canonical = (value: unknown) => {
          if (typeof value !== 'string' || value === '' || value.length > 64) return null
          if (value.toLowerCase() === 'auto') return 'auto'
          try {
            return Intl.getCanonicalLocales(value)[0] ?? null
          } catch {
            return null
          }
        }
        let created: Awaited<ReturnType<typeof createTestModal>> | undefined
        try {
          created = await createTestModal({ locale: initial as never })
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as InvalidInputError).message).toMatch(/^Invalid options: locale must be a BCP 47 language tag/)
          expect(canonical(initial)).toBeNull()
          return
        }
        const { modal } = created
        expect(modal.getState().preferences.locale).toBe(initial === undefined ? 'en' : canonical(initial))
        const before = modal.getState().preferences.locale
        try {
          modal.setLocale(later as never)
          expect(modal.getState().preferences.locale).toBe(canonical(later))
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect(canonical(later)).toBeNull()
          expect(modal.getState().preferences.locale).toBe(before)
        }
        modal.destroy()
      }),
      fuzzParams('createModal locale', 100),
    )
  })
})

describe('Connect layout options (fuzz)', () => {
  // Near misses of each: a method spelt otherwise, one twice, blank or padded keys, junk.
  const method = fc.oneof({ arbitrary: fc.constantFrom(...CONNECT_METHODS), weight: 6 }, { arbitrary: fc.constantFrom('Email', 'socials', 'sms', ''), weight: 1 }, { arbitrary: junkArb, weight: 1 })
  const order = fc.oneof({ arbitrary: fc.array(method, { maxLength: 4 }), weight: 6 }, { arbitrary: junkArb, weight: 1 })
  const key = fc.oneof(walletKey, fc.constantFrom('', ' ', '\t'), junkArb)
  const keys = fc.oneof({ arbitrary: fc.array(key, { maxLength: 4 }), weight: 6 }, { arbitrary: junkArb, weight: 1 })
  const collapse = fc.oneof({ arbitrary: fc.boolean(), weight: 6 }, { arbitrary: junkArb, weight: 1 })

  it('connectMethodsOrder, excludeWalletRdns / excludeWalletNames and collapseWallets are refused naming the field, or kept exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.option(order, { nil: undefined }), fc.option(keys, { nil: undefined }), fc.option(keys, { nil: undefined }), fc.option(collapse, { nil: undefined }), async (methods, rdns, names, collapseWallets) => {
        const given = { connectMethodsOrder: methods, excludeWalletRdns: rdns, excludeWalletNames: names, features: collapseWallets === undefined ? undefined : { collapseWallets } }
        // Array.from: `every` skips a sparse array's holes, which the options refuse as undefined.
        const isKeyList = (v: unknown) => v === undefined || (Array.isArray(v) && Array.from(v).every((k) => typeof k === 'string' && k.trim() !== ''))
        const validOrder =
          methods === undefined ||
          (Array.isArray(methods) && Array.from(methods).every((m) => (CONNECT_METHODS as readonly unknown[]).includes(m)) && new Set(methods).size === methods.length)
        const valid = validOrder && isKeyList(rdns) && isKeyList(names) && (collapseWallets === undefined || typeof collapseWallets === 'boolean')
        let created: Awaited<ReturnType<typeof createTestModal>> | undefined
        try {
          created = await createTestModal(given as never)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as InvalidInputError).message).toMatch(/^Invalid options: (connectMethodsOrder|excludeWalletRdns|excludeWalletNames|features)\b/)
          expect(valid).toBe(false)
          return
        }
        expect(valid).toBe(true)
        const { settings, features } = created.modal.getState()
        expect(settings.connectMethodsOrder).toEqual((methods as string[] | undefined)?.length ? methods : undefined)
        const kept = (list: unknown) => ((list as string[] | undefined)?.length ? [...new Set(list as string[])] : undefined)
        expect(settings.walletFilters?.excludeRdns).toEqual(kept(rdns))
        expect(settings.walletFilters?.excludeNames).toEqual(kept(names))
        expect(features.collapseWallets).toBe(collapseWallets === true)
        created.modal.destroy()
      }),
      fuzzParams('createModal Connect layout options', 150),
    )
  })
})

// Fuzz: any options at all. createModal either makes a modal that becomes ready and opens, or
// refuses with an InvalidInputError 'Invalid options: <field> …' before anything started (no
// storage read or write, no timer); never another error, never a half-started modal.

type Options = Partial<Record<keyof ModalOptions, unknown>>
type PerOption = { [K in keyof Required<ModalOptions>]: fc.Arbitrary<unknown> }

/** URLs that are valid: a closed local port, so no request leaves the machine. */
const goodUrl = fc.constantFrom('http://127.0.0.1:9', 'https://127.0.0.1:9/api/')
const badUrl = fc.oneof(fc.constantFrom('ftp://127.0.0.1', '127.0.0.1:9', 'http://', 'https://a b', '', 'javascript:alert(1)'), fc.webUrl().map((u) => `${u} `), junkArb)
// evmNetwork's RPC URL is a local port numbered after the chain, so ids stay ports.
const network = fc.integer({ min: 1, max: 65_535 }).map((id) => evmNetwork(id))
const noteAdded = defineEvent('notes/added', object({ text: stringSchema() }))
const notesModule = { name: 'notes', events: [noteAdded], slices: [], effects: [] }
const walletConnectOptions = walletConnect({ prefetch: false, loadProvider: () => new Promise(() => undefined) })

/** Values each option may have (a new option without an arbitrary does not compile). */
const GOOD: PerOption = {
  projectId: fc.string({ maxLength: 20 }),
  features: fc.record(
    { swaps: fc.boolean(), socials: fc.constantFrom(['google'], false), connectorOrder: fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }), collapseWallets: fc.boolean() },
    { requiredKeys: [] },
  ),
  themeMode: fc.constantFrom('light', 'dark'),
  themeVariables: fc.constantFrom({}, { '--gw-accent': '#0a7' }, { '--gw-radius': '4px', '--gw-z-index': '1100' }),
  adapters: fc.array(fc.oneof(fc.constantFrom('eip155', 'solana', 'bip122'), fc.constant(null).map(() => createFakeChainAdapter().adapter)), { maxLength: 3 }),
  networks: fc.array(network, { maxLength: 3 }),
  reconnect: fc.boolean(),
  defaultNamespace: fc.constantFrom('eip155', 'solana'),
  manualControl: fc.boolean(),
  embedded: fc.boolean(),
  isMobile: fc.boolean(),
  siwx: fc.record({ required: fc.boolean(), statement: fc.string({ maxLength: 30 }).filter((t) => !/[\r\n]/.test(t)), hosted: fc.boolean() }, { requiredKeys: [] }).map((o) => siwx(o)),
  legal: fc.record({ termsUrl: goodUrl, privacyUrl: goodUrl }, { requiredKeys: [] }),
  locale: fc.constantFrom('es', 'ja-JP', 'ar', 'zh-Hant-TW'),
  swapChains: fc.array(fc.integer({ min: 1, max: 2 ** 40 }).map((n) => `eip155:${n}`), { maxLength: 3 }),
  // Rarely: with siwx it is a conflict (spec §5).
  siweConfig: fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary: fc.constantFrom({}, 'legacy'), weight: 1 }),
  smartAccounts: fc.record({ enabled: fc.boolean() }),
  allowUnsupportedChain: fc.boolean(),
  enableNetworkSwitch: fc.boolean(),
  storage: fc.constant('recording'),
  analytics: fc.constantFrom({ track: () => undefined }, { track: () => undefined, reportError: () => undefined }),
  clock: fc.constant('virtual'),
  scheduler: fc.constant('virtual'),
  persistLog: fc.boolean(),
  tabSync: fc.oneof(fc.boolean(), fc.constant({ post: () => undefined, messages: () => EMPTY })),
  maxLogBytes: fc.integer({ min: 1, max: 2_000_000 }),
  storageReadTimeoutMs: fc.integer({ min: 100, max: 60_000 }),
  modules: fc.oneof(fc.constantFrom([], [notesModule]), fc.subarray([swaps(), onramp(), names(), notesModule])),
  autoFreeze: fc.boolean(),
  cspNonce: fc.base64String({ minLength: 4, maxLength: 24 }),
  walletConnect: fc.record({ relayUrl: fc.constantFrom('ws://127.0.0.1:9', 'wss://127.0.0.1:9'), signIn: fc.constantFrom(null, { statement: 'Hi' }) }, { requiredKeys: [] }).map((o) => ({ ...walletConnectOptions, ...o })),
  embeddedWallet: fc.record({ frameUrl: goodUrl, loadTimeoutMs: fc.integer({ min: 1, max: 30_000 }) }, { requiredKeys: ['frameUrl'] }).map((o) => embeddedWallet(o)),
  apiUrl: goodUrl,
  directoryUrl: goodUrl,
  analyticsUrl: goodUrl,
  featuredWalletIds: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  includeWalletIds: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  excludeWalletIds: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  excludeWalletRdns: fc.array(walletKey, { maxLength: 3 }),
  excludeWalletNames: fc.array(walletKey, { maxLength: 3 }),
  connectMethodsOrder: fc.shuffledSubarray([...CONNECT_METHODS]),
  walletDirectory: fc.constant(undefined),
  blockchainApi: fc.constant(undefined),
  analyticsSink: fc.constant(undefined),
}

const boolOrJunk = fc.oneof(fc.constantFrom('true', 0, 1, null), junkArb)
const idsOrJunk = fc.oneof(fc.constantFrom('abc', [1], [null]), junkArb)
/** Values each option must be refused with: near misses first, then anything at all. */
const BAD: PerOption = {
  projectId: fc.oneof(fc.constantFrom(42, null, ['p']), junkArb.filter((v) => typeof v !== 'string' && v !== undefined)),
  features: fc.oneof(fc.constantFrom({ swap: true }, { swaps: 'yes' }, { socials: ['google', 1] }, { swaps: 1n }, { collapseWallets: 'yes' }), junkArb),
  themeMode: fc.oneof(fc.constantFrom('blue', 'Dark', ''), junkArb),
  themeVariables: fc.oneof(fc.constantFrom({ '--gw-accent': 'red;' }, { accent: 'red' }, { '--gw-accent': '' }), junkArb),
  adapters: fc.oneof(fc.constantFrom('eip155', ['mars'], [{ namespace: 'eip155' }], [null]), junkArb),
  networks: fc.oneof(
    fc.constantFrom(
      [{ ...evmNetwork(1), rpcUrls: { default: { http: ['ws://127.0.0.1:1'] } } }],
      [{ ...evmNetwork(2), id: 2n }],
      [{ ...evmNetwork(3), chainNamespace: 'mars' }],
      [{ ...evmNetwork(4), rpcUrls: undefined }],
      evmNetwork(5),
    ),
    junkArb,
  ),
  reconnect: boolOrJunk,
  defaultNamespace: fc.oneof(fc.constantFrom('evm', 'EIP155', ''), junkArb),
  manualControl: boolOrJunk,
  embedded: boolOrJunk,
  isMobile: boolOrJunk,
  siwx: fc.oneof(
    fc.constantFrom({ statement: 'a\nb' }, { statement: 'a\rb' }, { statement: 1 }, { required: 'yes' }, { hosted: 1 }).map((o) => siwx(o as never)),
    // A plain object: the modal could not load sign-in.
    fc.constantFrom({ statement: 'Sign in' }, {}, true),
    junkArb,
  ),
  legal: fc.oneof(badUrl.map((u) => ({ termsUrl: u })), badUrl.map((u) => ({ privacyUrl: u }))),
  locale: fc.oneof(fc.constantFrom('en_US', '', 'not a tag', 'a'.repeat(80)), junkArb),
  swapChains: fc.oneof(fc.constantFrom(['eip155:0'], ['solana:1'], ['eip155:8453 '], 'eip155:1'), junkArb),
  siweConfig: fc.constant(undefined),
  smartAccounts: fc.oneof(fc.constantFrom({ enabled: 'yes' }, true), junkArb),
  allowUnsupportedChain: boolOrJunk,
  enableNetworkSwitch: boolOrJunk,
  storage: fc.oneof(fc.constantFrom({ get: async () => undefined, set: async () => undefined }, { getItem: () => null }), junkArb),
  analytics: fc.oneof(fc.constantFrom({ track: 'yes' }, { track: () => undefined, reportError: 1 }), junkArb),
  clock: fc.oneof(fc.constantFrom({ now: 1 }, Date), junkArb),
  scheduler: fc.oneof(fc.constantFrom({ now: () => 0 }), junkArb),
  persistLog: boolOrJunk,
  tabSync: fc.oneof(fc.constantFrom('true', 0, null, { post: () => undefined }, { post: 1, messages: () => EMPTY }), junkArb),
  maxLogBytes: fc.oneof(fc.constantFrom(0, -1, 1.5, NaN, Infinity, '2000'), junkArb),
  storageReadTimeoutMs: fc.oneof(fc.constantFrom(0, 99, 60_001, 1.5, NaN, Infinity, '3000'), junkArb),
  modules: fc.oneof(
    fc.constantFrom(
      [{ name: 'modal', events: [], slices: [], effects: [] }],
      [{ name: 'impostor', events: [defineEvent('modal/openRequested', object({}))], slices: [], effects: [] }],
      [{ name: 'half', events: 'none' }],
      [notesModule, notesModule],
      [swaps(), swaps()],
      [{ ...names(), optional: 'pay' }],
      [{ optional: 'swaps', load: 'chunk' }],
    ),
    junkArb,
  ),
  autoFreeze: boolOrJunk,
  cspNonce: fc.oneof(fc.constantFrom('', 'a b', "x' 'unsafe-inline", 'ab=c', '"><script>'), junkArb),
  walletConnect: fc.oneof(fc.constantFrom({ relayUrl: 'https://relay' }, { metadata: { name: 'A' } }, { receiptPollingMs: 0 }, { signIn: 'yes' }).map((o) => ({ ...walletConnectOptions, ...o })), junkArb),
  embeddedWallet: fc.oneof(
    badUrl.map((frameUrl) => embeddedWallet({ frameUrl: frameUrl as string })),
    fc.constantFrom(embeddedWallet({ frameUrl: 'http://127.0.0.1:9', loadTimeoutMs: -1 }), { frameUrl: 'http://127.0.0.1:9' }),
    junkArb,
  ),
  apiUrl: badUrl,
  directoryUrl: badUrl,
  analyticsUrl: badUrl,
  featuredWalletIds: idsOrJunk,
  includeWalletIds: idsOrJunk,
  excludeWalletIds: idsOrJunk,
  excludeWalletRdns: fc.oneof(fc.constantFrom('io.metamask', [''], ['io.metamask', ' '], [1]), junkArb),
  excludeWalletNames: fc.oneof(fc.constantFrom('MetaMask', [''], [null]), junkArb),
  connectMethodsOrder: fc.oneof(fc.constantFrom('wallet', ['sms'], ['wallet', 'wallet'], ['Email'], [null]), junkArb),
  walletDirectory: fc.oneof(fc.constantFrom('https://directory', 1), junkArb),
  blockchainApi: fc.oneof(fc.constantFrom('https://api', 1), junkArb),
  analyticsSink: fc.oneof(fc.constantFrom('https://pulse', 1), junkArb),
}
const KEYS = Object.keys(GOOD) as (keyof ModalOptions)[]

/** Options of good values, a few of them (or none) replaced by bad ones, and keys of the host's own. */
const optionsArb = fc.tuple(
  fc.record(GOOD, { requiredKeys: [] }),
  fc.oneof(
    fc.constant({} as Options),
    fc
      .uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 })
      .chain((keys) => fc.tuple(...keys.map((k) => BAD[k])).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]])) as Options)),
  ),
  fc.dictionary(fc.string({ maxLength: 10 }).filter((k) => !(KEYS as string[]).includes(k)), junkArb, { maxKeys: 2 }),
)

describe('createModal with arbitrary options (fuzz)', () => {
  it('makes a modal that becomes ready and opens, or refuses with "Invalid options:" naming a field, before anything started', async () => {
    let accepted = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(optionsArb, async ([good, bad, extra]) => {
        const known: Options = { ...good, ...bad }
        const time = createVirtualTime()
        const calls: string[] = []
        const inner = createMemoryStorage()
        const recording: Storage = {
          get: <T>(key: string) => (calls.push(`get ${key}`), inner.get<T>(key)),
          set: (key, value) => (calls.push(`set ${key}`), inner.set(key, value)),
          del: (key) => (calls.push(`del ${key}`), inner.del(key)),
          clear: () => (calls.push('clear'), inner.clear()),
        }
        const options: Options & Record<string, unknown> = { ...extra, ...known }
        // The ports the run watches: a recording storage, virtual time (or the junk drawn instead).
        if (!('storage' in known) || known.storage === 'recording') options.storage = recording
        if (!('clock' in known) || known.clock === 'virtual') options.clock = time.clock
        if (!('scheduler' in known) || known.scheduler === 'virtual') options.scheduler = time.scheduler
        let modal: ReturnType<typeof createModal>
        try {
          modal = createModal(options as ModalOptions)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          const message = (error as InvalidInputError).message
          expect(message).toMatch(/^Invalid options: /)
          const rest = message.slice('Invalid options: '.length)
          const named = rest === 'Cannot set both siweConfig and siwx options' || KEYS.some((k) => new RegExp(`^${k}\\b`).test(rest)) || rest.startsWith('options ')
          expect(named, message).toBe(true)
          expect(calls).toEqual([])
          expect(time.scheduler.actions).toHaveLength(0)
          refused++
          return
        }
        // A host module whose event takes a built-in event's type is refused as the engine
        // composes the features (the first bundle holds no catalogue): the console names it,
        // and the modal stays as it started.
        const conflict = Array.isArray(known.modules) ? modulesEventProblem(hostModules({ modules: known.modules as Feature[] }), builtInCatalogue) : null
        const logged: unknown[] = []
        const original = console.error
        console.error = (...args: unknown[]) => void logged.push(args[0])
        try {
          await modal.ready
          try {
            modal.open()
          } catch (error) {
            if (!conflict) throw error
          }
        } finally {
          console.error = original
        }
        if (conflict) {
          expect(modal.getState().modal.open).toBe(false)
          expect(logged).toContain(`Invalid options: ${conflict}`)
          modal.destroy()
          refused++
          return
        }
        expect(modal.getState().modal.open).toBe(true)
        modal.destroy()
        accepted++
      }),
      fuzzParams('createModal arbitrary options', 150),
    )
    // Both outcomes were tried, not only refusals.
    expect(accepted).toBeGreaterThan(0)
    expect(refused).toBeGreaterThan(0)
  })
  it('defineEvmNetwork makes a network createModal accepts, or refuses with the field, never later', async () => {
    const facts = fc.record(
      {
        id: fc.oneof(fc.integer({ min: -2, max: 2 ** 40 }), fc.double(), fc.string({ maxLength: 6 }), fc.anything()),
        name: fc.oneof(fc.string({ maxLength: 20 }), fc.anything()),
        rpcUrl: fc.oneof(url, fc.array(url, { maxLength: 3 })),
      },
      { requiredKeys: ['id', 'name', 'rpcUrl'] },
    )
    await fc.assert(
      fc.asyncProperty(facts, async (options) => {
        let network: ReturnType<typeof defineEvmNetwork>
        try {
          network = defineEvmNetwork(options as never)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as Error).message).toMatch(/^Invalid options: defineEvmNetwork (id|name|rpcUrl(\[\d+\])?) must/)
          return
        }
        expect(Number.isSafeInteger(network.id) && (network.id as number) > 0).toBe(true)
        for (const rpc of network.rpcUrls.default.http) expect(rpc).toMatch(/^https?:\/\/\S+$/)
        const created = await createTestModal({ networks: [network] })
        expect(created.modal.getState().settings.networks?.[0]?.caipNetworkId).toBe(`eip155:${network.id}`)
        created.modal.destroy()
      }),
      fuzzParams('defineEvmNetwork', 100),
    )
  })
})
