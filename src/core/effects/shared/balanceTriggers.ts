import { ofType } from '../runtime/ofType.js'
import { distinctUntilChanged, filter, map, merge, type Observable } from 'rxjs'
import { balanceRefreshRequested } from '../../events/connection/balance.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { sendConfirmed } from '../../events/connection/send.js'
import { selectCaipAddress } from '../../selectors.js'
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
    // Optimization: the address is worked out only when what it depends on changed.
    watchState(state$, (s) => s, (a, b) => a.connection === b.connection && a.network === b.network && a.settings === b.settings).pipe(
      map(selectCaipAddress),
      distinctUntilChanged(),
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
