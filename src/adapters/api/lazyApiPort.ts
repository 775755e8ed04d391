/**
 * A port whose implementation loads on the first call, so an API client stays out of the host's
 * initial bundle until something needs it. Each of `methods` (they all return promises) waits
 * for the load and forwards; `rest` holds the members that must answer at once (URL builders).
 * A method added to the port and not listed is a type error, since `rest` then lacks it.
 *
 * @example
 * const api = lazyApiPort(loadOnce(() => import('./createBlockchainApiClient.js').then((m) => m.createBlockchainApiClient(options))), ['getBalance', ...], {})
 */
export function lazyApiPort<T extends object, K extends keyof T>(load: () => Promise<T>, methods: readonly K[], rest: Omit<T, K>): T {
  const port: Record<PropertyKey, unknown> = { ...rest }
  for (const name of methods) {
    port[name] = (...args: unknown[]) => load().then((impl) => (impl[name] as (...a: unknown[]) => unknown)(...args))
  }
  return port as T
}

/**
 * `load`, called at most once while it succeeds: later calls share its promise. A failed load
 * (the chunk could not be fetched) is tried again on the next call.
 *
 * @example
 * const client = loadOnce(() => import('./createAnalyticsClient.js').then((m) => m.createAnalyticsClient(options)))
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null
  return () => {
    if (!pending) {
      pending = load()
      pending.catch(() => {
        pending = null
      })
    }
    return pending
  }
}
