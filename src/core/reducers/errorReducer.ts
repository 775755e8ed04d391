import type { Draft } from 'immer'
import type { StampedEvent } from '../events/defineEvent'
import type { SerializedError } from '../errors'
import type { ModalState } from '../state'

/** Any `…/failed` event with a serialised error becomes the last error the UI can show. */
export function errorReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (!event.type.endsWith('/failed')) return
  const error = (event.payload as { error?: SerializedError } | null)?.error
  if (!error || typeof error.shortMessage !== 'string') return
  draft.lastError = { source: event.type, shortMessage: error.shortMessage, code: error.code, at: event.at }
}
