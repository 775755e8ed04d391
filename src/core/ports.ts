import type { SchedulerLike } from 'rxjs'

/** Where time comes from. The store stamps `at` from it; tests pass a fake. */
export interface Clock {
  now(): number
}

/**
 * Key-value persistence (IndexedDB in browsers, memory on the server). Values are JSON data.
 * Implementations namespace keys with a fixed prefix and a schema version.
 */
export interface Storage {
  get<T = unknown>(key: string): Promise<T | undefined>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
  /** Removes every key this storage owns. */
  clear(): Promise<void>
}

export type AnalyticsEvent = {
  event: 'MODAL_OPEN' | 'MODAL_CLOSE' | (string & {})
  properties?: Record<string, unknown>
}

/** Product analytics; the API adapter posts these to the analytics endpoint. */
export interface Analytics {
  track(event: AnalyticsEvent): void | Promise<void>
}

/** What every effect may use. Feature effects extend it with their own ports. */
export interface CoreDeps {
  clock: Clock
  scheduler: SchedulerLike
  storage: Storage
  analytics: Analytics
}
