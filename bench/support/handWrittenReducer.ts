import { addRecentWallet } from '../../src/core/domain/walletLists'
import type { StampedEvent } from '../../src/core/events/defineEvent'
import type { ViewName } from '../../src/core/events/views'
import { rootReducer } from '../../src/core/reducers/rootReducer'
import { EMPTY_SEND } from '../../src/core/reducers/connection/walletState'
import { restorableLastUsed } from '../../src/core/reducers/connection/lastUsedNetwork'
import type { Connection, ModalState, SessionSettings } from '../../src/core/state'

/**
 * The floor for the reducer benchmark: a hand-written switch over the bench mix's event types,
 * with spread copies instead of immer, producing states deep-equal to `rootReducer`'s for that
 * mix (the benchmark checks it). It knows only what the mix needs: the happy path of a visit.
 */
export function handWrittenReducer(state: ModalState, event: StampedEvent): ModalState {
  switch (event.type) {
    case 'session/started': {
      const fresh = rootReducer.initial(event.payload as SessionSettings)
      // The network last in use comes through the start, chosen again if the host lists it.
      const lastUsed = restorableLastUsed(state.network.lastUsed, fresh.settings)
      if (!lastUsed) return fresh
      return {
        ...fresh,
        network: { ...fresh.network, lastUsed: lastUsed.caipNetworkId, selected: { [lastUsed.namespace]: lastUsed.caipNetworkId } },
        connection: lastUsed.namespace === fresh.connection.activeNamespace ? fresh.connection : { ...fresh.connection, activeNamespace: lastUsed.namespace },
      }
    }
    case 'modal/openRequested': {
      const view: ViewName = connected(state) ? 'Account' : 'Connect'
      return {
        ...state,
        modal: { ...state.modal, open: true, loading: false, namespace: state.connection.activeNamespace },
        router: { view, history: [view], data: undefined },
      }
    }
    case 'modal/closeRequested':
      if (!state.modal.open) return state
      return { ...state, modal: { ...state.modal, open: false, loading: false }, router: { view: 'Connect', history: ['Connect'], data: undefined } }
    case 'router/pushed': {
      const { view, data } = event.payload as { view: ViewName; data?: unknown }
      return { ...state, router: { view, history: [...state.router.history, view], data } }
    }
    case 'router/wentBack': {
      const history = state.router.history.length > 1 ? state.router.history.slice(0, -1) : state.router.history
      return { ...state, router: { view: history[history.length - 1] as ViewName, history, data: undefined } }
    }
    case 'banner/showRequested': {
      const { variant, message } = event.payload as { variant: ModalState['banner']['variant']; message: string }
      const b = state.banner
      return {
        ...state,
        banner: b.open || b.pending ? { ...b, open: false, pending: { variant, message, seq: event.seq } } : { ...b, open: true, variant, message },
      }
    }
    case 'banner/delayElapsed': {
      const p = state.banner.pending
      if (!p || p.seq !== (event.payload as { seq: number }).seq) return state
      return { ...state, banner: { open: true, variant: p.variant, message: p.message, pending: null } }
    }
    case 'banner/closed':
      return { ...state, banner: { ...state.banner, open: false, pending: null } }
    case 'theme/modeChanged':
      return { ...state, preferences: { ...state.preferences, themeMode: (event.payload as { mode: 'light' | 'dark' }).mode } }
    case 'connection/requested': {
      const { connectorId, namespace } = event.payload as { connectorId: string; namespace: 'eip155' }
      const ns = state.connection.byNamespace[namespace] ?? { status: 'disconnected' as const, connections: [], activeConnectorId: null }
      const { [namespace]: _ended, ...reconnect } = state.wallets.reconnect
      return {
        ...state,
        connection: { ...state.connection, byNamespace: { ...state.connection.byNamespace, [namespace]: { ...ns, status: ns.status === 'connected' ? 'connected' : 'connecting' } } },
        wallets: {
          ...state.wallets,
          attempt: {
            requestId: event.requestId ?? null,
            connectorId,
            namespace,
            status: 'connecting',
            startedAt: event.at,
            error: null,
            returnView: state.router.history.includes('ProfileWallets') ? 'ProfileWallets' : null,
          },
          reconnect,
          disconnectError: null,
        },
        router: state.modal.open ? { ...state.router, data: { connectorId } } : state.router,
      }
    }
    case 'connection/succeeded': {
      const { connectorId, namespace, accounts, caipNetworkId } = event.payload as Connection & { namespace: 'eip155' }
      const connection: Connection = { connectorId, accounts, caipNetworkId }
      const closes = state.modal.open && state.wallets.attempt?.connectorId === connectorId
      return {
        ...state,
        connection: {
          activeNamespace: namespace,
          byNamespace: { ...state.connection.byNamespace, [namespace]: { status: 'connected', connections: [connection], activeConnectorId: connectorId } },
        },
        wallets: {
          ...state.wallets,
          attempt: null,
          memory: {
            recent: addRecentWallet(state.wallets.memory.recent, { id: connectorId, name: connectorId, namespace }),
            connected: { ...state.wallets.memory.connected, [namespace]: [connectorId] },
          },
        },
        modal: closes ? { ...state.modal, open: false, loading: false } : state.modal,
        router: closes ? { view: 'Connect', history: ['Connect'], data: undefined } : state.router,
        // The mix's connects ask for no network and the wallets say nothing of what they agreed to.
        network: { ...state.network, lastUsed: caipNetworkId },
      }
    }
    case 'connection/disconnected': {
      const { namespace, connectorId } = event.payload as { namespace: 'eip155'; connectorId: string }
      const ns = state.connection.byNamespace[namespace]
      if (!ns) return state
      const connections = ns.connections.filter((c) => c.connectorId !== connectorId)
      const live = new Set(connections.map((c) => c.connectorId))
      return {
        ...state,
        connection: {
          ...state.connection,
          byNamespace: {
            ...state.connection.byNamespace,
            [namespace]: {
              connections,
              activeConnectorId: ns.activeConnectorId === connectorId ? (connections[0]?.connectorId ?? null) : ns.activeConnectorId,
              status: connections.some((c) => c.accounts.length > 0) ? 'connected' : 'disconnected',
            },
          },
        },
        wallets: {
          ...state.wallets,
          memory: { ...state.wallets.memory, connected: { ...state.wallets.memory.connected, [namespace]: (state.wallets.memory.connected[namespace] ?? []).filter((id) => live.has(id)) } },
        },
      }
    }
    case 'account/disconnected': {
      // The mix never fills sign-in, names, swaps or on-ramp: they are already reset.
      const prefix = `${(event.payload as { namespace: string }).namespace}:`
      const { account, accountSheet, tokenBalances } = state
      return {
        ...state,
        router: state.modal.open && state.router.view !== 'Connect' ? { view: 'Connect', history: ['Connect'], data: undefined } : state.router,
        wallets: state.wallets.attempt === null ? state.wallets : { ...state.wallets, attempt: null },
        account:
          account.signature === null && isEmptySend(account.send) && !hasKeyWith(account.balances, prefix)
            ? account
            : { ...account, balances: withoutKeysWith(account.balances, prefix), send: { ...EMPTY_SEND }, signature: null },
        tokenBalances: hasKeyWith(tokenBalances.byAccount, prefix) ? { ...tokenBalances, byAccount: withoutKeysWith(tokenBalances.byAccount, prefix) } : tokenBalances,
        accountSheet:
          accountSheet.tab === 'tokens' && !hasKeyWith(accountSheet.activity, prefix) && !hasKeyWith(accountSheet.nfts, prefix)
            ? accountSheet
            : { ...accountSheet, tab: 'tokens', activity: withoutKeysWith(accountSheet.activity, prefix), nfts: withoutKeysWith(accountSheet.nfts, prefix) },
      }
    }
    default:
      return state
  }
}

const isEmptySend = (send: ModalState['account']['send']): boolean =>
  (Object.keys(EMPTY_SEND) as (keyof typeof EMPTY_SEND)[]).every((key) => send[key] === EMPTY_SEND[key])

const hasKeyWith = (record: object, prefix: string): boolean => Object.keys(record).some((key) => key.startsWith(prefix))

function withoutKeysWith<T extends object>(record: T, prefix: string): T {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !key.startsWith(prefix))) as T
}

function connected(state: ModalState): boolean {
  const ns = state.connection.activeNamespace ? state.connection.byNamespace[state.connection.activeNamespace] : undefined
  return !!ns && ns.status === 'connected' && ns.connections.some((c) => c.connectorId === ns.activeConnectorId && c.accounts.length > 0)
}
