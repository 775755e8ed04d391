// The effects every modal starts with, in one chunk: the session loads them as it starts, and
// one request costs less than five on a slow network. Each feature's manifest takes its own list.
export { accountSheetEffects } from './accountSheetEffects.js'
export { dataEffects } from './dataEffects.js'
export { modalEffects } from './modalEffects.js'
export { logPersistenceEffects, persistenceEffects } from './persistenceEffects.js'
export { siwxEffects } from './siwxEffects.js'
export { walletEffects } from './walletEffects.js'
