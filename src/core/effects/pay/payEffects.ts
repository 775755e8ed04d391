import type { NamedEffect } from '../../features/defineFeature.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { endPayment } from './endPayment.js'
import { estimatePayFee } from './estimatePayFee.js'
import { payFromWallet } from './payFromWallet.js'

/** The effects of Pay. */
export const payEffects: NamedEffect<WalletDeps>[] = [
  { name: 'payFromWallet', effect: payFromWallet },
  { name: 'estimatePayFee', effect: estimatePayFee },
  { name: 'endPayment', effect: endPayment },
]
