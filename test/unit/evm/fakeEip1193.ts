// A hand-made EIP-1193 wallet for tests: it answers requests from a table, keeps listeners like
// an EventEmitter (a listener that throws throws into `emit`, as it would into a real wallet)
// and announces itself over EIP-6963 in the given window.
export const FAKE_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const FAKE_RDNS = 'io.fake.wallet'

type Listener = (...args: unknown[]) => void

export function createFakeEip1193(answers: Record<string, unknown> = {}) {
  const table: Record<string, unknown> = { eth_requestAccounts: [FAKE_ADDRESS], eth_accounts: [FAKE_ADDRESS], eth_chainId: '0x1', ...answers }
  const listeners = new Map<string, Set<Listener>>()
  const requests: string[] = []
  const provider = {
    async request({ method }: { method: string; params?: unknown }): Promise<unknown> {
      requests.push(method)
      if (!(method in table)) throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
      const answer = table[method]
      return typeof answer === 'function' ? (answer as () => unknown)() : answer
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  return {
    provider,
    requests,
    /** Sets what a method answers from now on. */
    answer(method: string, value: unknown) {
      table[method] = value
    },
    /** Calls every listener of `event` as a wallet does; a listener's exception reaches the caller. */
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  }
}

export function announceWallet(win: Window, provider: unknown, info: Record<string, unknown> = { uuid: 'f1', name: 'Fake Wallet', icon: 'data:image/svg+xml,f', rdns: FAKE_RDNS }) {
  const answer = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider } }))
  win.addEventListener('eip6963:requestProvider', answer)
  answer()
  return () => win.removeEventListener('eip6963:requestProvider', answer)
}
