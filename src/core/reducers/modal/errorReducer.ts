import type { SerializedError } from '../../errors/base.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { isIgnoredConnectionEvent } from '../connection/isIgnoredConnectionEvent.js'
import { BASE_INITIAL } from '../baseInitialState.js'

export type LastError = ModalState['lastError']

/**
 * Any `…/failed` event with a serialised error becomes the last error the UI can show, except
 * a stale connection outcome (the visitor already retried, picked another wallet or closed).
 */
export const lastErrorSlice = createSlice(
  'lastError',
  BASE_INITIAL.lastError,
  (b) =>
    b.addMatcher(
      (type) => type.endsWith('/failed'),
      (last, event, _state, prev) => {
        if (isIgnoredConnectionEvent(prev, event)) return
        const error = (event.payload as { error?: SerializedError } | null)?.error
        if (!error || typeof error.shortMessage !== 'string') return
        return { source: event.type, shortMessage: error.shortMessage, code: error.code, at: event.at }
      },
    ),
)
