import { storageFailed, storageHydrated } from '../events/storage.js'
import { hydrateStorage } from '../effects/hydrateStorage.js'
import { persistDurable } from '../effects/persistDurable.js'
import { persistLog } from '../effects/persistLog.js'
import { defineFeature } from './defineFeature.js'

/** Durable state (preferences, recent wallets, connections to restore, sign-in sessions) across reloads. */
export const persistenceFeature = defineFeature({
  name: 'persistence',
  events: [storageHydrated, storageFailed],
  slices: [],
  effects: [
    { name: 'hydrateStorage', effect: hydrateStorage },
    { name: 'persistDurable', effect: persistDurable },
  ],
})

/** The event log kept across reloads (on by default; `persistLog: false` leaves it out). */
export const logPersistenceFeature = defineFeature({
  name: 'logPersistence',
  events: [],
  slices: [],
  effects: [{ name: 'persistLog', effect: persistLog }],
})
