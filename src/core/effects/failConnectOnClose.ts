import { filter, map, pairwise } from 'rxjs'
import { connectionFailed } from '../events/connection.js'
import { modalCloseRequested } from '../events/modal.js'
import { serializeError } from '../errors/base.js'
import type { CoreDeps } from '../ports.js'
import { ModalClosedError } from '../errors/connection.js'
import type { Effect } from './runEffects.js'

/** Closing the modal while a wallet is connecting rejects that connect with 'Modal closed' (spec §4). */
export const failConnectOnClose: Effect<CoreDeps> = (event$, state$) =>
  event$.pipe(
    map((event) => ({ event, open: state$.value.modal.open })),
    pairwise(),
    filter(([before, now]) => modalCloseRequested.match(now.event) && before.open && !now.open),
    map(() => state$.value.wallets.attempt),
    filter((attempt) => attempt !== null && attempt.status === 'connecting'),
    map((attempt) => {
      const { connectorId, namespace, requestId } = attempt!
      return connectionFailed({ connectorId, namespace, error: serializeError(new ModalClosedError()) }, { requestId: requestId ?? undefined })
    }),
  )
