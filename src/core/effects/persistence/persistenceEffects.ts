import type { NamedEffect } from '../../features/defineFeature.js'
import type { CoreDeps } from '../../ports.js'
import { hydrateStorage } from './hydrateStorage.js'
import { persistDurable } from './persistDurable.js'
import { persistLog, type LogDeps } from './persistLog.js'

/** Reading the durable state at start and writing it on change. */
export const persistenceEffects: NamedEffect<CoreDeps>[] = [
  { name: 'hydrateStorage', effect: hydrateStorage },
  { name: 'persistDurable', effect: persistDurable },
]

/** Keeping the event log across reloads. */
export const logPersistenceEffects: NamedEffect<LogDeps>[] = [{ name: 'persistLog', effect: persistLog }]
