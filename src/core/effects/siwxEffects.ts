import type { NamedEffect } from '../features/defineFeature.js'
import { cancelSignIn } from './cancelSignIn.js'
import { promptSignIn } from './promptSignIn.js'
import { signInWithWallet } from './signInWithWallet.js'
import type { WalletDeps } from './walletDeps.js'

/** The effects of sign-in with a wallet. */
export const siwxEffects: NamedEffect<WalletDeps>[] = [
  { name: 'promptSignIn', effect: promptSignIn },
  { name: 'signInWithWallet', effect: signInWithWallet },
  { name: 'cancelSignIn', effect: cancelSignIn },
]
