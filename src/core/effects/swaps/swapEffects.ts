import type { NamedEffect } from '../../features/defineFeature.js'
import type { DataDeps } from '../shared/dataDeps.js'
import { executeSwap } from './executeSwap.js'
import { fetchSwapTokens } from './fetchSwapTokens.js'
import { priceSwapTokens } from './priceSwapTokens.js'
import { quoteSwap } from './quoteSwap.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** The effects of swaps. */
export const swapEffects: NamedEffect<WalletDeps & DataDeps>[] = [
  { name: 'fetchSwapTokens', effect: fetchSwapTokens },
  { name: 'priceSwapTokens', effect: priceSwapTokens },
  { name: 'quoteSwap', effect: quoteSwap },
  { name: 'executeSwap', effect: executeSwap },
]
