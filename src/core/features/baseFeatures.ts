import { accountSheetFeature } from './accountSheet.js'
import { connectionFeature } from './connection.js'
import { dataFeature } from './data.js'
import { modalFeature } from './modal.js'
import { persistenceFeature } from './persistence.js'
import { siwxFeature } from './siwx.js'
import { walletConnectFeature } from './walletConnect.js'
import { embeddedWalletFeature } from './embeddedWallet.js'

/**
 * The features every modal composes from the start, in order: what renders Connect and restores
 * a connection. `logPersistence` joins them unless `persistLog: false`; the others load when
 * first needed (`LAZY_FEATURES`).
 */
export const BASE_FEATURES = [modalFeature, connectionFeature, siwxFeature, dataFeature, accountSheetFeature, walletConnectFeature, embeddedWalletFeature, persistenceFeature] as const
