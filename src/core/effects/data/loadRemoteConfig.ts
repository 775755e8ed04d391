import { catchError, EMPTY, from, mergeMap, of, switchMap, type Observable } from 'rxjs'
import { remoteConfigFailed, remoteConfigLoaded } from '../../events/modal/config.js'
import type { EventInput } from '../../events/defineEvent.js'
import { sessionStarted } from '../../events/modal/session.js'
import { serializeError } from '../../errors/base.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'

/**
 * On session start, fetches the project configuration: its features override the local
 * options (`config/remoteLoaded`); an origin the allow-list refuses, or a refused project,
 * reports 'Invalid App Configuration' (`config/remoteFailed` with the origin), which the alert
 * effect shows once. A configuration that cannot be fetched leaves the local options in force.
 */
export const loadRemoteConfig: Effect<DataDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(sessionStarted),
    switchMap(() => {
      const load = deps.api.loadConfiguration
      if (!load) return EMPTY
      return fromAbortable((signal) => load({ signal })).pipe(
        mergeMap((result): Observable<EventInput> => {
          const out: EventInput[] = []
          if (result.features) out.push(remoteConfigLoaded({ features: result.features }))
          if (result.configError) out.push(remoteConfigFailed({ error: serializeError(result.configError) }))
          if (result.originError) {
            out.push(remoteConfigFailed({ error: serializeError(result.originError), origin: result.origin ?? '' }))
          }
          return from(out)
        }),
        catchError((error: unknown) => of(remoteConfigFailed({ error: serializeError(error) }))),
      )
    }),
  )
