import { catchError, filter, from, mergeMap, of } from 'rxjs'
import { STORAGE_KEYS } from '../durable.js'
import { sessionStarted } from '../events/session.js'
import { storageFailed, storageHydrated } from '../events/storage.js'
import { serializeError } from '../errors.js'
import type { CoreDeps } from '../ports.js'
import type { DurableState } from '../state.js'
import type { Effect } from './runEffects.js'

/** On session start, reads the durable slices and applies them in one `storage/hydrated`. */
export const hydrateStorage: Effect<CoreDeps> = (event$, _state$, deps) =>
  event$.pipe(
    filter(sessionStarted.match),
    mergeMap(() =>
      from(deps.storage.get<Partial<DurableState>>(STORAGE_KEYS.durable)).pipe(
        mergeMap((data) => of(storageHydrated(isObject(data) ? data : {}))),
        catchError((error: unknown) =>
          of(storageFailed({ operation: 'read', error: serializeError(error) }), storageHydrated({})),
        ),
      ),
    ),
  )

function isObject(v: unknown): v is Partial<DurableState> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
