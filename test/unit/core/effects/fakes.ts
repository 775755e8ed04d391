import { EMPTY, NEVER, type Observable } from 'rxjs'
import type { ChainAdapter, Storage, WalletConnectActivity, WalletConnectPort, WalletProviderEvent } from '../../../../src/core/ports'
import type { Namespace } from '../../../../src/core/events/views'
import { currentScheduler, reply, replyError } from '../../../support/runEffect'

/** A record of the calls a fake received, as `[method, ...args]`. */
export type Calls = unknown[][]

/**
 * A chain adapter whose methods are the given ones; any other call is answered with an error
 * naming it (so an unexpected call shows as a failed event). Every call is recorded.
 *
 * @example
 * const { adapter, calls } = fakeAdapter({ connect: () => reply(session, 100) })
 */
export function fakeAdapter(methods: Partial<ChainAdapter> = {}, namespace: Namespace = 'eip155') {
  const calls: Calls = []
  const unexpected = (name: string) => () => replyError(new Error(`unexpected call: ${name}`))
  const base: Record<string, unknown> = {
    connectors: () => EMPTY,
    events: () => NEVER,
    connect: unexpected('connect'),
    reconnect: unexpected('reconnect'),
    disconnect: unexpected('disconnect'),
    switchNetwork: unexpected('switchNetwork'),
    signMessage: unexpected('signMessage'),
    sendTransfer: unexpected('sendTransfer'),
    getBalance: unexpected('getBalance'),
    waitForReceipt: unexpected('waitForReceipt'),
    ...methods,
  }
  const adapter = { namespace } as Record<string, unknown>
  for (const [name, fn] of Object.entries(base)) {
    if (typeof fn !== 'function') continue
    adapter[name] = (...args: unknown[]) => {
      calls.push([name, ...args])
      return (fn as (...a: unknown[]) => unknown)(...args)
    }
  }
  if (methods.evm) {
    adapter.evm = {
      signTypedData: (...args: unknown[]) => {
        calls.push(['evm.signTypedData', ...args])
        return (methods.evm!.signTypedData as (...a: unknown[]) => unknown)(...args)
      },
      sendTransaction: methods.evm.sendTransaction,
    }
  }
  return { adapter: adapter as unknown as ChainAdapter, calls }
}

/** A recording analytics port: what was tracked or reported, and at which virtual frame. */
export function fakeAnalytics() {
  const tracked: { frame: number; event: string; properties?: Record<string, unknown> }[] = []
  const reports: { frame: number; event: string; errorType: string; errorMessage: string }[] = []
  const frame = () => currentScheduler().now()
  return {
    tracked,
    reports,
    analytics: {
      track: (e: { event: string; properties?: Record<string, unknown> }) => void tracked.push({ frame: frame(), ...e }),
      reportError: (r: { event: string; errorType: string; errorMessage: string }) => void reports.push({ frame: frame(), ...r }),
    },
  }
}

/** A WalletConnect port whose controls are recorded; `prefetch` and `activity` as given. */
export function fakeWalletConnect(overrides: { prefetch?: () => Promise<boolean>; activity?: () => Observable<WalletConnectActivity> } = {}) {
  const calls: string[] = []
  const port: WalletConnectPort = {
    connectorId: 'walletConnect',
    prefetch: () => {
      calls.push('prefetch')
      return overrides.prefetch ? overrides.prefetch() : replyError(new Error('unexpected call: prefetch'))
    },
    prefetchPairing: () => void calls.push('prefetchPairing'),
    activity: () => {
      calls.push('activity')
      return overrides.activity ? overrides.activity() : NEVER
    },
    refreshPairing: () => void calls.push('refreshPairing'),
    cancelPairing: () => void calls.push('cancelPairing'),
  }
  return { port, calls }
}

/** An EVM account on network 1 as a wallet reports it. */
export const ACCOUNT = '0x00000000000000000000000000000000000000a1'
export const OTHER_ACCOUNT = '0x00000000000000000000000000000000000000b2'
/** A Solana account (a valid base58 key) and the CAIP-2 id of mainnet. */
export const SOLANA_ACCOUNT = 'So11111111111111111111111111111111111111112'
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const session = (address = ACCOUNT, caipNetworkId = 'eip155:1') => ({ accounts: [{ address, type: 'eoa' as const }], caipNetworkId })

export type { WalletProviderEvent }

/**
 * A key-value storage on virtual time: reads answer from `data` (or as `get` says), writes are
 * recorded with their frame and answer as `set` says (default: at once).
 */
export function fakeStorage(options: { data?: Record<string, unknown>; get?: (key: string) => Promise<unknown>; set?: (key: string, value: unknown, n: number) => Promise<void> } = {}) {
  const data = new Map(Object.entries(options.data ?? {}))
  const writes: { frame: number; key: string; value: unknown }[] = []
  const storage: Storage = {
    get: <T>(key: string) => (options.get ? options.get(key) : reply(data.get(key))) as Promise<T | undefined>,
    set: (key, value) => {
      writes.push({ frame: currentScheduler().now(), key, value })
      if (options.set) return options.set(key, value, writes.length)
      data.set(key, value)
      return reply(undefined)
    },
    del: (key) => {
      data.delete(key)
      return reply(undefined)
    },
    clear: () => {
      data.clear()
      return reply(undefined)
    },
  }
  return { storage, writes, data }
}
