import { catchError, debounceTime, defer, filter, map, merge, of, switchMap } from 'rxjs'
import { isEvmAddress } from '../../domain/address.js'
import { NAME_LOOKUP_DELAY_MS } from '../../domain/constants.js'
import { isResolvableName, nameAddress } from '../../domain/names.js'
import { sendReceiverNameFailed, sendReceiverNameRequested, sendReceiverNameResolved, sendReceiverSet } from '../../events/connection/send.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { isCurrentName } from '../../reducers/connection/accountReducer.js'
import { selectActiveCaipNetworkId } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { ApiDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** The name the send form's receiver holds, when it is one to resolve on the active EVM network. */
function typedName(state: ModalState): string | null {
  const text = state.account.send.receiver?.trim() ?? ''
  return state.connection.activeNamespace === 'eip155' && isResolvableName(text) ? text : null
}

/**
 * Resolves a receiver typed as a name (names are EVM only, spec §1): once typing has paused for
 * 300 ms, `send/receiverNameRequested`; then the name API's address for the active network
 * (`/v1/profile/account/{name}`), the latest name winning. A name without an address here, or a
 * lookup that fails, is 'Error resolving name' with the reason in the details.
 */
export const resolveReceiverName: Effect<WalletDeps & Partial<ApiDeps>> = (event$, state$, deps) =>
  merge(
    event$.pipe(
      ofType(sendReceiverSet),
      debounceTime(NAME_LOOKUP_DELAY_MS, deps.scheduler),
      map(() => typedName(state$.value)),
      filter((name): name is string => name !== null && state$.value.account.send.receiverName?.name !== name),
      map((name) => sendReceiverNameRequested({ name })),
    ),
    event$.pipe(
      ofType(sendReceiverNameRequested),
      filter((e) => isCurrentName(state$.value.account, e.payload.name, e.requestId)),
      switchMap((e) => {
        const { name } = e.payload
        const meta = { requestId: e.requestId }
        const fail = (details: string, cause?: unknown) =>
          sendReceiverNameFailed({ name, error: serializeError(new GangwayError('Error resolving name', { details, cause })) }, meta)
        const api = deps.api?.blockchain
        const chainId = Number(selectActiveCaipNetworkId(state$.value)?.split(':')[1])
        if (!api || !Number.isSafeInteger(chainId)) return of(fail('the name API is not configured (apiUrl)'))
        return defer(() => api.lookupName({ name })).pipe(
          map((profile) => {
            const address = nameAddress(profile.addresses, chainId)
            return address !== null && isEvmAddress(address)
              ? sendReceiverNameResolved({ name, address }, meta)
              : fail(`${name} has no address for eip155:${chainId}`)
          }),
          catchError((error: unknown) => of(fail(serializeError(error).shortMessage, error))),
        )
      }),
    ),
  )
