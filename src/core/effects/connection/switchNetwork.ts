import { catchError, defer, filter, map, mergeMap, of } from 'rxjs'
import { networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../../events/connection/network.js'
import { serializeError } from '../../errors/base.js'
import { selectActiveConnection, selectIsConnected } from '../../selectors.js'
import { ChainAdapterNotFoundError, NetworkNotFoundError } from '../../errors/connection.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/**
 * Switches to a network of the host's list: the connected wallet is asked (and adds the network
 * first when it does not know it); without a wallet the choice is just taken.
 */
export const switchNetwork: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(networkSwitchRequested),
    filter((e) => isCurrentRequest(state$.value.network.switch?.requestId, e)),
    mergeMap((e) => {
      const { namespace, caipNetworkId } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => networkSwitchFailed({ namespace, caipNetworkId, error: serializeError(error) }, meta)
      const state = state$.value
      const network = (state.settings.networks ?? []).find((n) => n.caipNetworkId === caipNetworkId && n.chainNamespace === namespace)
      if (!network) return of(fail(new NetworkNotFoundError(caipNetworkId)))
      if (!selectIsConnected(state, namespace)) return of(networkSwitched({ namespace, caipNetworkId }, meta))
      const connection = selectActiveConnection(state, namespace)!
      if (connection.caipNetworkId === caipNetworkId) return of(networkSwitched({ namespace, caipNetworkId }, meta))
      const adapter = deps.adapters[namespace]
      if (!adapter) return of(fail(new ChainAdapterNotFoundError(namespace)))
      return defer(() => adapter.switchNetwork(connection.connectorId, network)).pipe(
        map(() => networkSwitched({ namespace, caipNetworkId }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
