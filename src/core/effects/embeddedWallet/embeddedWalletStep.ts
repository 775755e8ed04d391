import { catchError, defer, filter, from, map, mergeMap, of, takeUntil, type Observable } from 'rxjs'
import type { EventInput } from '../../events/defineEvent.js'
import { emailLoginReset } from '../../events/embeddedWallet/embeddedWallet.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { routerWentBack } from '../../events/modal/router.js'

/**
 * Runs a step of a login against the embedded wallet: its events once it is done, or `fail`'s
 * event with the step's request id. It is aborted (its AbortSignal fires, nothing is emitted)
 * when the visitor leaves: Back, another e-mail, or closing the modal.
 */
export function embeddedWalletStep(
  event$: Observable<{ type: string }>,
  requestId: string | undefined,
  fail: (error: unknown, meta: { requestId: string | undefined }) => EventInput,
  run: (signal: AbortSignal) => Promise<EventInput[]>,
): Observable<EventInput> {
  const left$ = event$.pipe(filter((e) => emailLoginReset.match(e as never) || modalCloseRequested.match(e as never) || routerWentBack.match(e as never)))
  return defer(() => {
    const controller = new AbortController()
    return from(run(controller.signal)).pipe(
      mergeMap((events) => from(events)),
      takeUntil(left$.pipe(map(() => controller.abort()))),
    )
  }).pipe(catchError((error: unknown) => of(fail(error, { requestId }))))
}
