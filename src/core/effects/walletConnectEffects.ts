import type { NamedEffect } from '../store'
import { cancelWalletConnectPairing } from './cancelWalletConnectPairing'
import { loadWalletConnectProvider } from './loadWalletConnectProvider'
import { prefetchWalletConnectPairing } from './prefetchWalletConnectPairing'
import { refreshPairingUri } from './refreshPairingUri'
import { startWalletConnectOnView } from './startWalletConnectOnView'
import type { WalletConnectDeps } from './walletConnectDeps'
import { watchWalletConnectActivity } from './watchWalletConnectActivity'

/** The WalletConnect effects: provider prefetch, pairing URI lifecycle, sign-in sessions. */
export const walletConnectEffects: NamedEffect<WalletConnectDeps>[] = [
  { name: 'loadWalletConnectProvider', effect: loadWalletConnectProvider },
  { name: 'prefetchWalletConnectPairing', effect: prefetchWalletConnectPairing },
  { name: 'watchWalletConnectActivity', effect: watchWalletConnectActivity },
  { name: 'refreshPairingUri', effect: refreshPairingUri },
  { name: 'cancelWalletConnectPairing', effect: cancelWalletConnectPairing },
  { name: 'startWalletConnectOnView', effect: startWalletConnectOnView },
]
