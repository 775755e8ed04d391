import { filter, mergeMap } from 'rxjs'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { AUTH_CONNECTOR_ID, smartAccountNetworksReceived } from '../../events/embeddedWallet/embeddedWallet.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/**
 * Once the embedded wallet connected in eip155, asks its service on which chains its users get a
 * smart account (the frame's "smart account get networks"; spec §3 smartAccountEnabledNetworks).
 * A wallet that cannot tell leaves the list as it was: the account-type switch then stays off.
 */
export const fetchSmartAccountNetworks: Effect<EmbeddedWalletDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(connectionSucceeded),
    filter((e) => e.payload.connectorId === AUTH_CONNECTOR_ID && e.payload.namespace === 'eip155' && e.payload.accounts.length > 0),
    mergeMap(async () => {
      const ask = deps.auth?.getSmartAccountEnabledNetworks
      if (!ask) return []
      try {
        const chainIds = await ask.call(deps.auth)
        return Array.isArray(chainIds) && chainIds.every((id) => typeof id === 'number') ? [smartAccountNetworksReceived({ chainIds })] : []
      } catch {
        return []
      }
    }),
    mergeMap((events) => events),
  )
