import { catchError, concat, defer, filter, from, map, merge, of, switchMap, type Observable } from 'rxjs'
import {
  accountTypeSwitched,
  accountTypeSwitchFailed,
  accountTypeSwitchStarted,
  AUTH_CONNECTOR_ID,
  smartAccountNetworksReceived,
} from '../../events/embeddedWallet/embeddedWallet.js'
import { networkChanged, networkSwitched } from '../../events/connection/network.js'
import { accountTypePreferred } from '../../events/modal/preferences.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import type { EventInput, StampedEvent } from '../../events/defineEvent.js'
import { selectActiveConnection, selectEvmAccountType } from '../../selectors.js'
import type { AccountType } from '../../state.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Moves the embedded wallet to the account type the visitor should be on (spec §3/§4):
 * - Account's switch or `setPreferredAccountType`: once the preference changed, the wallet moves
 *   to that account; a refusal puts the preference back and says why.
 * - The default, for a visitor who never chose (`selectEvmAccountType`): once the wallet said
 *   where it runs smart accounts, and after each network change, the smart account on those
 *   networks and the EOA elsewhere. A refusal only says why: nothing was chosen to put back.
 * The new address comes as the connection's `accountsChanged`. A later move supersedes one under way.
 */
export const switchEmbeddedAccountType: Effect<EmbeddedWalletDeps> = (event$, state$, deps) => {
  const chosen$ = event$.pipe(
    ofType(accountTypePreferred),
    filter((e) => (e.payload.namespace ?? state$.value.connection.activeNamespace ?? 'eip155') === 'eip155'),
    // The preference the reducer kept: a smart account the host did not enable stays refused there.
    filter((e) => (state$.value.preferences.preferredAccountType.eip155 ?? 'eoa') === e.payload.type),
    map((e) => ({ type: e.payload.type, chosen: true })),
  )
  const followed$ = merge(
    event$.pipe(ofType(smartAccountNetworksReceived)),
    event$.pipe(
      ofType(networkSwitched, networkChanged),
      filter((e) => e.payload.namespace === 'eip155'),
    ),
  ).pipe(map((_e: StampedEvent) => ({ type: selectEvmAccountType(state$.value), chosen: false })))

  return merge(chosen$, followed$).pipe(
    map((want) => ({ ...want, connection: selectActiveConnection(state$.value, 'eip155') })),
    filter(({ connection }) => connection?.connectorId === AUTH_CONNECTOR_ID),
    // Already on it: a repeat, the preference put back after a refusal, or a network with the same type.
    filter(({ type, connection }) => (connection?.accounts[0]?.type ?? 'eoa') !== type),
    switchMap(({ type, chosen }) => moveTo(type, chosen, deps)),
  )
}

function moveTo(type: AccountType, chosen: boolean, deps: EmbeddedWalletDeps): Observable<EventInput> {
  const auth = deps.auth
  const back = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  const refused = (error: unknown) =>
    chosen
      ? of(accountTypeSwitchFailed({ type, error: serializeError(error) }), accountTypePreferred({ type: back, namespace: 'eip155' }))
      : of(accountTypeSwitchFailed({ type, error: serializeError(error) }))
  if (!auth) return refused(new GangwayError('No auth connector found'))
  return concat(
    of(accountTypeSwitchStarted({ type })),
    defer(() => from(auth.setPreferredAccountType({ type }))).pipe(
      map(() => accountTypeSwitched({ type })),
      catchError(refused),
    ),
  )
}
