import type { Draft } from 'immer'
import { sessionStarted } from '../events/session.js'
import { storageHydrated } from '../events/storage.js'
import { initialState, type ModalState } from '../state.js'
import type { StampedEvent } from '../events/defineEvent.js'

/** Session start rebuilds everything from its settings; hydration lays the durable slices on top. */
export function sessionReducer(draft: Draft<ModalState>, event: StampedEvent): ModalState | void {
  if (sessionStarted.match(event)) return initialState(event.payload)
  if (storageHydrated.match(event)) {
    const { preferences, siwx } = event.payload
    if (preferences) {
      if (preferences.themeMode === 'light' || preferences.themeMode === 'dark')
        draft.preferences.themeMode = preferences.themeMode
      if (preferences.preferredAccountType) draft.preferences.preferredAccountType = { ...preferences.preferredAccountType }
    }
    if (siwx?.sessions) draft.siwx.sessions = { ...siwx.sessions }
  }
}
