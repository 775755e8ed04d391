import { describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createEvmAdapter, defineEvmNetwork } from '../../../src/evm'
import { createModal } from '../../../src/createModal'
import { walletConnect } from '../../../src/walletconnect'
import { InvalidInputError } from '../../../src/core/errors/base'
import { SiwxOptionsConflictError } from '../../../src/core/errors/domain'
import { defineEvent } from '../../../src/core/events/defineEvent'
import { modalOpenRequested } from '../../../src/core/events/modal/modal'
import { object, string } from '../../../src/core/events/schema'
import { defineFeature } from '../../../src/core/features/defineFeature'
import type { Storage } from '../../../src/core/ports'
import { createSlice } from '../../../src/core/reducers/createSlice'
import { assertModalOptions, modalOptionsProblem, modulesEventProblem, type ModalOptions } from '../../../src/options/modalOptions'
import { builtInCatalogue } from '../../../src/core/reducers/rootReducer'
import { createVirtualTime } from '../../support/virtualTime'
import { embeddedWallet, names, onramp, siwx, swaps } from '../../../src/features'

const base = { projectId: 'p', adapters: ['eip155'] } as const
const base8453 = defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })
/** The message createModal refuses `options` with. */
const refusal = (options: Record<string, unknown>) => {
  try {
    assertModalOptions({ ...base, ...options })
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError)
    return (error as InvalidInputError).message
  }
  return 'accepted'
}

