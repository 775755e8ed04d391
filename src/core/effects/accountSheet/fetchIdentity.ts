import { catchError, EMPTY, map, switchMap } from 'rxjs'
import { isFeatureSupported } from '../../domain/constants.js'
import { isFresh } from '../../domain/timing.js'
import { identityFetched } from '../../events/accountSheet/activity.js'
import { selectAddress } from '../../selectors.js'
import { balanceTriggers } from '../shared/balanceTriggers.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Looks up the active EVM account's identity (name and avatar, `/v1/identity/{address}`) when
 * the account changes or the modal opens; an identity younger than the cache time is kept. A
 * failed lookup changes nothing: the Account view shows the address and its identicon.
 */
export const fetchIdentity: Effect<DataDeps> = (event$, state$, deps) =>
  balanceTriggers(event$, state$, { onOpen: true }).pipe(
    switchMap(() => {
      const state = state$.value
      const api = deps.api.blockchain
      const address = selectAddress(state)
      const namespace = state.connection.activeNamespace
      if (!api || !address || !namespace || !isFeatureSupported('names', namespace)) return EMPTY
      const known = state.accountSheet.identities[address.toLowerCase()]
      if (known && isFresh(deps.clock.now(), known.timestamp, 'identity')) return EMPTY
      return fromAbortable((signal) => api.getIdentity({ address }, { signal })).pipe(
        map((identity) => identityFetched({ address, name: identity.name, avatar: identity.avatar })),
        catchError(() => EMPTY),
      )
    }),
  )
