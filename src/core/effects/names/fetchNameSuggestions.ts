import { sliceOf } from '../../selectors.js'
import { catchError, filter, map, of, switchMap, timer } from 'rxjs'
import { NAME_LOOKUP_DELAY_MS } from '../../domain/constants.js'
import { NAME_ZONE } from '../../domain/names.js'
import { nameSuggestionsFailed, nameSuggestionsFetched, nameSuggestionsRequested } from '../../events/names/names.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { awaitsSuggestions } from '../../reducers/names/nameRegistrationReducer.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Asks the name API which names like the label typed are free (`/v1/profile/suggestions/{name}`)
 * once typing has paused for 300 ms; a newer label cancels the older one's request.
 */
export const fetchNameSuggestions: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(nameSuggestionsRequested),
    switchMap((e) => {
      const { label } = e.payload
      const meta = { requestId: e.requestId }
      const api = deps.api.blockchain
      if (!api) return of(nameSuggestionsFailed({ label, error: serializeError(new GangwayError('Error fetching name suggestions', { details: 'no apiUrl' })) }, meta))
      return timer(NAME_LOOKUP_DELAY_MS, deps.scheduler).pipe(
        filter(() => awaitsSuggestions(sliceOf(state$.value, 'nameRegistration'), label, e.requestId)),
        switchMap(() => fromAbortable((signal) => api.getNameSuggestions({ name: label, zone: NAME_ZONE }, { signal }))),
        map((items) =>
          nameSuggestionsFetched(
            { label, suggestions: items.flatMap((s) => (typeof s.name === 'string' ? [{ name: s.name, registered: (s as { registered?: unknown }).registered === true }] : [])) },
            meta,
          ),
        ),
        catchError((error: unknown) => of(nameSuggestionsFailed({ label, error: serializeError(error, 'Error fetching name suggestions') }, meta))),
      )
    }),
  )