describe('the options schema', () => {
  it('accepts the README setup, every option at a valid value, and keys of the host its own', () => {
    const everything: Required<ModalOptions> & { hostField: unknown } = {
      projectId: 'my-project',
      features: { swaps: true, socials: ['google'], connectorOrder: ['walletConnect'], collapseWallets: true },
      themeMode: 'dark',
      themeVariables: { '--gw-accent': '#0a7' },
      adapters: [createEvmAdapter(), 'solana'],
      networks: [base8453],
      reconnect: false,
      defaultNamespace: 'eip155',
      manualControl: false,
      embedded: true,
      isMobile: false,
      siwx: siwx({ required: true, statement: 'Sign in to Acme.', hosted: true }),
      legal: { termsUrl: 'https://example.com/terms', privacyUrl: 'http://127.0.0.1:5173/privacy' },
      locale: 'ja-JP',
      swapChains: ['eip155:8453', 'eip155:1'],
      siweConfig: undefined,
      smartAccounts: { enabled: true },
      allowUnsupportedChain: true,
      enableNetworkSwitch: false,
      storage: createMemoryStorage(),
      analytics: { track: () => undefined, reportError: () => undefined },
      clock: { now: () => 0 },
      scheduler: createVirtualTime().scheduler,
      persistLog: false,
      tabSync: false,
      maxLogBytes: 2_000,
      storageReadTimeoutMs: 5_000,
      modules: [swaps(), onramp(), names()],
      autoFreeze: false,
      cspNonce: 'rAnd0m+nOnce/w1th_base64-chars==',
      walletConnect: walletConnect({
        relayUrl: 'wss://relay.example.com',
        metadata: { name: 'My app', description: '…', url: 'https://my.app', icons: ['https://my.app/icon.png'] },
        prefetch: false,
        signIn: null,
        origin: { domain: 'my.app', uri: 'https://my.app' },
      }),
      embeddedWallet: embeddedWallet({ frameUrl: 'http://127.0.0.1:8788/frame/', loadTimeoutMs: 1_500 }),
      apiUrl: 'https://api.example.com',
      directoryUrl: 'https://directory.example.com/',
      analyticsUrl: 'https://pulse.example.com',
      featuredWalletIds: ['a'],
      includeWalletIds: [],
      excludeWalletIds: ['b'],
      excludeWalletRdns: ['io.metamask'],
      excludeWalletNames: ['Coinbase Wallet'],
      connectMethodsOrder: ['wallet', 'social'],
      walletDirectory: {} as never,
      blockchainApi: {} as never,
      analyticsSink: {} as never,
      hostField: () => 'passed through',
    }
    expect(modalOptionsProblem(everything)).toBeNull()
    expect(modalOptionsProblem({ projectId: 'p' })).toBeNull()
    // Without a project id the modal starts and says so (spec §5: an alert, not a refusal).
    expect(modalOptionsProblem({})).toBeNull()
    expect(modalOptionsProblem({ siwx: siwx(), legal: {}, smartAccounts: {}, walletConnect: walletConnect({}), extra: { anything: 1n } })).toBeNull()
  })

  it('refuses a wrong value of each field with "Invalid options:" and the field', () => {
    expect(refusal({ projectId: 42 })).toMatchInlineSnapshot(`"Invalid options: projectId must be a non-empty string (your project id), got 42"`)
    expect(refusal({ features: { swap: true } })).toMatchInlineSnapshot(`"Invalid options: features.swap is not a known field"`)
    expect(refusal({ features: { swaps: 1n } })).toMatchInlineSnapshot(`"Invalid options: features.swaps must be a boolean, got bigint"`)
    expect(refusal({ themeMode: 'blue' })).toMatchInlineSnapshot(`"Invalid options: themeMode must be one of "light", "dark", got "blue""`)
    expect(refusal({ themeVariables: { '--gw-accent': 'red;' } })).toMatch(/^Invalid options: themeVariables\["--gw-accent"\] /)
    expect(refusal({ adapters: 'eip155' })).toMatchInlineSnapshot(`"Invalid options: adapters must be an array, got string"`)
    expect(refusal({ adapters: ['mars'] })).toMatchInlineSnapshot(`"Invalid options: adapters[0] must be one of "eip155", "solana", "polkadot", "bip122", "cosmos", got "mars""`)
    expect(refusal({ adapters: [{ ...createEvmAdapter(), connect: undefined }] })).toMatchInlineSnapshot(`"Invalid options: adapters[0].connect must be a function, got undefined"`)
    expect(refusal({ networks: [{ ...base8453, id: 8453n }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].id must be JSON data, got bigint"`)
    expect(refusal({ networks: [{ ...base8453, chainNamespace: 'mars' }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].chainNamespace must be one of "eip155", "solana", "polkadot", "bip122", "cosmos", got "mars""`)
    expect(refusal({ networks: [{ ...base8453, rpcUrls: { default: { http: ['file:///etc/passwd'] } } }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].rpcUrls.default.http[0] must be an http(s) URL, got "file:///etc/passwd""`)
    expect(refusal({ networks: [{ ...base8453, rpcUrls: { default: { http: [] } } }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].rpcUrls.default.http must name at least one http(s) URL"`)
    expect(refusal({ networks: [{ ...base8453, id: -1, caipNetworkId: 'eip155:-1' }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].id must be a positive integer (the chain id), got -1"`)
    expect(refusal({ networks: [{ ...base8453, id: '8453' }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].id must be a positive integer (the chain id), got "8453""`)
    expect(refusal({ networks: [{ ...base8453, caipNetworkId: 'eip155:1' }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].caipNetworkId must be "eip155:8453", got "eip155:1""`)
    expect(refusal({ networks: [{ ...base8453, name: ' ' }] })).toMatchInlineSnapshot(`"Invalid options: networks[0].name must be a non-empty string, got " ""`)
    // An unset environment variable gives '': said where it is written, not as a banner later.
    expect(refusal({ projectId: '' })).toMatchInlineSnapshot(`"Invalid options: projectId must be a non-empty string (your project id), got """`)
    expect(refusal({ walletConnect: walletConnect({ projectId: '' }) })).toMatchInlineSnapshot(`"Invalid options: walletConnect.projectId must be a non-empty string (your project id), got """`)
    expect(refusal({ reconnect: 'no' })).toMatchInlineSnapshot(`"Invalid options: reconnect must be a boolean, got string"`)
    expect(refusal({ defaultNamespace: 'evm' })).toMatch(/^Invalid options: defaultNamespace must be one of /)
    expect(refusal({ isMobile: 1 })).toMatchInlineSnapshot(`"Invalid options: isMobile must be a boolean, got number"`)
    expect(refusal({ siwx: true })).toMatchInlineSnapshot(`"Invalid options: siwx must be an object, got true"`)
    expect(refusal({ siwx: siwx({ statement: 'Sign in\nnow' }) })).toMatchInlineSnapshot(`"Invalid options: siwx.statement must be one line of the characters EIP-4361 allows in a statement (printable ASCII except " % < > \\ ^ \` { | }), got "Sign in\\nnow""`)
    expect(refusal({ siwx: siwx({ statement: 'Sign in\u2029now' }) })).toMatch(/^Invalid options: siwx\.statement must be one line/)
    expect(refusal({ siwx: siwx({ statement: 'Sign in to "Acme"' }) })).toMatch(/^Invalid options: siwx\.statement must be one line/)
    expect(refusal({ siwx: siwx({ statement: '  Sign in to Acme.  ' }) })).toBe('accepted')
    expect(refusal({ siwx: siwx({ statement: 7 as never }) })).toMatchInlineSnapshot(`"Invalid options: siwx.statement must be a string, got 7"`)
    // The modal does not import sign-in: only siwx() of its entry can load it.
    expect(refusal({ siwx: { statement: 'Sign in' } })).toMatchInlineSnapshot(`"Invalid options: siwx must be made by siwx({ … }) of 'gangway-kit/features', which loads sign-in (the modal does not import it itself)"`)
    expect(refusal({ siwx: siwx({ hosted: true }) })).toMatchInlineSnapshot(`"Invalid options: siwx.hosted needs apiUrl, the gateway that keeps the sessions"`)
    expect(refusal({ legal: { termsUrl: 'javascript:alert(1)' } })).toMatchInlineSnapshot(`"Invalid options: legal.termsUrl must be an http(s) URL, got "javascript:alert(1)""`)
    expect(refusal({ locale: 'en_US' })).toMatchInlineSnapshot(`"Invalid options: locale must be a BCP 47 language tag such as "es" or "ja-JP", or "auto", got "en_US""`)
    expect(refusal({ swapChains: ['eip155:8453', 'solana:1'] })).toMatchInlineSnapshot(`"Invalid options: swapChains[1] must be an EIP-155 CAIP-2 id such as "eip155:8453", got "solana:1""`)
    expect(refusal({ smartAccounts: { enabled: 'yes' } })).toMatchInlineSnapshot(`"Invalid options: smartAccounts.enabled must be a boolean, got string"`)
    expect(refusal({ storage: { get: async () => undefined, set: async () => undefined } })).toMatchInlineSnapshot(`"Invalid options: storage.del must be a function, got undefined"`)
    expect(refusal({ storage: localStorageLike() })).toMatchInlineSnapshot(`"Invalid options: storage.get must be a function, got undefined"`)
    expect(refusal({ analytics: { track: 'yes' } })).toMatchInlineSnapshot(`"Invalid options: analytics.track must be a function, got "yes""`)
    expect(refusal({ clock: Date })).toMatchInlineSnapshot(`"Invalid options: clock must be an object, got function"`)
    expect(refusal({ scheduler: { now: () => 0 } })).toMatchInlineSnapshot(`"Invalid options: scheduler.schedule must be a function, got undefined"`)
    expect(refusal({ maxLogBytes: 0 })).toMatchInlineSnapshot(`"Invalid options: maxLogBytes must be a positive integer or Infinity, got 0"`)
    // An unbounded log (devtools sessions, benchmarks) is a budget too.
    expect(refusal({ maxLogBytes: Infinity })).toBe('accepted')
    expect(refusal({ storageReadTimeoutMs: 50 })).toMatchInlineSnapshot(`"Invalid options: storageReadTimeoutMs must be an integer of milliseconds from 100 to 60000, got 50"`)
    expect(refusal({ storageReadTimeoutMs: 30_000 })).toBe('accepted')
    expect(refusal({ modules: [{ name: 'notes' }] })).toMatchInlineSnapshot(`"Invalid options: modules[0].events must be an array, got undefined"`)
    expect(refusal({ modules: [swaps(), swaps()] })).toMatchInlineSnapshot(`"Invalid options: modules[1] is swaps(), listed twice"`)
    expect(refusal({ modules: [{ ...swaps(), optional: 'checkout' }] })).toMatchInlineSnapshot(`"Invalid options: modules[0].optional must be one of names, swaps, onramp, calls, permissions, pay, got "checkout""`)
    // The modal does not import WalletConnect: only walletConnect() of its entry can load it.
    expect(refusal({ walletConnect: { relayUrl: 'wss://relay.example.com' } })).toMatchInlineSnapshot(`"Invalid options: walletConnect must be made by walletConnect({ … }) of 'gangway-kit/walletconnect', which loads WalletConnect (the modal does not import it itself)"`)
    expect(refusal({ walletConnect: walletConnect({ relayUrl: 'https://relay.example.com' }) })).toMatchInlineSnapshot(`"Invalid options: walletConnect.relayUrl must be a ws(s) URL, got "https://relay.example.com""`)
    expect(refusal({ walletConnect: walletConnect({ metadata: { name: 'A', description: 'B', url: 'my.app', icons: [] } }) })).toMatchInlineSnapshot(`"Invalid options: walletConnect.metadata.url must be an http(s) URL, got "my.app""`)
    expect(refusal({ walletConnect: walletConnect({ receiptPollingMs: -1 }) })).toMatchInlineSnapshot(`"Invalid options: walletConnect.receiptPollingMs must be a positive number, got -1"`)
    expect(refusal({ embeddedWallet: { frameUrl: 'https://auth.example.com/frame/' } })).toMatchInlineSnapshot(`"Invalid options: embeddedWallet must be made by embeddedWallet({ … }) of 'gangway-kit/features', which loads the embedded wallet (the modal does not import it itself)"`)
    expect(refusal({ embeddedWallet: embeddedWallet({ frameUrl: '/frame/' }) })).toMatchInlineSnapshot(`"Invalid options: embeddedWallet.frameUrl must be an http(s) URL, got "/frame/""`)
    expect(refusal({ embeddedWallet: embeddedWallet({ frameUrl: 'https://auth.example.com/frame/', loadTimeoutMs: Number('x') }) })).toMatchInlineSnapshot(`"Invalid options: embeddedWallet.loadTimeoutMs must be a positive number, got NaN"`)
    expect(refusal({ apiUrl: 'api.example.com' })).toMatchInlineSnapshot(`"Invalid options: apiUrl must be an http(s) URL, got "api.example.com""`)
    expect(refusal({ directoryUrl: '' })).toMatchInlineSnapshot(`"Invalid options: directoryUrl must be an http(s) URL, got """`)
    expect(refusal({ featuredWalletIds: 'abc' })).toMatchInlineSnapshot(`"Invalid options: featuredWalletIds must be an array, got string"`)
    expect(refusal({ excludeWalletIds: [1] })).toMatchInlineSnapshot(`"Invalid options: excludeWalletIds[0] must be a string, got number"`)
    expect(refusal({ excludeWalletRdns: 'io.metamask' })).toMatchInlineSnapshot(`"Invalid options: excludeWalletRdns must be an array, got string"`)
    expect(refusal({ excludeWalletRdns: ['io.metamask', ' '] })).toMatchInlineSnapshot(`"Invalid options: excludeWalletRdns[1] must be a non-empty string, got " ""`)
    expect(refusal({ excludeWalletNames: [null] })).toMatchInlineSnapshot(`"Invalid options: excludeWalletNames[0] must be a non-empty string, got null"`)
    expect(refusal({ connectMethodsOrder: ['wallet', 'sms'] })).toMatchInlineSnapshot(`"Invalid options: connectMethodsOrder[1] must be one of "email", "social", "wallet", got "sms""`)
    expect(refusal({ connectMethodsOrder: ['email', 'wallet', 'email'] })).toMatchInlineSnapshot(`"Invalid options: connectMethodsOrder[2] repeats "email""`)
    expect(refusal({ connectMethodsOrder: 'wallet' })).toMatchInlineSnapshot(`"Invalid options: connectMethodsOrder must be an array, got string"`)
    expect(refusal({ features: { collapseWallets: 'yes' } })).toMatchInlineSnapshot(`"Invalid options: features.collapseWallets must be a boolean, got string"`)
    expect(refusal({ connectMethodsOrder: [], excludeWalletRdns: [], excludeWalletNames: [] })).toBe('accepted')
    // A nonce goes into an attribute and must match the policy's nonce-source: base64(url) only.
    expect(refusal({ cspNonce: '' })).toMatchInlineSnapshot(`"Invalid options: cspNonce must be a CSP nonce (base64), got """`)
    expect(refusal({ cspNonce: "abc' 'unsafe-inline" })).toMatchInlineSnapshot(`"Invalid options: cspNonce must be a CSP nonce (base64), got "abc' 'unsafe-inline""`)
    expect(refusal({ cspNonce: 'abc=def' })).toMatchInlineSnapshot(`"Invalid options: cspNonce must be a CSP nonce (base64), got "abc=def""`)
    expect(refusal({ cspNonce: 42 })).toMatchInlineSnapshot(`"Invalid options: cspNonce must be a CSP nonce (base64), got 42"`)
    expect(refusal({ walletDirectory: 'https://directory.example.com' })).toMatchInlineSnapshot(`"Invalid options: walletDirectory must be an object, got "https://directory.example.com""`)
  })

  it('refuses options that are no object, and a field whose getter throws, naming it', () => {
    expect(() => assertModalOptions(undefined)).toThrowErrorMatchingInlineSnapshot(`[InvalidInputError: Invalid options: options must be an object, got undefined]`)
    const trap = { projectId: 'p', get locale(): string { throw new Error('no locale here') } }
    expect(() => assertModalOptions(trap)).toThrowErrorMatchingInlineSnapshot(`[InvalidInputError: Invalid options: locale could not be read (no locale here)]`)
  })

  it('siweConfig and siwx together: the spec message, the conflict error as cause', () => {
    const error = (() => {
      try {
        assertModalOptions({ ...base, siweConfig: {}, siwx: siwx() })
      } catch (e) {
        return e as InvalidInputError
      }
    })()
    expect(error?.message).toBe('Invalid options: Cannot set both siweConfig and siwx options')
    expect(error?.cause).toBeInstanceOf(SiwxOptionsConflictError)
  })

  it("refuses a host module that would replace a built-in feature's name, slice or event", () => {
    const noted = defineEvent('notes/added', object({ text: string() }))
    const notes = createSlice('notes', () => [] as string[], () => undefined)
    const valid = defineFeature({ name: 'notes', events: [noted, modalOpenRequested], slices: [notes], effects: [] })
    expect(modalOptionsProblem({ ...base, modules: [valid] })).toBeNull()
    expect(refusal({ modules: [{ ...valid, name: 'modal' }] })).toMatchInlineSnapshot(`"Invalid options: modules[0].name "modal" is taken by another feature"`)
    expect(refusal({ modules: [valid, valid] })).toMatchInlineSnapshot(`"Invalid options: modules[1].name "notes" is taken by another feature"`)
    expect(refusal({ modules: [{ ...valid, slices: [createSlice('router', () => null, () => undefined)] }] })).toMatchInlineSnapshot(
      `"Invalid options: modules[0].slices[0] is named "router", as another feature's slice"`,
    )
    // A built-in event's type is refused as the modal's engine composes the features.
    const impostor = defineEvent('modal/openRequested', object({}))
    expect(modalOptionsProblem({ ...base, modules: [{ ...valid, events: [impostor] }] })).toBeNull()
    expect(modulesEventProblem([{ ...valid, events: [impostor] }], builtInCatalogue)).toMatchInlineSnapshot(`"modules[0].events[0] has the type "modal/openRequested" of another feature's event"`)
    expect(modulesEventProblem([valid], builtInCatalogue)).toBeNull()
    expect(refusal({ modules: [{ ...valid, events: [{ type: 'notes/added' }] }] })).toMatchInlineSnapshot(
      `"Invalid options: modules[0].events[0] must be an event creator (defineEvent), got object"`,
    )
  })
})

describe('createModal with options it refuses', () => {
  it('starts nothing: no storage read or write, no timer', () => {
    const time = createVirtualTime()
    const calls: string[] = []
    const inner = createMemoryStorage()
    const storage: Storage = {
      get: <T>(key: string) => (calls.push(`get ${key}`), inner.get<T>(key)),
      set: (key: string, value: unknown) => (calls.push(`set ${key}`), inner.set(key, value)),
      del: (key: string) => (calls.push(`del ${key}`), inner.del(key)),
      clear: () => (calls.push('clear'), inner.clear()),
    }
    const options = { projectId: 'p', storage, clock: time.clock, scheduler: time.scheduler, walletConnect: walletConnect({ prefetch: false }) }
    expect(() => createModal({ ...options, siwx: siwx({ statement: 'a\nb' }) })).toThrow('Invalid options: siwx.statement must be one line')
    expect(() => createModal({ ...options, modules: [{ name: 'modal', events: [], slices: [], effects: [] }] })).toThrow('Invalid options: modules[0].name')
    expect(calls).toEqual([])
    expect(time.scheduler.actions).toHaveLength(0)
  })
})

/** What a host might pass by mistake: the browser's localStorage shape. */
function localStorageLike() {
  return { getItem: () => null, setItem: () => undefined, removeItem: () => undefined }
}
