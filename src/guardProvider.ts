import type { Eip1193Provider } from './core/ports.js'

/** The methods a spec §5 rule covers, in the request (a transaction, calls) or the answer (a hash, a signature). */
const CHECKED_METHODS: ReadonlySet<string> = /* @__PURE__ */ new Set(['eth_sendTransaction', 'wallet_sendTransaction', 'wallet_sendCalls', 'personal_sign', 'eth_signTypedData_v4'])

type HostRequestChecks = typeof import('./core/domain/hostRequests.js')

let loading: Promise<HostRequestChecks> | null = null

/** The rules load with the first request they cover (they bring viem's fee checks), never with the modal. */
function loadChecks(): Promise<HostRequestChecks> {
  loading ??= import('./core/domain/hostRequests.js').catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

const guarded = new WeakMap<Eip1193Provider, Eip1193Provider>()

/**
 * The provider a host gets for a wallet's (`modal.getProvider()`): the wallet's own, in front of
 * which the spec §5 rules stand. A transaction that breaks a fee, access-list or blob rule, or
 * `wallet_sendCalls` whose calls are malformed, is refused before the wallet is asked, with the
 * rule's words (`TransactionRuleError`, `InvalidSendCallsError`, JSON-RPC code -32602); a wallet
 * answering `eth_sendTransaction` with something that is no transaction hash, or
 * `personal_sign` / `eth_signTypedData_v4` with something that is no signature, fails the
 * request (`WalletInvalidResponseError`). Everything else reaches the wallet unchanged, and every
 * other property (`on`, `removeListener`, a WalletConnect provider's `session`, …) is the
 * wallet's. One wallet's provider always gets the same guard.
 *
 * @example
 * const provider = guardProvider(wallet.provider)
 * await provider.request({ method: 'eth_sendTransaction', params: [{ from, to, gasPrice: '0x1', maxFeePerGas: '0x2' }] }) // rejects, the wallet never asked
 */
export function guardProvider(provider: Eip1193Provider): Eip1193Provider {
  const known = guarded.get(provider)
  if (known) return known

  const request: Eip1193Provider['request'] = async (args) => {
    const method = (args as { method?: unknown } | null | undefined)?.method
    if (typeof method !== 'string' || !CHECKED_METHODS.has(method)) return provider.request(args)
    const checks = await loadChecks()
    const refusal = checks.hostRequestError(method, args.params)
    if (refusal) throw refusal
    const answer = await provider.request(args)
    const junk = checks.hostAnswerError(method, answer)
    if (junk) throw junk
    return answer
  }

  // The wallet's methods are called on the wallet (a class with private fields needs its own
  // `this`), each bound once so a listener added through one reference is removed through another.
  const bound = new Map<PropertyKey, { original: unknown; fn: unknown }>()
  // The proxy's target is an empty object of its own, so no invariant of the wallet's object (a
  // frozen provider, a read-only `request`) stops `request` from being the guard's.
  const proxy = new Proxy({} as Eip1193Provider, {
    get(_shell, key) {
      if (key === 'request') return request
      const value: unknown = Reflect.get(provider, key, provider)
      if (typeof value !== 'function') return value
      const kept = bound.get(key)
      if (kept?.original === value) return kept.fn
      const fn = (value as (...a: unknown[]) => unknown).bind(provider)
      bound.set(key, { original: value, fn })
      return fn
    },
    has: (_shell, key) => Reflect.has(provider, key),
    // Listed and described as the wallet's own (configurable, as the empty target allows).
    ownKeys: () => Reflect.ownKeys(provider),
    getOwnPropertyDescriptor(_shell, key) {
      const own = Reflect.getOwnPropertyDescriptor(provider, key)
      if (!own) return undefined
      return key === 'request' ? { value: request, writable: true, enumerable: own.enumerable ?? true, configurable: true } : { ...own, configurable: true }
    },
    set: (_shell, key, value) => Reflect.set(provider, key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(provider),
  })
  guarded.set(provider, proxy)
  return proxy
}
