import { EMPTY, mergeMap, merge, take } from 'rxjs'
import { storageHydrated } from '../../events/persistence/storage.js'
import type { Namespace } from '../../events/views.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { reconnectRun } from './reconnectRun.js'

/**
 * After hydration, reconnects the previously authorised connectors of each namespace silently,
 * one at a time, most recent first (spec §4). Without multiWallet it stops at the first that
 * answers with accounts. A visitor's own connect ends the run.
 */
export const reconnectOnLoad: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(storageHydrated),
    take(1),
    mergeMap(() => {
      const state = state$.value
      if (state.settings.reconnect === false) return EMPTY
      const runs = (Object.entries(state.wallets.memory.connected) as [Namespace, string[]][])
        .filter(([namespace, ids]) => ids.length > 0 && deps.adapters[namespace] !== undefined)
        .map(([namespace, ids]) => reconnectRun(event$, state$, deps.adapters[namespace]!, namespace, ids))
      return merge(...runs)
    }),
  )
