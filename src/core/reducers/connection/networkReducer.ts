import { connectionDisconnected, connectionSucceeded } from '../../events/connection/connection.js'
import { smartAccountNetworksReceived } from '../../events/embeddedWallet/embeddedWallet.js'
import { connectionSwitched } from '../../events/connection/connectionLifecycle.js'
import { networkChanged, networkSwitched, networkSwitchFailed, networkSwitchRequested } from '../../events/connection/network.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { tabsChanged } from '../../events/persistence/tabs.js'
import { sessionStarted } from '../../events/modal/session.js'
import { createSlice } from '../createSlice.js'
import { appliesConnectionSwitch, appliesNetworkChange, isCurrentNetworkSwitch } from '../navigation.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import { restorableLastUsed } from './lastUsedNetwork.js'
import { selectConnectNetwork } from '../../selectors.js'
import { initialNetworkState } from './walletState.js'

/** The network chosen per namespace, the network switch in progress (spec §4) and the network last in use. */
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
      n.lastUsed = event.payload.caipNetworkId
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
      if (connectorId !== undefined && connectorId !== active) return
      n.selected[namespace] = caipNetworkId
      n.lastUsed = caipNetworkId
    })
    // The network a wallet connected on is in use (one adopted with another namespace's is not),
    // and what the connect asked for and the wallet agreed to is its namespace's (spec §3): a
    // wallet that does not say was asked for the network a connect there asks for.
    .addCase(
      connectionSucceeded,
      (n, event, _state, prev) => {
        const { namespace, caipNetworkId, adopted, activates, networks } = event.payload
        if (!adopted || activates) n.lastUsed = caipNetworkId
        const asked = networks?.requested ?? selectConnectNetwork(prev, namespace)?.caipNetworkId
        if (asked === undefined) delete n.requested[namespace]
        else n.requested[namespace] = typeof asked === 'string' ? [asked] : asked
        if (networks?.approved) n.approved[namespace] = networks.approved
        else delete n.approved[namespace]
        if (networks?.supportsAllNetworks === false) n.supportsAllNetworks[namespace] = false
        else delete n.supportsAllNetworks[namespace]
      },
      (_n, event, _state, prev) => event.payload.accounts.length > 0 && !isIgnoredConnectionEvent(prev, event),
    )
    // The namespace's last wallet gone: what it agreed to goes with it.
    .addCase(
      connectionDisconnected,
      (n, event) => {
        const { namespace } = event.payload
        delete n.requested[namespace]
        delete n.approved[namespace]
        delete n.supportsAllNetworks[namespace]
      },
      (n, event, state) => {
        const { namespace } = event.payload
        const left = state.connection.byNamespace[namespace]?.connections.length ?? 0
        return left === 0 && (namespace in n.requested || namespace in n.approved || namespace in n.supportsAllNetworks)
      },
    )
    .addCase(smartAccountNetworksReceived, (n, event) => {
      n.smartAccountEnabledNetworks = [...new Set(event.payload.chainIds)].filter((id) => Number.isSafeInteger(id) && id > 0)
    })
    .addCase(connectionSwitched, (n, event, _state, prev) => {
      if (appliesConnectionSwitch(prev, event)) n.lastUsed = event.payload.caipNetworkId
    })
    // A page load keeps the network last in use (it is durable) and chooses it again, if the host
    // still lists it: through the start from the replayed log, or with what storage/hydrated brings.
    .addReplacer(sessionStarted, (n, _event, state) => {
      const lastUsed = restorableLastUsed(n.lastUsed, state.settings)
      return lastUsed ? { ...state.network, lastUsed: lastUsed.caipNetworkId, selected: { [lastUsed.namespace]: lastUsed.caipNetworkId } } : state.network
    })
    // Another open tab used or chose a network: this one does too (a wallet connected here is
    // switched by followOtherTabs; until it is, the wallet's network is the one shown).
    .addCase(
      tabsChanged,
      (n, event, state) => {
        const { lastUsed, selected } = event.payload.network!
        const used = restorableLastUsed(lastUsed, state.settings)
        if (used) n.lastUsed = used.caipNetworkId
        if (n.switch?.status === 'switching') return
        for (const id of Object.values(selected ?? {})) {
          const chosen = restorableLastUsed(id, state.settings)
          if (chosen) n.selected[chosen.namespace] = chosen.caipNetworkId
        }
      },
      (_n, event) => event.payload.network !== undefined,
    )
    .addCase(storageHydrated, (n, event, state) => {
      const lastUsed = restorableLastUsed(event.payload.network?.lastUsed, state.settings)
      if (!lastUsed) return
      n.lastUsed = lastUsed.caipNetworkId
      if (n.switch?.status !== 'switching') n.selected[lastUsed.namespace] = lastUsed.caipNetworkId
    }),
)
