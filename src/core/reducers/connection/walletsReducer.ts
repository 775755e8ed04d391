import type { Draft } from 'immer'
import { addRecentWallet, RECENT_WALLETS_MAX } from '../../domain/walletLists.js'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../../events/connection/connection.js'
import {
  accountDisconnected,
  connectionSwitched,
  connectionSwitchFailed,
  connectionSwitchRequested,
  disconnectFailed,
  disconnectRequested,
  reconnectFinished,
  reconnectStarted,
} from '../../events/connection/connectionLifecycle.js'
import { connectorsChanged } from '../../events/connection/connectors.js'
import { sessionStarted } from '../../events/modal/session.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { tabsChanged } from '../../events/persistence/tabs.js'
import { keepIfSame } from '../../durable.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../../events/walletConnect/walletConnect.js'
import { NAMESPACES, type Namespace } from '../../events/views.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { isIgnoredConnectionEvent } from './isIgnoredConnectionEvent.js'
import { appliesConnectionSwitch, returnViewOf, settledAttempt } from '../navigation.js'
import { initialWalletsState, type ConnectAttempt, type RecentWallet, type WalletMemory, type WalletsState } from './walletState.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'

/** Connectors, the connect attempt, reconnect runs, recent wallets and what a reload reconnects. */
export const walletsSlice = createSlice('wallets', initialWalletsState, (b) =>
  b
    // A reload keeps the recent wallets and what it reconnects; the rest starts afresh.
    .addReplacer(sessionStarted, (w, _event, fresh) => ({ ...fresh.wallets, memory: w.memory }))
    // What storage holds is the durable state: nothing stored, nothing remembered.
    .addReplacer(storageHydrated, (w, event) => {
      const memory = keepIfSame(w.memory, readMemory(event.payload.wallets) ?? { recent: [], connected: {} })
      return memory === w.memory ? w : { ...w, memory }
    })
    // Another open tab connected or disconnected a wallet: what a reload reconnects follows (the
    // connections themselves follow through the events followOtherTabs brings).
    .addCase(
      tabsChanged,
      (w, event) => {
        for (const { namespace, connectorId, connected } of event.payload.connections!) {
          const ids = (w.memory.connected[namespace] ?? []).filter((id) => id !== connectorId)
          w.memory.connected[namespace] = connected ? [connectorId, ...ids] : ids
        }
      },
      (_w, event) => event.payload.connections !== undefined,
    )
    .addCase(connectorsChanged, (w, event) => {
      const { namespace, connectors } = event.payload
      w.connectors = [...w.connectors.filter((c) => c.chain !== namespace), ...connectors.map((c) => ({ ...c, chain: namespace }))]
    })
    // Optimization: the connect path (request, outcome, disconnect) is the hot one; its cases
    // return the next wallets state instead of drafting the nested memory and attempt.
    .addReplacer(
      connectionRequested,
      (w, event, _state, prev) => {
        const { connectorId, namespace } = event.payload
        const attempt: ConnectAttempt = {
          requestId: event.requestId ?? null,
          connectorId,
          namespace,
          status: 'connecting',
          startedAt: event.at,
          error: null,
          returnView: returnViewOf(prev.router.history),
        }
        // A visitor's choice ends a reconnect run still going on in that namespace.
        return wallets(w, { attempt, reconnect: without(w.reconnect, namespace), disconnectError: null })
      },
      (_w, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
    )
    .addReplacer(
      connectionSucceeded,
      (w, event, state, prev) => {
        const { connectorId, namespace, accounts } = event.payload
        const attempt = settledAttempt(prev, event) ? null : w.attempt
        if (accounts.length === 0) return attempt === w.attempt ? w : wallets(w, { attempt })
        const connector = w.connectors.find((c) => c.id === connectorId && c.chain === namespace)
        const recent: RecentWallet = { id: connectorId, name: connector?.name ?? connectorId, namespace }
        if (connector?.imageUrl) recent.imageUrl = connector.imageUrl
        if (connector?.info?.rdns) recent.rdns = connector.info.rdns
        // The directory wallet picked for a WalletConnect pairing.
        const listed = connectorId === WALLET_CONNECT_CONNECTOR_ID ? prev.walletConnect.wallet : null
        if (listed) recent.listingId = listed.id
        // The embedded wallet's login (e-mail, a social provider, Farcaster), which a switch back reopens.
        if (event.payload.auth) recent.auth = event.payload.auth
        const memory: WalletMemory = {
          recent: addRecentWallet(w.memory.recent, recent),
          connected: { ...w.memory.connected, [namespace]: remembered(w, state, namespace, connectorId) },
        }
        return wallets(w, { attempt, memory })
      },
      (_w, event, _state, prev) => !isIgnoredConnectionEvent(prev, event),
    )
    .addReplacer(
      connectionFailed,
      (w, event) => wallets(w, { attempt: { ...(w.attempt as ConnectAttempt), status: 'failed', error: event.payload.error } }),
      (w, event, _state, prev) => {
        const attempt = w.attempt
        return (
          !isIgnoredConnectionEvent(prev, event) &&
          !!attempt &&
          attempt.connectorId === event.payload.connectorId &&
          isCurrentRequest(attempt.requestId, event, { unnamed: 'applies' })
        )
      },
    )
    .addReplacer(
      connectionDisconnected,
      (w, event, state) => {
        const ns = event.payload.namespace
        const live = new Set(state.connection.byNamespace[ns]?.connections.map((c) => c.connectorId) ?? [])
        const connected = { ...w.memory.connected, [ns]: (w.memory.connected[ns] ?? []).filter((id) => live.has(id)) }
        return wallets(w, { memory: { recent: w.memory.recent, connected } })
      },
      (w, event) => w.reconnect[event.payload.namespace] === undefined,
    )
    .addCase(reconnectStarted, (w, event) => {
      w.reconnect[event.payload.namespace] = event.requestId ?? 'reconnect'
    })
    .addCase(reconnectFinished, (w, event, state) => {
      const { namespace } = event.payload
      if (!isCurrentRequest(w.reconnect[namespace], event.requestId ?? 'reconnect')) return
      delete w.reconnect[namespace]
      // A run that followed another tab's connect forgets nothing: that tab's wallet answers.
      if (event.payload.remembered) return
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
    .addCase(
      accountDisconnected,
      (w) => {
        w.attempt = null
      },
      (w) => w.attempt !== null,
    )
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

/**
 * The slice with these fields changed. Optimization: written out in full rather than spread,
 * as spread objects took a new hidden class every few events (see modalReducer's `modal`).
 */
function wallets(w: WalletsState, changes: Partial<WalletsState>): WalletsState {
  return {
    connectors: changes.connectors ?? w.connectors,
    attempt: changes.attempt === undefined ? w.attempt : changes.attempt,
    reconnect: changes.reconnect ?? w.reconnect,
    memory: changes.memory ?? w.memory,
    disconnectError: changes.disconnectError === undefined ? w.disconnectError : changes.disconnectError,
    switching: changes.switching === undefined ? w.switching : changes.switching,
  }
}

function isCurrentSwitch(w: Draft<WalletsState>, requestId: string | undefined): boolean {
  return isCurrentRequest(w.switching?.requestId, requestId, { unnamed: 'applies' })
}

/** The namespace's reconnect list with the connector first (alone without multiWallet). */
function remembered(w: WalletsState, state: ModalState, namespace: Namespace, connectorId: string): string[] {
  const others = state.features.multiWallet ? (w.memory.connected[namespace] ?? []).filter((id) => id !== connectorId) : []
  return [connectorId, ...others]
}

/** Puts the connector first in the namespace's reconnect list (alone without multiWallet). */
function remember(w: Draft<WalletsState>, state: ModalState, namespace: Namespace, connectorId: string): void {
  w.memory.connected[namespace] = remembered(state.wallets, state, namespace, connectorId)
}

/** The record without `key` (the same record when it has none). */
function without<T extends object>(record: T, key: keyof T): T {
  if (!(key in record)) return record
  const { [key]: _dropped, ...rest } = record
  return rest as T
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
