import type { NamedEffect } from '../../features/defineFeature.js'
import { switchEmbeddedAccountType } from './accountType.js'
import { fetchSmartAccountNetworks } from './smartAccountNetworks.js'
import { awaitDeviceApproval, requestEmailLogin, verifyEmailOtp, type EmbeddedWalletDeps } from './emailLogin.js'
import { fetchEmbeddedUser, requestEmailUpdate, verifyEmailUpdateOtp } from './emailUpdate.js'
import { adoptEmbeddedWalletNamespaces, restoreEmbeddedSession, watchEmbeddedSession } from './embeddedSession.js'
import { awaitFarcasterLogin, completeSocialLogin, prepareSocialLogin, socialLoginAnalytics } from './socialLogin.js'
import { reenterEmbeddedLogin } from './reenterEmbeddedLogin.js'
import { syncEmbeddedTheme } from './syncEmbeddedTheme.js'
import { withdrawEmbeddedPrompt } from './withdrawEmbeddedPrompt.js'

/** The effects of the embedded wallet: e-mail login, social and Farcaster login (and their re-entry from ProfileWallets), e-mail update, its user, its prompt's theme and withdrawal. */
export const embeddedWalletEffects: NamedEffect<EmbeddedWalletDeps>[] = [
  { name: 'requestEmailLogin', effect: requestEmailLogin },
  { name: 'awaitDeviceApproval', effect: awaitDeviceApproval },
  { name: 'verifyEmailOtp', effect: verifyEmailOtp },
  { name: 'prepareSocialLogin', effect: prepareSocialLogin },
  { name: 'completeSocialLogin', effect: completeSocialLogin },
  { name: 'awaitFarcasterLogin', effect: awaitFarcasterLogin },
  { name: 'socialLoginAnalytics', effect: socialLoginAnalytics },
  { name: 'reenterEmbeddedLogin', effect: reenterEmbeddedLogin },
  { name: 'requestEmailUpdate', effect: requestEmailUpdate },
  { name: 'verifyEmailUpdateOtp', effect: verifyEmailUpdateOtp },
  { name: 'fetchEmbeddedUser', effect: fetchEmbeddedUser },
  { name: 'fetchSmartAccountNetworks', effect: fetchSmartAccountNetworks },
  { name: 'watchEmbeddedSession', effect: watchEmbeddedSession },
  { name: 'restoreEmbeddedSession', effect: restoreEmbeddedSession },
  { name: 'adoptEmbeddedWalletNamespaces', effect: adoptEmbeddedWalletNamespaces },
  { name: 'switchEmbeddedAccountType', effect: switchEmbeddedAccountType },
  { name: 'syncEmbeddedTheme', effect: syncEmbeddedTheme },
  { name: 'withdrawEmbeddedPrompt', effect: withdrawEmbeddedPrompt },
]
