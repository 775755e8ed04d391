import { produce, type Draft } from 'immer'
import type { StampedEvent } from '../events/defineEvent.js'
import type { ModalState } from '../state.js'
import { bannerReducer } from './bannerReducer.js'
import { configReducer } from './configReducer.js'
import { connectionReducer } from './connectionReducer.js'
import { errorReducer } from './errorReducer.js'
import { modalReducer } from './modalReducer.js'
import { accountReducer } from './accountReducer.js'
import { networkReducer } from './networkReducer.js'
import { walletsReducer } from './walletsReducer.js'
import { preferencesReducer } from './preferencesReducer.js'
import { routerReducer } from './routerReducer.js'
import { sessionReducer } from './sessionReducer.js'
import { siwxReducer } from './siwxReducer.js'
import { walletConnectReducer } from './walletConnectReducer.js'
import { walletListReducer } from './walletListReducer.js'
import { tokenBalancesReducer } from './tokenBalancesReducer.js'
import { apiReducer } from './apiReducer.js'

export type SliceReducer = (draft: Draft<ModalState>, event: StampedEvent) => ModalState | void

/** Slice reducers run in this order; later features append theirs with `extraReducers`. */
const SLICES: SliceReducer[] = [
  // First: it judges staleness against the state before the connection slices take the event up.
  errorReducer,
  configReducer,
  connectionReducer,
  walletsReducer,
  networkReducer,
  accountReducer,
  modalReducer,
  routerReducer,
  bannerReducer,
  preferencesReducer,
  siwxReducer,
  // After modalReducer: a close clears the search only when the modal really closed.
  walletListReducer,
  tokenBalancesReducer,
  apiReducer,
  // After walletsReducer (takes connect requests up) and modalReducer (closes).
  walletConnectReducer,
]

/**
 * The whole state transition: pure and deterministic. Time comes from `event.at`, never a clock.
 */
export function createRootReducer(extraReducers: readonly SliceReducer[] = []) {
  const slices = [...SLICES, ...extraReducers]
  return (state: ModalState, event: StampedEvent): ModalState =>
    produce(state, (draft) => {
      const replaced = sessionReducer(draft, event)
      if (replaced) return replaced
      for (const slice of slices) slice(draft, event)
    })
}

export const rootReducer = createRootReducer()
