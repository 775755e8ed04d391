import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../../events/connection/network.js'
import { createSlice } from '../createSlice.js'
import { appliesNetworkChange, isCurrentNetworkSwitch } from '../navigation.js'
import { initialNetworkState } from './walletState.js'

/** The network chosen per namespace and the network switch in progress (spec §4). */
export const networkSlice = createSlice('network', initialNetworkState, (b) =>
  b
    .addCase(networkSwitchRequested, (n, event) => {
      const { namespace, caipNetworkId } = event.payload
      n.switch = { requestId: event.requestId ?? null, namespace, caipNetworkId, status: 'switching', error: null }
    })
    .addCase(networkSwitched, (n, event, _state, prev) => {
      if (!isCurrentNetworkSwitch(prev, event.requestId)) return
      n.switch = null
      n.selected[event.payload.namespace] = event.payload.caipNetworkId
    })
    .addCase(networkSwitchFailed, (n, event, _state, prev) => {
      if (!isCurrentNetworkSwitch(prev, event.requestId)) return
      const { namespace, caipNetworkId, error } = event.payload
      n.switch = { requestId: event.requestId ?? null, namespace, caipNetworkId, status: 'failed', error }
    })
    .addCase(networkChanged, (n, event, _state, prev) => {
      if (!appliesNetworkChange(prev, event)) return
      const { namespace, connectorId, caipNetworkId } = event.payload
      const active = prev.connection.byNamespace[namespace]?.activeConnectorId ?? null
      if (connectorId === undefined || connectorId === active) n.selected[namespace] = caipNetworkId
    }),
)
