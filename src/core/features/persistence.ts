import { storageFailed, storageHydrated } from '../events/persistence/storage.js'
import { tabsChanged } from '../events/persistence/tabs.js'
import { defineFeature } from './defineFeature.js'
import { logPersistenceEffects, persistenceEffects } from '../effects/persistence/persistenceEffects.js'

/**
 * Durable state (preferences, recent wallets, connections to restore, sign-in sessions) across
 * reloads, and kept in agreement between the open tabs of the app.
 */
export const persistenceFeature = defineFeature({
  name: 'persistence',
  events: [storageHydrated, storageFailed, tabsChanged],
  slices: [],
  effects: [],
  loadEffects: () => Promise.resolve(persistenceEffects),
})

/** The event log kept across reloads (on by default; `persistLog: false` leaves it out). */
export const logPersistenceFeature = defineFeature({
  name: 'logPersistence',
  events: [],
  slices: [],
  effects: [],
  loadEffects: () => Promise.resolve(logPersistenceEffects),
})
