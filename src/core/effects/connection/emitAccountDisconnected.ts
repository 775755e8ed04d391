import { map, mergeMap, tap } from 'rxjs'
import { connectionDisconnected } from '../../events/connection/connection.js'
import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { NAMESPACES } from '../../events/views.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { sendSafely } from '../runtime/sendSafely.js'

/**
 * The disconnect event: when a disconnect leaves a namespace without connections, emits
 * `account/disconnected` (the account is reset) and tracks DISCONNECT_SUCCESS.
 */
export const emitAccountDisconnected: Effect<CoreDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(connectionDisconnected),
    mergeMap(() => {
      const before = connectionCounts(state$.previous)
      const now = connectionCounts(state$.value)
      return NAMESPACES.filter((ns) => (before[ns] ?? 0) > 0 && (now[ns] ?? 0) === 0)
    }),
    tap(() => {
      sendSafely(() => deps.analytics.track({ event: 'DISCONNECT_SUCCESS' }))
    }),
    map((namespace) => accountDisconnected({ namespace })),
  )

function connectionCounts(state: ModalState): Partial<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const [ns, value] of Object.entries(state.connection.byNamespace)) out[ns] = value?.connections.length ?? 0
  return out
}
