import { catchError, concat, defer, filter, from, map, of, switchMap } from 'rxjs'
import { accountTypeSwitched, accountTypeSwitchFailed, accountTypeSwitchStarted, AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'
import { accountTypePreferred } from '../../events/modal/preferences.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectActiveConnection } from '../../selectors.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Account's switch between the EOA and the smart account (spec §4), for the embedded wallet: once
 * the preference changed, the wallet moves to that account, whose address then comes as the
 * connection's `accountsChanged`. A refusal puts the preference back and says why. A later
 * switch supersedes one under way.
 */
export const switchEmbeddedAccountType: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(accountTypePreferred),
    filter((e) => (e.payload.namespace ?? state$.value.connection.activeNamespace ?? 'eip155') === 'eip155'),
    // The preference the reducer kept: a smart account the host did not enable stays refused there.
    filter((e) => (state$.value.preferences.preferredAccountType.eip155 ?? 'eoa') === e.payload.type),
    map((e) => ({ type: e.payload.type, connection: selectActiveConnection(state$.value, 'eip155') })),
    filter(({ connection }) => connection?.connectorId === AUTH_CONNECTOR_ID),
    // Already on it: a repeat, or the preference put back after a refusal.
    filter(({ type, connection }) => (connection?.accounts[0]?.type ?? 'eoa') !== type),
    switchMap(({ type }) => {
      const auth = deps.auth
      const back = type === 'smartAccount' ? 'eoa' : 'smartAccount'
      const refused = (error: unknown) => of(accountTypeSwitchFailed({ type, error: serializeError(error) }), accountTypePreferred({ type: back, namespace: 'eip155' }))
      if (!auth) return refused(new GangwayError('No auth connector found'))
      return concat(
        of(accountTypeSwitchStarted({ type })),
        defer(() => from(auth.setPreferredAccountType({ type }))).pipe(
          map(() => accountTypeSwitched({ type })),
          catchError(refused),
        ),
      )
    }),
  )
