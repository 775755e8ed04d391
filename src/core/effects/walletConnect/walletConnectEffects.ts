import type { NamedEffect } from '../../features/defineFeature.js'
import { adoptWalletConnectNamespaces } from './adoptWalletConnectNamespaces.js'
import { cancelWalletConnectPairing } from './cancelWalletConnectPairing.js'
import { loadWalletConnectProvider } from './loadWalletConnectProvider.js'
import { prefetchWalletConnectPairing } from './prefetchWalletConnectPairing.js'
import { refreshPairingUri } from './refreshPairingUri.js'
import { relayAlerts } from './relayAlerts.js'
import { startWalletConnectOnView } from './startWalletConnectOnView.js'
import type { WalletConnectDeps } from './walletConnectDeps.js'
import { watchWalletConnectActivity } from './watchWalletConnectActivity.js'

/** The WalletConnect effects: provider prefetch, pairing URI lifecycle, sign-in sessions, the relay's refusals. */
export const walletConnectEffects: NamedEffect<WalletConnectDeps>[] = [
  { name: 'loadWalletConnectProvider', effect: loadWalletConnectProvider },
  { name: 'prefetchWalletConnectPairing', effect: prefetchWalletConnectPairing },
  { name: 'watchWalletConnectActivity', effect: watchWalletConnectActivity },
  { name: 'refreshPairingUri', effect: refreshPairingUri },
  { name: 'cancelWalletConnectPairing', effect: cancelWalletConnectPairing },
  { name: 'startWalletConnectOnView', effect: startWalletConnectOnView },
  { name: 'adoptWalletConnectNamespaces', effect: adoptWalletConnectNamespaces },
  { name: 'relayAlerts', effect: relayAlerts },
]
