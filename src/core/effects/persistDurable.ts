import { catchError, concatMap, defer, distinctUntilChanged, filter, from, ignoreElements, map, of, skip, startWith, switchMap, take } from 'rxjs'
import { sameDurable, selectDurable, STORAGE_KEYS } from '../durable.js'
import { storageFailed, storageHydrated } from '../events/storage.js'
import { serializeError } from '../errors.js'
import type { CoreDeps } from '../ports.js'
import type { Effect } from './runEffects.js'

/**
 * Writes the durable slices when a live event changed them. Starts only after hydration, so
 * defaults never overwrite what a previous visit stored.
 */
export const persistDurable: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    filter(storageHydrated.match),
    take(1),
    switchMap(() =>
      defer(() =>
        event$.pipe(
          map(() => selectDurable(state$.value)),
          startWith(selectDurable(state$.value)),
        ),
      ).pipe(
        distinctUntilChanged(sameDurable),
        skip(1),
        concatMap((durable) =>
          from(deps.storage.set(STORAGE_KEYS.durable, durable)).pipe(
            ignoreElements(),
            catchError((error: unknown) => of(storageFailed({ operation: 'write', error: serializeError(error) }))),
          ),
        ),
      ),
    ),
  )
