import type { NamedEffect } from '../../features/defineFeature.js'
import type { CoreDeps } from '../../ports.js'
import { persistDurable } from './persistDurable.js'
import { persistLog, type LogDeps } from './persistLog.js'
import { syncTabs } from './syncTabs.js'

/**
 * Writing the durable state on change (the session starts with it read: see createModal), and
 * telling the other open tabs of the change (taking in theirs).
 */
export const persistenceEffects: NamedEffect<CoreDeps>[] = [
  { name: 'persistDurable', effect: persistDurable },
  { name: 'syncTabs', effect: syncTabs },
]

/** Keeping the event log across reloads. */
export const logPersistenceEffects: NamedEffect<LogDeps>[] = [{ name: 'persistLog', effect: persistLog }]
