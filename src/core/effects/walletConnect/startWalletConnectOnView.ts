import { concat, defer, EMPTY, from, mergeMap, of, switchMap, timer } from 'rxjs'
import { RETRY_MIN_INTERVAL_MS } from '../../domain/constants.js'
import { connectionRequested } from '../../events/connection/connection.js'
import type { EventInput } from '../../events/defineEvent.js'
import { WALLET_CONNECT_CONNECTOR_ID, walletConnectWalletSelected, type WalletConnectWallet } from '../../events/walletConnect/walletConnect.js'
import { isWalletConnectConnecting } from '../../reducers/walletConnect/walletConnectReducer.js'
import { walletConnectNamespace } from '../../reducers/walletConnect/walletConnectState.js'
import { selectIsConnected } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'
import { watchState } from '../runtime/watchState.js'

/** The WalletConnect view on screen, and the wallet it was opened for. */
function onView(s: ModalState): { view: 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic'; wallet: WalletConnectWallet | null } | null {
  if (!s.modal.open) return null
  const view = s.router.view
  if (view !== 'ConnectingWalletConnect' && view !== 'ConnectingWalletConnectBasic') return null
  return { view, wallet: walletOf(s.router.data) }
}

function walletOf(data: unknown): WalletConnectWallet | null {
  const w = (data as { wallet?: Record<string, unknown> } | undefined)?.wallet
  if (!w || typeof w.id !== 'string' || typeof w.name !== 'string') return null
  const wallet: WalletConnectWallet = { id: w.id, name: w.name }
  const image = typeof w.imageUrl === 'string' ? w.imageUrl : typeof w.image_url === 'string' ? w.image_url : undefined
  if (image) wallet.imageUrl = image
  for (const key of ['mobile_link', 'desktop_link', 'webapp_link'] as const) if (typeof w[key] === 'string') wallet[key] = w[key] as string
  return wallet
}

/**
 * Arriving on a WalletConnect view starts its connect: ConnectingWalletConnectBasic (no chain
 * adapters, or manual control) is a QR code from the start, and ConnectingWalletConnect pushed
 * for a directory wallet (`{ wallet }` as its data) pairs for that wallet. A connect already
 * waiting keeps its pairing; only the wallet it is meant for changes.
 */
export const startWalletConnectOnView: Effect<WalletConnectDeps> = (_event$, state$, deps) =>
  watchState(state$, onView, (a, b) => a?.view === b?.view && a?.wallet?.id === b?.wallet?.id).pipe(
    switchMap((on) => {
      const s = state$.value
      if (!on || !deps.walletConnect) return EMPTY
      const events: EventInput[] = []
      if (on.wallet && on.wallet.id !== s.walletConnect.wallet?.id) events.push(walletConnectWalletSelected({ wallet: on.wallet }))
      const basic = on.view === 'ConnectingWalletConnectBasic'
      const start = !isWalletConnectConnecting(s) && (basic ? !selectIsConnected(s, 'eip155') : on.wallet !== null)
      if (!start) return from(events)
      // A retry sooner than 1 s after the last attempt would be refused (spec §5): wait for it.
      const last = s.wallets.attempt?.connectorId === WALLET_CONNECT_CONNECTOR_ID ? s.wallets.attempt.startedAt : undefined
      const wait = last === undefined ? 0 : Math.max(0, last + RETRY_MIN_INTERVAL_MS - deps.clock.now())
      const request = defer(() =>
        isWalletConnectConnecting(state$.value)
          ? EMPTY
          : // On a Connect opened for Solana or Bitcoin, the connect is made in that family, which stays active.
            of(connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: walletConnectNamespace(state$.value) })),
      )
      return concat(from(events), wait > 0 ? timer(wait, deps.scheduler).pipe(mergeMap(() => request)) : request)
    }),
  )
