import { defer, filter, map, merge, skip, switchMap, take } from 'rxjs'
import { sameDurableState, selectDurable, STORAGE_KEYS } from '../../durable.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import type { CoreDeps } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { watchState } from '../runtime/watchState.js'
import { persistLatest } from './persistLog.js'

/**
 * Writes the durable slices when a live event changed them. Starts only after hydration, so
 * defaults never overwrite what a previous visit stored. A later hydration (a read that settled
 * after the session had started without it) writes them at once, changed or not: the stored
 * record then holds what the session shows, the visitor's changes since the start included.
 * Failures are reported once per streak and retried with backoff (see persistLatest).
 */
export const persistDurable: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(storageHydrated),
    take(1),
    switchMap(() =>
      persistLatest(
        deps,
        STORAGE_KEYS.durable,
        merge(
          // The current state, then each one whose durable slices changed. Optimization: compared
          // on the state's own references, inside the state stream; the record is made on a change.
          defer(() => watchState(state$, (s) => s, sameDurableState)).pipe(skip(1)),
          // A later hydration that changed none of them is offered here (a change is offered above).
          event$.pipe(
            ofType(storageHydrated),
            filter(() => sameDurableState(state$.previous, state$.value)),
            map(() => state$.value),
          ),
        ).pipe(
          map(selectDurable),
          map((durable) => () => durable),
        ),
      ),
    ),
  )
