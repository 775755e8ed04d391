import { EMPTY, map, mergeMap, of } from 'rxjs'
import { bannerShowRequested } from '../../events/modal/banner.js'
import { apiRequestFailed } from '../../events/data/api.js'
import { remoteConfigFailed } from '../../events/modal/config.js'
import { walletListPageFailed } from '../../events/data/walletList.js'
import { apiFailureOf, INVALID_APP_CONFIGURATION } from '../../reducers/data/apiReducer.js'
import { isBannerShowing } from '../shared/bannerShowing.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'

/** HTTP failures the visitor is told about (spec §8), each with its alert text. */
const ALERTS = new Set(['Rate Limited', 'Server Error'])

/**
 * Shows the spec's alerts for failed calls to the HTTP services in the banner: 'Rate Limited'
 * (HTTP 429), 'Server Error' (5xx) and 'Invalid App Configuration' (403, or an origin the
 * allow-list refuses), the last only once per session. The modal keeps working meanwhile; a
 * banner already showing the same alert is not shown again.
 */
export const apiAlerts: Effect = (event$, state$) =>
  event$.pipe(
    ofType(apiRequestFailed, walletListPageFailed, remoteConfigFailed),
    map((event) => ({ event, error: apiFailureOf(event) })),
    mergeMap(({ event, error }) => {
      if (!error) return EMPTY
      const state = state$.value
      const message = error.shortMessage
      if (message === INVALID_APP_CONFIGURATION) {
        return state.api.invalidAppConfigSeq === event.seq ? of(bannerShowRequested({ variant: 'error', message })) : EMPTY
      }
      if (!ALERTS.has(message) || isBannerShowing(state, message)) return EMPTY
      return of(bannerShowRequested({ variant: 'error', message }))
    }),
  )
