import type { NamedEffect } from '../../features/defineFeature.js'
import type { DataDeps } from '../shared/dataDeps.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { endPayment } from './endPayment.js'
import { estimatePayFee } from './estimatePayFee.js'
import { fetchPayExchanges } from './fetchPayExchanges.js'
import { payFromExchange } from './payFromExchange.js'
import { payFromWallet } from './payFromWallet.js'

/** The effects of Pay. */
export const payEffects: NamedEffect<WalletDeps & DataDeps>[] = [
  { name: 'payFromWallet', effect: payFromWallet },
  { name: 'estimatePayFee', effect: estimatePayFee },
  { name: 'endPayment', effect: endPayment },
  { name: 'fetchPayExchanges', effect: fetchPayExchanges },
  { name: 'payFromExchange', effect: payFromExchange },
]
