import { EMPTY, filter, ignoreElements, map, tap } from 'rxjs'
import { embeddedSessionUpdated } from '../../events/embeddedWallet/embeddedWallet.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import { adoptNamespacesOf } from '../connection/adoptNamespaces.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * The embedded wallet's session news, as events: a new session token (kept across reloads), or
 * none once it signed out. Listening never loads the embedded wallet.
 */
export const watchEmbeddedSession: Effect<EmbeddedWalletDeps> = (_event$, state$, deps) =>
  !deps.auth
    ? EMPTY
    : deps.auth.events().pipe(
        map((e) => (e.type === 'sessionUpdated' ? e.sessionToken : null)),
        filter((sessionToken) => sessionToken !== state$.value.embeddedUser.sessionToken),
        map((sessionToken) => embeddedSessionUpdated({ sessionToken })),
      )

/** The session kept from an earlier visit is offered to the embedded wallet before it reconnects. */
export const restoreEmbeddedSession: Effect<EmbeddedWalletDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(storageHydrated),
    tap((e) => {
      const token = e.payload.embeddedWallet?.sessionToken
      if (token) deps.auth?.restoreSession?.(token)
    }),
    ignoreElements(),
  )

/**
 * The embedded wallet holds an EVM and a Solana account for one sign-in: once it connects in one
 * namespace, its account in the host's other namespaces connects too (see `adoptNamespacesOf`).
 */
export const adoptEmbeddedWalletNamespaces = adoptNamespacesOf<EmbeddedWalletDeps>((connectorId, deps) => !!deps.auth && connectorId === deps.auth.connectorId)
