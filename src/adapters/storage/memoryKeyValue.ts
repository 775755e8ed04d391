/** The raw key-value store under a Storage (IndexedDB, memory). */
export interface KeyValue {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  keys(): Promise<string[]>
}

/** A key-value store in memory: for the server (SSR) and tests. Values are copied as JSON. */
export function createMemoryKeyValue(initial: Record<string, unknown> = {}): KeyValue & { dump(): Record<string, unknown> } {
  const map = new Map<string, string>(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]))
  return {
    get: async (key) => {
      const raw = map.get(key)
      return raw === undefined ? undefined : JSON.parse(raw)
    },
    set: async (key, value) => {
      const raw = JSON.stringify(value)
      if (raw === undefined) map.delete(key)
      else map.set(key, raw)
    },
    del: async (key) => {
      map.delete(key)
    },
    keys: async () => [...map.keys()],
    dump: () => Object.fromEntries([...map].map(([k, v]) => [k, JSON.parse(v)])),
  }
}
