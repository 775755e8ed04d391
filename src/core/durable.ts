import type { DurableState, ModalState } from './state.js'

/** Storage keys (the adapter adds the fixed prefix and schema version). */
export const STORAGE_KEYS = {
  durable: 'durable',
  log: 'eventLog',
  /** A stored log this version could not replay, kept as it was for a bug report. */
  unreadableLog: 'eventLog.unreadable',
} as const

/** The part of the state kept across reloads. Immer's structural sharing keeps it stable. */
export function selectDurable(state: ModalState): DurableState {
  const { themeMode, preferredAccountType } = state.preferences
  const durable: DurableState = { preferences: { themeMode, preferredAccountType }, siwx: state.siwx, wallets: state.wallets.memory }
  const { email, username, sessionToken } = state.embeddedUser
  const lastEmailLoginAt = state.emailLogin.lastRequestAt
  if (email !== null || username !== null || sessionToken !== null || lastEmailLoginAt !== null) durable.embeddedWallet = { email, username, sessionToken, lastEmailLoginAt }
  const pending = state.calls ? state.calls.order.map((id) => state.calls!.batches[id]!).filter((b) => b.status < 200) : []
  if (pending.length > 0) durable.calls = { batches: pending }
  const grants = state.permissions ? state.permissions.order.map((context) => state.permissions!.grants[context]!) : []
  if (grants.length > 0) durable.permissions = { grants }
  if (state.network.lastUsed !== null) durable.network = { lastUsed: state.network.lastUsed }
  return durable
}

/** Whether two states hold the same durable parts (by reference: no record is made). */
export function sameDurableState(a: ModalState, b: ModalState): boolean {
  return (
    a.preferences === b.preferences &&
    a.siwx === b.siwx &&
    a.wallets.memory === b.wallets.memory &&
    a.embeddedUser === b.embeddedUser &&
    a.emailLogin.lastRequestAt === b.emailLogin.lastRequestAt &&
    a.calls?.batches === b.calls?.batches &&
    a.permissions?.grants === b.permissions?.grants &&
    a.network.lastUsed === b.network.lastUsed
  )
}

/**
 * `current` when `next` holds the same data, else `next`: a durable part read back from storage
 * keeps its object when the reload changed nothing in it, so nothing re-renders and persistence
 * sees no change.
 *
 * @example
 * keepIfSame(state.wallets.memory, storedMemory) === state.wallets.memory // when equal
 */
export function keepIfSame<T>(current: T, next: T): T {
  return current === next || JSON.stringify(current) === JSON.stringify(next) ? current : next
}
