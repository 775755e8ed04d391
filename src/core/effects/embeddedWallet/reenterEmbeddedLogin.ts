import { filter, from, mergeMap } from 'rxjs'
import { connectionSwitchRequested } from '../../events/connection/connectionLifecycle.js'
import { AUTH_CONNECTOR_ID, emailLoginReset, socialLoginRequested } from '../../events/embeddedWallet/embeddedWallet.js'
import { routerPushed } from '../../events/modal/router.js'
import type { EventInput } from '../../events/defineEvent.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'

/**
 * Spec §4: switching to the embedded wallet's connection when it is disconnected reopens the
 * login it was made with, as a wallet's row reopens that wallet's connect: a social provider's
 * login (ConnectingSocial, whose popup the visitor's click opened), Farcaster's sign-in
 * (ConnectingFarcaster), or the e-mail login (EmailLogin, asking for the address again: an
 * e-mail is not kept). The connect that follows returns to ProfileWallets, where it started.
 */
export const reenterEmbeddedLogin: Effect<EmbeddedWalletDeps> = (event$, state$) =>
  event$.pipe(
    ofType(connectionSwitchRequested),
    filter((e) => e.payload.status === 'disconnected' && e.payload.connectorId === AUTH_CONNECTOR_ID),
    mergeMap((e) => {
      const login = state$.value.wallets.memory.recent.find((r) => r.id === AUTH_CONNECTOR_ID && r.namespace === e.payload.namespace)?.auth
      const events: EventInput[] =
        login === undefined || login === 'email'
          ? [emailLoginReset({}), routerPushed({ view: 'EmailLogin' })]
          : [socialLoginRequested({ provider: login }), routerPushed({ view: login === 'farcaster' ? 'ConnectingFarcaster' : 'ConnectingSocial' })]
      return from(events)
    }),
  )
