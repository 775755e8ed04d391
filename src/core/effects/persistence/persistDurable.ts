import { defer, map, skip, switchMap, take } from 'rxjs'
import { sameDurableState, selectDurable, STORAGE_KEYS } from '../../durable.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import type { CoreDeps } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { watchState } from '../runtime/watchState.js'
import { persistLatest } from './persistLog.js'

/**
 * Writes the durable slices when a live event changed them. Starts only after hydration, so
 * defaults never overwrite what a previous visit stored. Failures are reported once per streak
 * and retried with backoff (see persistLatest).
 */
export const persistDurable: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(storageHydrated),
    take(1),
    switchMap(() =>
      persistLatest(
        deps,
        STORAGE_KEYS.durable,
        defer(() =>
          // The current state, then each one whose durable slices changed. Optimization: compared
          // on the state's own references, inside the state stream; the record is made on a change.
          watchState(state$, (s) => s, sameDurableState),
        ).pipe(
          skip(1),
          map(selectDurable),
          map((durable) => () => durable),
        ),
      ),
    ),
  )

