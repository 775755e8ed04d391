import type {
  WalletConnectConnectParams,
  WalletConnectProvider,
  WalletConnectSession,
} from '../../../src/adapters/walletconnect/walletConnectProvider'

type Pending = { params: WalletConnectConnectParams; uri: string; approve(session: WalletConnectSession): void; reject(error: unknown): void }

/**
 * A stand-in for the universal provider: each connect shows a new URI and waits until the test
 * approves or rejects it, as a wallet would.
 */
export function createFakeProvider() {
  const listeners = new Map<string, Set<(...args: any[]) => void>>()
  const pending: Pending[] = []
  const requests: { method: string; params?: unknown; chain?: string | undefined }[] = []
  let chainId = 0
  let n = 0
  let disconnects = 0
  const emit = (event: string, ...args: unknown[]) => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(...args)
  }
  const provider: WalletConnectProvider = {
    session: undefined,
    connect(params) {
      const uri = `wc:${'ab'.repeat(16)}${++n}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}&expiryTimestamp=${1_700_000_300 + n}`
      return new Promise<WalletConnectSession | undefined>((resolve, reject) => {
        pending.push({
          params,
          uri,
          approve: (session) => {
            provider.session = session
            resolve(session)
          },
          reject,
        })
        // The real provider shows the URI once the pairing exists, before the wallet answers.
        queueMicrotask(() => emit('display_uri', uri))
      })
    },
    async request<T>(args: { method: string; params?: unknown }, chain?: string): Promise<T> {
      requests.push({ method: args.method, params: args.params, chain })
      if (args.method === 'eth_chainId') return chainId as T
      if (args.method === 'personal_sign') return '0xsigned' as T
      if (args.method === 'eth_sendTransaction') return `0x${'11'.repeat(32)}` as T
      throw Object.assign(new Error('unsupported'), { code: 4200 })
    },
    async disconnect() {
      disconnects += 1
      provider.session = undefined
    },
    setDefaultChain(chain) {
      chainId = Number(chain.split(':')[1])
      emit('chainChanged', chainId)
    },
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(fn)
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn)
    },
  }
  return {
    provider,
    pending,
    requests,
    emit,
    get disconnects() {
      return disconnects
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
    /** A session approving `accounts` on `chains`. */
    session(accounts: string[], chains: string[]): WalletConnectSession {
      return {
        topic: `topic${n}`,
        expiry: Math.floor(Date.now() / 1000) + 7 * 86_400,
        namespaces: { eip155: { chains, accounts: chains.flatMap((c) => accounts.map((a) => `${c}:${a}`)), methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] } },
      }
    },
  }
}
