import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import {
  nameRegistered,
  nameRegisterFailed,
  nameRegisterRequested,
  nameSuggestionsFailed,
  nameSuggestionsFetched,
  nameSuggestionsRequested,
} from '../../events/names/names.js'
import type { SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { isResetTo } from '../isResetTo.js'

export type NameSuggestion = { name: string; registered: boolean }

/** RegisterAccountName (spec §2, §4): the suggestions for the label typed, and the registration under way. */
export type NameRegistrationState = {
  suggestions: { label: string; status: 'loading' | 'loaded' | 'failed'; requestId: string | null; items: NameSuggestion[]; error: SerializedError | null } | null
  register: { name: string; status: 'signing' | 'failed'; requestId: string | null; error: SerializedError | null } | null
  /** The name registered last (RegisterAccountNameSuccess shows it). */
  registered: string | null
}

const EMPTY: NameRegistrationState = { suggestions: null, register: null, registered: null }

/** Whether the suggestions wait for this request's answer (the reducer and the effect that fetches agree on it). */
export const awaitsSuggestions = (s: NameRegistrationState, label: string, requestId: string | undefined) =>
  s.suggestions?.status === 'loading' && s.suggestions.label === label && isCurrentRequest(s.suggestions.requestId, requestId)
/** Whether this registration is the one under way. */
export const isRegistering = (s: NameRegistrationState, requestId: string | undefined) => s.register?.status === 'signing' && isCurrentRequest(s.register.requestId, requestId)

export const nameRegistrationSlice = createSlice(
  'nameRegistration',
  (): NameRegistrationState => ({ ...EMPTY }),
  (b) =>
    b
      .addCase(nameSuggestionsRequested, (s, event) => {
        // The suggestions shown stay until the new ones come, so nothing jumps while typing.
        s.suggestions = { label: event.payload.label, status: 'loading', requestId: event.requestId ?? null, items: s.suggestions?.items ?? [], error: null }
      })
      .addCase(nameSuggestionsFetched, (s, event) => {
        if (!awaitsSuggestions(s, event.payload.label, event.requestId)) return
        s.suggestions = { ...s.suggestions!, status: 'loaded', requestId: null, items: event.payload.suggestions }
      })
      .addCase(nameSuggestionsFailed, (s, event) => {
        if (!awaitsSuggestions(s, event.payload.label, event.requestId)) return
        s.suggestions = { ...s.suggestions!, status: 'failed', requestId: null, items: [], error: event.payload.error }
      })
      .addCase(nameRegisterRequested, (s, event) => {
        if (s.register?.status === 'signing') return
        s.register = { name: event.payload.name, status: 'signing', requestId: event.requestId ?? null, error: null }
      })
      .addCase(nameRegistered, (s, event) => {
        if (!isRegistering(s, event.requestId)) return
        s.register = null
        s.registered = event.payload.name
        s.suggestions = null
      })
      .addCase(nameRegisterFailed, (s, event) => {
        if (!isRegistering(s, event.requestId)) return
        s.register = { ...s.register!, status: 'failed', requestId: null, error: event.payload.error }
      })
      // Optimization: already reset, the slice keeps its object.
      .addReplacer(accountDisconnected, () => ({ ...EMPTY }), (s) => !isResetTo(s, EMPTY)),
)
