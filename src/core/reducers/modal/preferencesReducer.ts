import { accountTypePreferred, localeChanged, themeModeChanged } from '../../events/modal/preferences.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import type { ModalState, SessionSettings } from '../../state.js'
import { createSlice } from '../createSlice.js'

export type PreferencesState = ModalState['preferences']

export const preferencesSlice = createSlice(
  'preferences',
  (settings: SessionSettings): PreferencesState => ({ themeMode: settings.themeMode ?? 'light', locale: settings.locale ?? 'en', preferredAccountType: {} }),
  (b) =>
    b
      // Written out in full rather than spread: see modalReducer's `modal`.
      .addReplacer(themeModeChanged, (p, event) =>
        p.themeMode === event.payload.mode ? p : { themeMode: event.payload.mode, locale: p.locale, preferredAccountType: p.preferredAccountType },
      )
      .addReplacer(localeChanged, (p, event) =>
        p.locale === event.payload.locale ? p : { themeMode: p.themeMode, locale: event.payload.locale, preferredAccountType: p.preferredAccountType },
      )
      .addCase(accountTypePreferred, (p, event, state) => {
        const namespace = event.payload.namespace ?? state.connection.activeNamespace ?? 'eip155'
        const current = p.preferredAccountType[namespace] ?? 'eoa'
        // Smart account only when enabled and the current type is eoa (spec §4).
        if (event.payload.type === 'smartAccount' && (!state.settings.smartAccounts?.enabled || current !== 'eoa')) return
        p.preferredAccountType[namespace] = event.payload.type
      })
      .addCase(storageHydrated, (p, event) => {
        const { preferences } = event.payload
        if (!preferences) return
        if (preferences.themeMode === 'light' || preferences.themeMode === 'dark') p.themeMode = preferences.themeMode
        if (preferences.preferredAccountType) p.preferredAccountType = { ...preferences.preferredAccountType }
      }),
)
