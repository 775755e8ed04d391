import type { NamedEffect } from '../../features/defineFeature.js'
import { apiAlerts } from './apiAlerts.js'
import type { DataDeps } from '../shared/dataDeps.js'
import { debounceWalletSearch } from './debounceWalletSearch.js'
import { fetchTokenBalances } from '../shared/fetchTokenBalances.js'
import { fetchWalletPages } from './fetchWalletPages.js'
import { loadRemoteConfig } from './loadRemoteConfig.js'
import { prefetchWallets } from './prefetchWallets.js'
import { priceTokenBalances } from './priceTokenBalances.js'

/** The effects of the data plane: remote configuration, wallet lists, token balances and their prices, and API alerts. */
export const dataEffects: NamedEffect<DataDeps>[] = [
  { name: 'loadRemoteConfig', effect: loadRemoteConfig },
  { name: 'prefetchWallets', effect: prefetchWallets },
  { name: 'debounceWalletSearch', effect: debounceWalletSearch },
  { name: 'fetchWalletPages', effect: fetchWalletPages },
  { name: 'fetchTokenBalances', effect: fetchTokenBalances },
  { name: 'priceTokenBalances', effect: priceTokenBalances },
  { name: 'apiAlerts', effect: apiAlerts },
]
