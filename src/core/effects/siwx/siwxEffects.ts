import type { NamedEffect } from '../../features/defineFeature.js'
import { cancelSignIn } from './cancelSignIn.js'
import { fetchSessions } from './fetchSessions.js'
import { promptSignIn } from './promptSignIn.js'
import { revokeSession } from './revokeSession.js'
import { signInAnalytics } from './signInAnalytics.js'
import { signInWithWallet } from './signInWithWallet.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import type { DataDeps } from '../shared/dataDeps.js'

/** The effects of sign-in with a wallet. */
export const siwxEffects: NamedEffect<WalletDeps & DataDeps>[] = [
  { name: 'promptSignIn', effect: promptSignIn },
  { name: 'signInWithWallet', effect: signInWithWallet },
  { name: 'signInAnalytics', effect: signInAnalytics },
  { name: 'cancelSignIn', effect: cancelSignIn },
  { name: 'fetchSessions', effect: fetchSessions },
  { name: 'revokeSession', effect: revokeSession },
]
