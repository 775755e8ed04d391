import { produce, type Draft } from 'immer'
import type { StampedEvent } from '../events/defineEvent'
import type { ModalState } from '../state'
import { bannerReducer } from './bannerReducer'
import { configReducer } from './configReducer'
import { connectionReducer } from './connectionReducer'
import { errorReducer } from './errorReducer'
import { modalReducer } from './modalReducer'
import { accountReducer } from './accountReducer'
import { networkReducer } from './networkReducer'
import { walletsReducer } from './walletsReducer'
import { preferencesReducer } from './preferencesReducer'
import { routerReducer } from './routerReducer'
import { sessionReducer } from './sessionReducer'
import { siwxReducer } from './siwxReducer'
import { walletConnectReducer } from './walletConnectReducer'
import { walletListReducer } from './walletListReducer'
import { tokenBalancesReducer } from './tokenBalancesReducer'
import { apiReducer } from './apiReducer'

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
