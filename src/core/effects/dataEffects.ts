import type { NamedEffect } from '../store'
import { apiAlerts } from './apiAlerts'
import type { DataDeps } from './dataDeps'
import { debounceWalletSearch } from './debounceWalletSearch'
import { fetchTokenBalances } from './fetchTokenBalances'
import { fetchWalletPages } from './fetchWalletPages'
import { loadRemoteConfig } from './loadRemoteConfig'
import { prefetchWallets } from './prefetchWallets'

/** The effects of the data plane: remote configuration, wallet lists, token balances and API alerts. */
export const dataEffects: NamedEffect<DataDeps>[] = [
  { name: 'loadRemoteConfig', effect: loadRemoteConfig },
  { name: 'prefetchWallets', effect: prefetchWallets },
  { name: 'debounceWalletSearch', effect: debounceWalletSearch },
  { name: 'fetchWalletPages', effect: fetchWalletPages },
  { name: 'fetchTokenBalances', effect: fetchTokenBalances },
  { name: 'apiAlerts', effect: apiAlerts },
]
