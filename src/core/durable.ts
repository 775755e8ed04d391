import type { DurableState, ModalState } from './state.js'

/** Storage keys (the adapter adds the fixed prefix and schema version). */
export const STORAGE_KEYS = { durable: 'durable', log: 'eventLog' } as const

/** The part of the state kept across reloads. Immer's structural sharing keeps it stable. */
export function selectDurable(state: ModalState): DurableState {
  return { preferences: state.preferences, siwx: state.siwx, wallets: state.wallets.memory }
}

export function sameDurable(a: DurableState, b: DurableState): boolean {
  return a.preferences === b.preferences && a.siwx === b.siwx && a.wallets === b.wallets
}
