import type { Slice } from '../reducers/createSlice.js'
import { accountSheetFeature } from './accountSheet.js'
import { connectionFeature } from './connection.js'
import { dataFeature } from './data.js'
import { modalFeature } from './modal.js'
import { namesFeature } from './names.js'
import { logPersistenceFeature, persistenceFeature } from './persistence.js'
import { siwxFeature } from './siwx.js'
import { swapsFeature } from './swaps.js'
import { onrampFeature } from './onramp.js'
import { walletConnectFeature } from './walletConnect.js'
import { embeddedWalletFeature } from './embeddedWallet.js'

/** The features every modal has, in order. `logPersistence` joins them unless `persistLog: false`. */
export const CORE_FEATURES = [modalFeature, connectionFeature, siwxFeature, dataFeature, accountSheetFeature, namesFeature, swapsFeature, onrampFeature, walletConnectFeature, embeddedWalletFeature, persistenceFeature] as const

/** Every built-in feature, for tools that need the whole catalogue (devtools import, tests). */
export const BUILT_IN_FEATURES = [...CORE_FEATURES, logPersistenceFeature] as const

/** The slices of the built-in features: their states make up `ModalState`. */
export const BUILT_IN_SLICES: readonly Slice<string, any>[] = BUILT_IN_FEATURES.flatMap((f): readonly Slice<string, any>[] => f.slices)
