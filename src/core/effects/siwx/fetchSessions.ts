import { catchError, filter, map, mergeMap, of } from 'rxjs'
import { siwxSessionsFailed, siwxSessionsFetched, siwxSessionsRequested } from '../../events/siwx/siwx.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { isAnswer } from '../../reducers/siwx/siwxSessionsReducer.js'
import type { Effect } from '../runtime/runEffects.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import { siwxAccountOf } from '../../domain/siwx.js'

/**
 * Lists the hosted sign-in sessions a `siwx/sessionsRequested` asked for (the gateway's
 * `/v1/sessions/{address}`). A failure is 'Something went wrong' with the reason in the details;
 * the sessions already listed stay.
 */
export const fetchSessions: Effect<DataDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(siwxSessionsRequested),
    filter((e) => isAnswer(state$.value.siwxSessions, e.payload.caipAddress, e.requestId)),
    mergeMap((e) => {
      const { caipAddress } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => siwxSessionsFailed({ caipAddress, error: serializeError(error) }, meta)
      const api = deps.api.blockchain
      const address = siwxAccountOf(caipAddress)?.address
      if (!api || !address) {
        return of(fail(new GangwayError('Something went wrong', { details: `No hosted sessions for ${caipAddress}` })))
      }
      return fromAbortable((signal) => api.getSessions({ address }, { signal })).pipe(
        map((sessions) => siwxSessionsFetched({ caipAddress, sessions }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
