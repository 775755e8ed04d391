import { BehaviorSubject, Subject, filter, map } from 'rxjs'
import type { Connector, Network } from '../../src/core/domain/entities'
import type { ChainAdapter, WalletProviderEvent, WalletReceipt, WalletSession, WalletTransfer } from '../../src/core/ports'

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void }

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export const connectorOf = (id: string, name = id): Connector => ({ id, name, chain: 'eip155', type: 'ANNOUNCED', installed: true, info: { rdns: id } })

/**
 * A ChainAdapter whose every wallet call waits until the test answers it, recording the calls.
 * `answer(method)` resolves the oldest pending call of that method.
 */
export function createFakeChainAdapter(connectors: Connector[] = [connectorOf('a'), connectorOf('b')]) {
  const list$ = new BehaviorSubject<Connector[]>(connectors)
  const events$ = new Subject<{ connectorId: string; event: WalletProviderEvent }>()
  const calls: { method: string; args: unknown[]; reply: Deferred<unknown> }[] = []
  const subscribed = new Map<string, number>()
  const call = <T>(method: string, ...args: unknown[]): Promise<T> => {
    const reply = deferred<unknown>()
    calls.push({ method, args, reply })
    return reply.promise as Promise<T>
  }
  const adapter: ChainAdapter = {
    namespace: 'eip155',
    connectors: () => list$.asObservable(),
    connect: (id) => call<WalletSession>('connect', id),
    reconnect: (id) => call<WalletSession | null>('reconnect', id),
    disconnect: (id) => call<void>('disconnect', id),
    events: (id) => {
      subscribed.set(id, (subscribed.get(id) ?? 0) + 1)
      return events$.pipe(
        filter((e) => e.connectorId === id),
        map((e) => e.event),
      )
    },
    switchNetwork: (id, network: Network) => call<void>('switchNetwork', id, network.caipNetworkId),
    signMessage: (id, request) => call<string>('signMessage', id, request),
    evm: {
      signTypedData: (id, request) => call<string>('signTypedData', id, request),
      sendTransaction: (id, network, tx) => call<string>('sendTransaction', id, network.caipNetworkId, tx),
    },
    sendTransfer: (id, network, transfer: WalletTransfer) => call<string>('sendTransfer', id, network.caipNetworkId, transfer),
    getBalance: (network, address) => call<string>('getBalance', network.caipNetworkId, address),
    waitForReceipt: (network, hash) => call<WalletReceipt>('waitForReceipt', network.caipNetworkId, hash),
  }
  const pending = (method: string) => calls.find((c) => c.method === method && !('settled' in c))
  return {
    adapter,
    list$,
    /** The calls made so far, as `method(args)` data. */
    calls: () => calls.map((c) => ({ method: c.method, args: c.args })),
    /** Resolves the oldest unanswered call of `method`. */
    answer(method: string, value: unknown) {
      const c = pending(method)
      if (!c) throw new Error(`no pending ${method}`)
      Object.assign(c, { settled: true })
      c.reply.resolve(withAccountObjects(value))
    },
    fail(method: string, error: unknown) {
      const c = pending(method)
      if (!c) throw new Error(`no pending ${method}`)
      Object.assign(c, { settled: true })
      c.reply.reject(error)
    },
    hasPending: (method: string) => pending(method) !== undefined,
    /** A wallet event; accounts may be given as bare addresses (eoa). */
    emit: (connectorId: string, event: WalletProviderEvent | { type: 'accountsChanged'; accounts: string[] }) =>
      events$.next({ connectorId, event: withAccountObjects(event) as WalletProviderEvent }),
    subscriptions: (id: string) => subscribed.get(id) ?? 0,
  }
}

/** Tests write accounts as bare addresses; the port carries `{ address, type }` (eoa here). */
function withAccountObjects(value: unknown): unknown {
  if (!value || typeof value !== 'object' || !Array.isArray((value as { accounts?: unknown }).accounts)) return value
  const v = value as { accounts: unknown[] }
  return { ...v, accounts: v.accounts.map((a) => (typeof a === 'string' ? { address: a, type: 'eoa' } : a)) }
}
