import { ofType } from '../runtime/ofType.js'
import { filter, map, merge, type Observable } from 'rxjs'
import { balanceRefreshRequested } from '../../events/connection/balance.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { sendConfirmed } from '../../events/connection/send.js'
import { selectCaipAddress } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { StateObservable } from '../runtime/runEffects.js'
import { watchState } from '../runtime/watchState.js'

/**
 * When a balance should be looked at again, and whether the cache may answer (false) or not
 * (true): a new account or network, a refresh request (forced if it says so), a confirmed send
 * (forced), and optionally each opening of the modal.
 */
export function balanceTriggers(
  event$: Observable<StampedEvent>,
  state$: StateObservable,
  options: { onOpen?: boolean } = {},
): Observable<boolean> {
  return merge(
    watchState(state$, selectTriggerAddress).pipe(
      filter((caipAddress): caipAddress is string => caipAddress !== null),
      map(() => false),
    ),
    event$.pipe(
      ofType(balanceRefreshRequested),
      map((e) => e.payload.force === true),
    ),
    event$.pipe(
      ofType(sendConfirmed),
      map(() => true),
    ),
    ...(options.onOpen
      ? [
          event$.pipe(
            ofType(modalOpenRequested),
            map(() => false),
          ),
        ]
      : []),
  )
}

// The last address worked out, with what it was worked out from.
let last: { connection: ModalState['connection']; network: ModalState['network']; settings: ModalState['settings']; caipAddress: string | null } | undefined

/**
 * `selectCaipAddress`, worked out again only when what it reads (the connection, network and
 * settings slices) changed. Optimization: the effects that fetch on these triggers (balances,
 * identity) watch the same address; a state that changes none of the three costs each of them
 * three comparisons, and one that does is worked out once for all of them.
 */
function selectTriggerAddress(state: ModalState): string | null {
  const { connection, network, settings } = state
  if (last === undefined || last.connection !== connection || last.network !== network || last.settings !== settings) {
    last = { connection, network, settings, caipAddress: selectCaipAddress(state) }
  }
  return last.caipAddress
}
