// An in-memory key-value store with the shape @walletconnect/core expects of `storage`
// (IKeyValueStorage): one per client, so several clients can live in one process or page
// without sharing keys, and nothing outlives the process.

export class MemoryStorage {
  private readonly map = new Map<string, unknown>()

  async getKeys(): Promise<string[]> {
    return [...this.map.keys()]
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.map.entries()] as [string, T][]
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.map.get(key) as T | undefined
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.map.set(key, value)
  }

  async removeItem(key: string): Promise<void> {
    this.map.delete(key)
  }
}
