import { catchError, EMPTY, forkJoin, of, switchMap } from 'rxjs'
import type { Identity, NameProfile } from '../../apiPorts.js'
import { isFeatureSupported } from '../../domain/constants.js'
import { nameProfileIdentity } from '../../domain/names.js'
import { isFresh } from '../../domain/timing.js'
import { identityFetched } from '../../events/accountSheet/activity.js'
import { selectAddress } from '../../selectors.js'
import { balanceTriggers } from '../shared/balanceTriggers.js'
import { fromAbortable, type DataDeps } from '../shared/dataDeps.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Looks up the active EVM account's profile name and avatar when the account changes or the
 * modal opens: its identity (`/v1/identity/{address}`) and the names pointing at it (the name
 * API's reverse lookup, `/v1/profile/reverse/{address}`, where names registered in Account live),
 * side by side. The identity's name and avatar when it has a name, else the first registered name
 * and its `avatar` record. One lookup failing leaves the other's answer; both failing change nothing (the Account
 * view shows the address and its identicon). An identity younger than the cache time is kept.
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
      const failed = () => of(null)
      return forkJoin([
        fromAbortable((signal) => api.getIdentity({ address }, { signal })).pipe(catchError(failed)),
        fromAbortable((signal) => api.reverseLookupNames({ address }, { signal })).pipe(catchError(failed)),
      ]).pipe(
        switchMap(([identity, names]) => {
          if (identity === null && names === null) return EMPTY
          const { name, avatar } = profileOf(identity, names)
          return of(identityFetched({ address, name, avatar }))
        }),
      )
    }),
  )

/** The identity when it names the account, else the first registered name (with its avatar), else what the identity has. */
function profileOf(identity: Identity | null, names: NameProfile[] | null): Identity {
  if (identity?.name) return identity
  if (names?.[0]) return nameProfileIdentity(names[0])
  return { name: null, avatar: identity?.avatar ?? null }
}
