import { BASE_FEATURES } from '../../src/core/features/baseFeatures'
import { composeFeatures } from '../../src/core/features/composeFeatures'
import type { Feature } from '../../src/core/features/defineFeature'
import { LAZY_FEATURES } from './lazyFeatures'
import { logPersistenceFeature } from '../../src/core/features/persistence'
import type { RootReducer } from '../../src/core/reducers/createRootReducer'
import type { ModalState } from '../../src/core/state'

/**
 * The root reducer a modal of createModal folds with (its base features, and every lazy one
 * loaded, as a replay of its log would have them), and the state it starts from: what a log
 * exported by a live modal replays into.
 */
export async function modalReducer(): Promise<{ reducer: RootReducer; initial: ModalState }> {
  const composed = composeFeatures([...BASE_FEATURES, logPersistenceFeature] as Feature[], { lazy: LAZY_FEATURES })
  await Promise.all(LAZY_FEATURES.map((f) => composed.load(f.name)))
  return { reducer: composed.reducer, initial: composed.reducer.initial({ projectId: '', adapters: [] }) }
}
