import type { Draft } from 'immer'
import { accountTypePreferred, themeModeChanged } from '../events/preferences.js'
import type { StampedEvent } from '../events/defineEvent.js'
import type { ModalState } from '../state.js'

export function preferencesReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (themeModeChanged.match(event)) {
    draft.preferences.themeMode = event.payload.mode
  } else if (accountTypePreferred.match(event)) {
    const namespace = event.payload.namespace ?? draft.connection.activeNamespace ?? 'eip155'
    const current = draft.preferences.preferredAccountType[namespace] ?? 'eoa'
    // Smart account only when enabled and the current type is eoa (spec §4).
    if (event.payload.type === 'smartAccount' && (!draft.settings.smartAccounts?.enabled || current !== 'eoa')) return
    draft.preferences.preferredAccountType[namespace] = event.payload.type
  }
}
