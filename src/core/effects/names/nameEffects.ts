import type { NamedEffect } from '../../features/defineFeature.js'
import type { DataDeps } from '../shared/dataDeps.js'
import { fetchNameSuggestions } from './fetchNameSuggestions.js'
import { registerAccountName } from './registerAccountName.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** The effects of name registration. */
export const nameEffects: NamedEffect<WalletDeps & DataDeps>[] = [
  { name: 'fetchNameSuggestions', effect: fetchNameSuggestions },
  { name: 'registerAccountName', effect: registerAccountName },
]
