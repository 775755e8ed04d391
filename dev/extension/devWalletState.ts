// What the dev Wallet Standard wallets (Solana, Bitcoin) keep as an extension would: the origins a
// user authorised and the selected account, in localStorage; and their `standard:events`
// listeners, each called apart so an app's failing listener breaks neither the wallet nor the others.
import type { StandardEventsListeners, StandardEventsNames } from '@wallet-standard/features'

/** A wallet's stored state: at least the authorised origins. */
export type OriginsStored = { origins: Record<string, unknown> }

/** Reads and writes `key` (JSON); anything unreadable reads as `{ origins: {} }`. */
export function originStore<S extends OriginsStored>(key: string): { load(): S; update(change: (stored: S) => void): void } {
  const load = (): S => {
    const empty = { origins: {} } as S
    try {
      const raw = window.localStorage.getItem(key)
      const parsed = raw === null ? null : (JSON.parse(raw) as Partial<S> | null)
      return parsed !== null && typeof parsed === 'object' && typeof parsed.origins === 'object' && parsed.origins !== null ? { ...empty, ...parsed } : empty
    } catch {
      return empty
    }
  }
  return {
    load,
    update: (change) => {
      const stored = load()
      change(stored)
      window.localStorage.setItem(key, JSON.stringify(stored))
    },
  }
}

/** Runs `call`, reporting (not throwing) what it throws. */
export function guarded(call: () => void): void {
  try {
    call()
  } catch (error) {
    // An app's failing listener must not break the wallet or the other listeners.
    console.error(error)
  }
}

/** The listeners of a wallet's `standard:events`. */
export class StandardEventsHub {
  readonly #listeners: { [E in StandardEventsNames]?: Set<StandardEventsListeners[E]> } = {}

  on<E extends StandardEventsNames>(event: E, listener: StandardEventsListeners[E]): () => void {
    const set = (this.#listeners[event] ??= new Set()) as Set<StandardEventsListeners[E]>
    set.add(listener)
    return () => set.delete(listener)
  }

  emit<E extends StandardEventsNames>(event: E, ...args: Parameters<StandardEventsListeners[E]>): void {
    for (const listener of [...(this.#listeners[event] ?? [])]) guarded(() => (listener as (...a: typeof args) => void)(...args))
  }

  clear(): void {
    for (const set of Object.values(this.#listeners)) set?.clear()
  }
}
