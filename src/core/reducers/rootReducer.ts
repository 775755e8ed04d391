import { composeFeatures } from '../features/composeFeatures.js'
import { BUILT_IN_FEATURES } from '../features/builtInFeatures.js'
import type { ModalState, SessionSettings } from '../state.js'
import { isProductionBuild } from '../isProductionBuild.js'

const builtIn = composeFeatures<any>(BUILT_IN_FEATURES, { autoFreeze: !isProductionBuild() })

/** The root reducer of every built-in feature (frozen state outside production builds). */
export const rootReducer = builtIn.reducer

/** Every event of the built-in features. */
export const builtInCatalogue = builtIn.catalogue

/** The state a session with these settings starts from (before anything is hydrated). */
export function initialState(settings: SessionSettings = { projectId: '', adapters: [] }): ModalState {
  return rootReducer.initial(settings)
}
