import { filter, map } from 'rxjs'
import { connectionFailed } from '../../events/connection/connection.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { serializeError } from '../../errors/base.js'
import type { CoreDeps } from '../../ports.js'
import { ModalClosedError } from '../../errors/connection.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'

/** Closing the modal while a wallet is connecting rejects that connect with 'Modal closed' (spec §4). */
export const failConnectOnClose: Effect<CoreDeps> = (event$, state$) =>
  event$.pipe(
    ofType(modalCloseRequested),
    filter(() => state$.previous.modal.open && !state$.value.modal.open),
    map(() => state$.value.wallets.attempt),
    filter((attempt) => attempt !== null && attempt.status === 'connecting'),
    map((attempt) => {
      const { connectorId, namespace, requestId } = attempt!
      return connectionFailed({ connectorId, namespace, error: serializeError(new ModalClosedError()) }, { requestId: requestId ?? undefined })
    }),
  )
