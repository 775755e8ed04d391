import { catchError, defer, from, mergeMap, of } from 'rxjs'
import { STORAGE_KEYS } from '../../durable.js'
import type { EventInput } from '../../events/defineEvent.js'
import { sessionStarted } from '../../events/modal/session.js'
import { storageFailed, storageHydrated } from '../../events/persistence/storage.js'
import { serializeError } from '../../errors/base.js'
import type { CoreDeps } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'

/** How many dropped paths a report names (the rest are counted). */
const REPORTED_PATHS = 10

/**
 * On session start, reads the durable slices and applies what is valid in one
 * `storage/hydrated`. What was invalid is dropped and reported once (`storage/failed`,
 * operation 'hydrate'); a failed read starts the session with nothing hydrated.
 */
export const hydrateStorage: Effect<CoreDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(sessionStarted),
    mergeMap(() =>
      // Optimization: the checks that read stored data field by field load beside the read
      // itself (both wait on IndexedDB anyway), off the host's first bundle.
      defer(() => from(Promise.all([deps.storage.get<unknown>(STORAGE_KEYS.durable), import('../../readDurable.js')]))).pipe(
        mergeMap(([data, { readDurable }]) => {
          const { durable, dropped } = readDurable(data)
          const out: EventInput[] = []
          if (dropped.length > 0) {
            const named = dropped.slice(0, REPORTED_PATHS).join(', ')
            const more = dropped.length > REPORTED_PATHS ? ` and ${dropped.length - REPORTED_PATHS} more` : ''
            out.push(
              storageFailed({
                operation: 'hydrate',
                error: { name: 'InvalidInputError', shortMessage: 'Invalid stored data', details: `dropped ${named}${more}` },
              }),
            )
          }
          out.push(storageHydrated(durable))
          return from(out)
        }),
        catchError((error: unknown) => of(storageFailed({ operation: 'read', error: serializeError(error) }), storageHydrated({}))),
      ),
    ),
  )
