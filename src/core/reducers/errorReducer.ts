import type { Draft } from 'immer'
import type { StampedEvent } from '../events/defineEvent.js'
import type { SerializedError } from '../errors.js'
import type { ModalState } from '../state.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'

/**
 * Any `…/failed` event with a serialised error becomes the last error the UI can show, except
 * a stale connection outcome (the visitor already retried, picked another wallet or closed).
 */
export function errorReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (!event.type.endsWith('/failed')) return
  if (isIgnoredConnectionEvent(draft as ModalState, event)) return
  const error = (event.payload as { error?: SerializedError } | null)?.error
  if (!error || typeof error.shortMessage !== 'string') return
  draft.lastError = { source: event.type, shortMessage: error.shortMessage, code: error.code, at: event.at }
}
