import type { Draft } from 'immer'
import { addRecentWallet, RECENT_WALLETS_MAX } from '../domain/walletLists.js'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../events/connection.js'
import {
  accountDisconnected,
  connectionSwitched,
  connectionSwitchFailed,
  connectionSwitchRequested,
  disconnectFailed,
  disconnectRequested,
  reconnectFinished,
  reconnectStarted,
} from '../events/connectionLifecycle.js'
import { connectorsChanged } from '../events/connectors.js'
import { storageHydrated } from '../events/storage.js'
import { NAMESPACES, type Namespace } from '../events/views.js'
import type { ModalState } from '../state.js'
import { createSlice } from './createSlice.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import { appliesConnectionSwitch, settledAttempt } from './navigation.js'
import { initialWalletsState, type RecentWallet, type WalletMemory, type WalletsState } from './walletState.js'

/** Connectors, the connect attempt, reconnect runs, recent wallets and what a reload reconnects. */
export const walletsSlice = createSlice('wallets', initialWalletsState, (b) =>
  b
    .addCase(storageHydrated, (w, event) => {
      const memory = readMemory(event.payload.wallets)
      if (memory) w.memory = memory
    })
    .addCase(connectorsChanged, (w, event) => {
      const { namespace, connectors } = event.payload
      w.connectors = [...w.connectors.filter((c) => c.chain !== namespace), ...connectors.map((c) => ({ ...c, chain: namespace }))]
    })
    .addCase(connectionRequested, (w, event, _state, prev) => {
      if (isIgnoredConnectionEvent(prev, event)) return
      const { connectorId, namespace } = event.payload
      w.attempt = {
        requestId: event.requestId ?? null,
        connectorId,
        namespace,
        status: 'connecting',
        startedAt: event.at,
        error: null,
        returnView: prev.router.history.includes('ProfileWallets') ? 'ProfileWallets' : null,
      }
      // A visitor's choice ends a reconnect run still going on in that namespace.
      delete w.reconnect[namespace]
      w.disconnectError = null
    })
    .addCase(connectionSucceeded, (w, event, state, prev) => {
      if (isIgnoredConnectionEvent(prev, event)) return
      const { connectorId, namespace, accounts } = event.payload
      if (accounts.length > 0) {
        remember(w, state, namespace, connectorId)
        // Optimization: read lists from the plain state; iterating a draft array proxies each item.
        const connector = state.wallets.connectors.find((c) => c.id === connectorId && c.chain === namespace)
        const recent: RecentWallet = { id: connectorId, name: connector?.name ?? connectorId, namespace }
        if (connector?.imageUrl) recent.imageUrl = connector.imageUrl
        if (connector?.info?.rdns) recent.rdns = connector.info.rdns
        w.memory.recent = addRecentWallet(state.wallets.memory.recent, recent)
      }
      if (settledAttempt(prev, event)) w.attempt = null
    })
    .addCase(connectionFailed, (w, event, _state, prev) => {
      if (isIgnoredConnectionEvent(prev, event)) return
      const attempt = w.attempt
      if (attempt && attempt.connectorId === event.payload.connectorId && (event.requestId === undefined || attempt.requestId === event.requestId)) {
        attempt.status = 'failed'
        attempt.error = event.payload.error
      }
    })
    .addCase(connectionDisconnected, (w, event, state) => {
      const ns = event.payload.namespace
      if (w.reconnect[ns] !== undefined) return
      const live = new Set(state.connection.byNamespace[ns]?.connections.map((c) => c.connectorId) ?? [])
      w.memory.connected[ns] = (state.wallets.memory.connected[ns] ?? []).filter((id) => live.has(id))
    })
    .addCase(reconnectStarted, (w, event) => {
      w.reconnect[event.payload.namespace] = event.requestId ?? 'reconnect'
    })
    .addCase(reconnectFinished, (w, event, state) => {
      const { namespace } = event.payload
      if (w.reconnect[namespace] !== (event.requestId ?? 'reconnect')) return
      delete w.reconnect[namespace]
      const live = new Set(
        (state.connection.byNamespace[namespace]?.connections ?? []).filter((c) => c.accounts.length > 0).map((c) => c.connectorId),
      )
      w.memory.connected[namespace] = (w.memory.connected[namespace] ?? []).filter((id) => live.has(id))
    })
    .addCase(disconnectRequested, (w) => {
      w.disconnectError = null
    })
    .addCase(disconnectFailed, (w, event) => {
      w.disconnectError = event.payload.error
    })
    .addCase(accountDisconnected, (w) => {
      w.attempt = null
    })
    .addCase(connectionSwitchRequested, (w, event) => {
      const { connectorId, status } = event.payload
      // A disconnected one goes through a connect instead; invalid statuses fail in this state.
      if (status !== 'disconnected') w.switching = { requestId: event.requestId ?? null, connectorId, status: 'switching', error: null }
    })
    .addCase(connectionSwitched, (w, event, state, prev) => {
      if (!isCurrentSwitch(w, event.requestId)) return
      w.switching = null
      if (appliesConnectionSwitch(prev, event)) remember(w, state, event.payload.namespace, event.payload.connectorId)
    })
    .addCase(connectionSwitchFailed, (w, event) => {
      if (!isCurrentSwitch(w, event.requestId)) return
      w.switching = { requestId: event.requestId ?? null, connectorId: event.payload.connectorId, status: 'failed', error: event.payload.error }
    }),
  { after: ['connection'] },
)

function isCurrentSwitch(w: Draft<WalletsState>, requestId: string | undefined): boolean {
  return requestId === undefined || (w.switching !== null && w.switching.requestId === requestId)
}

/** Puts the connector first in the namespace's reconnect list (alone without multiWallet). */
function remember(w: Draft<WalletsState>, state: ModalState, namespace: Namespace, connectorId: string): void {
  const others = state.features.multiWallet ? (state.wallets.memory.connected[namespace] ?? []).filter((id) => id !== connectorId) : []
  w.memory.connected[namespace] = [connectorId, ...others]
}

function readMemory(value: unknown): WalletMemory | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Partial<WalletMemory>
  const recent = Array.isArray(v.recent)
    ? v.recent.filter((r): r is RecentWallet => !!r && typeof r.id === 'string' && typeof r.name === 'string' && (NAMESPACES as readonly string[]).includes(r.namespace))
    : []
  const connected: WalletMemory['connected'] = {}
  if (v.connected && typeof v.connected === 'object') {
    for (const ns of NAMESPACES) {
      const ids = v.connected[ns]
      if (Array.isArray(ids)) connected[ns] = ids.filter((id): id is string => typeof id === 'string')
    }
  }
  return { recent: recent.slice(0, RECENT_WALLETS_MAX).map((r) => ({ ...r })), connected }
}
