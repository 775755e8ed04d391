import { catchError, EMPTY, map, merge, of, switchMap, take } from 'rxjs'
import { connectorsChanged } from '../../events/connection/connectors.js'
import { effectFailed } from '../../events/modal/effects.js'
import { sessionStarted } from '../../events/modal/session.js'
import { serializeError } from '../../errors/base.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Once the session started, every adapter reports the connectors it finds in this browser.
 * Starts after `session/started` so the first list is not wiped by the session's reset.
 */
export const discoverConnectors: Effect<WalletDeps> = (event$, _state$, deps) =>
  event$.pipe(
    ofType(sessionStarted),
    take(1),
    switchMap(() =>
      merge(
        ...Object.values(deps.adapters).map((adapter) =>
          adapter.connectors().pipe(
            map((connectors) => connectorsChanged({ namespace: adapter.namespace, connectors })),
            catchError((error: unknown) => of(effectFailed({ effect: `discoverConnectors(${adapter.namespace})`, error: serializeError(error) }))),
          ),
        ),
        EMPTY,
      ),
    ),
  )
