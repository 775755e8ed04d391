import { catchError, filter, from, mergeMap, of } from 'rxjs'
import { STORAGE_KEYS } from '../durable'
import { sessionStarted } from '../events/session'
import { storageFailed, storageHydrated } from '../events/storage'
import { serializeError } from '../errors'
import type { CoreDeps } from '../ports'
import type { DurableState } from '../state'
import type { Effect } from './runEffects'

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
