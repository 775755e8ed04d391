import { accountTypePreferred, localeChanged, themeModeChanged } from '../../events/modal/preferences.js'
import { sessionStarted } from '../../events/modal/session.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { tabsChanged } from '../../events/persistence/tabs.js'
import { keepIfSame } from '../../durable.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { initialPreferences } from '../baseInitialState.js'

export type PreferencesState = ModalState['preferences']

export const preferencesSlice = createSlice('preferences', initialPreferences, (b) =>
  b
    // A reload keeps the visitor's theme and account types; the language is the host's, per load.
    .addReplacer(sessionStarted, (p, _event, fresh) => ({ themeMode: p.themeMode, locale: fresh.preferences.locale, preferredAccountType: p.preferredAccountType }))
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
    // Another open tab changed the theme or the account types: this one follows.
    .addReplacer(tabsChanged, (p, event) => {
      const stored = event.payload.preferences
      if (!stored) return p
      const themeMode = stored.themeMode ?? p.themeMode
      const preferredAccountType = stored.preferredAccountType ? keepIfSame(p.preferredAccountType, { ...stored.preferredAccountType }) : p.preferredAccountType
      return themeMode === p.themeMode && preferredAccountType === p.preferredAccountType ? p : { themeMode, locale: p.locale, preferredAccountType }
    })
    // What storage holds is the durable state; what it lacks is the session's default.
    .addReplacer(storageHydrated, (p, event, state) => {
      const stored = event.payload.preferences
      const themeMode = stored?.themeMode === 'light' || stored?.themeMode === 'dark' ? stored.themeMode : initialPreferences(state.settings).themeMode
      const preferredAccountType = keepIfSame(p.preferredAccountType, { ...stored?.preferredAccountType })
      return themeMode === p.themeMode && preferredAccountType === p.preferredAccountType ? p : { themeMode, locale: p.locale, preferredAccountType }
    }),
)
