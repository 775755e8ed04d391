import { auditTime, catchError, concatMap, from, ignoreElements, of } from 'rxjs'
import { STORAGE_KEYS } from '../durable.js'
import { storageFailed } from '../events/storage.js'
import { serializeError } from '../errors.js'
import type { CoreDeps } from '../ports.js'
import type { Effect } from './runEffects.js'

export type LogDeps = CoreDeps & {
  /** The log as it should be persisted (bounded by the store). */
  eventLog: { snapshot(): unknown }
}

/** Batches writes of the event log: at most one per LOG_WRITE_MS while events flow. */
export const LOG_WRITE_MS = 300

/** Keeps the event log in storage so a reload (or a bug report) still has the session. */
export const persistLog: Effect<LogDeps> = (event$, _state$, deps) =>
  event$.pipe(
    auditTime(LOG_WRITE_MS, deps.scheduler),
    concatMap(() =>
      from(deps.storage.set(STORAGE_KEYS.log, deps.eventLog.snapshot())).pipe(
        ignoreElements(),
        catchError((error: unknown) => of(storageFailed({ operation: 'write', error: serializeError(error) }))),
      ),
    ),
  )
