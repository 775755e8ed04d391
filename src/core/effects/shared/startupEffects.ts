// The effects every modal starts with, in one chunk: the session loads them as it starts, and
// one request costs less than five on a slow network. Each feature's manifest takes its own list.
export { accountSheetEffects } from '../accountSheet/accountSheetEffects.js'
export { dataEffects } from '../data/dataEffects.js'
export { modalEffects } from '../modal/modalEffects.js'
export { logPersistenceEffects, persistenceEffects } from '../persistence/persistenceEffects.js'
export { siwxEffects } from '../siwx/siwxEffects.js'
export { walletEffects } from '../connection/walletEffects.js'
// The stored durable state's checks come in the same chunk: the session starts with their events.
export { hydrationEvents } from '../../readDurable.js'
