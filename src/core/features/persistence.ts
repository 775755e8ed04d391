import { storageFailed, storageHydrated } from '../events/persistence/storage.js'
import { defineFeature } from './defineFeature.js'
import { logPersistenceEffects, persistenceEffects } from '../effects/persistence/persistenceEffects.js'

/** Durable state (preferences, recent wallets, connections to restore, sign-in sessions) across reloads. */
export const persistenceFeature = defineFeature({
  name: 'persistence',
  events: [storageHydrated, storageFailed],
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
