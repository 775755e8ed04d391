import { sliceOf } from '../../selectors.js'
import { catchError, defer, filter, mergeMap, of } from 'rxjs'
import { chainIdToCoinType, registrationMessage } from '../../domain/names.js'
import { nameRegistered, nameRegisterFailed, nameRegisterRequested } from '../../events/names/names.js'
import { routerReplaced } from '../../events/modal/router.js'
import { isRegistering } from '../../reducers/names/nameRegistrationReducer.js'
import { GangwayError, serializeError } from '../../errors/base.js'
import { selectActiveConnection, selectCaipAddress } from '../../selectors.js'
import type { ApiDeps } from '../shared/dataDeps.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Registers a name for the active EVM account (spec §4): the wallet signs the JSON of
 * `{ name, attributes, timestamp }` (the timestamp from the event's stamp, so a replay signs the
 * same text), the name API checks and keeps it (`POST /v1/profile/account`), then
 * RegisterAccountNameSuccess replaces the form. A failure leaves the form with the error: the
 * wallet's, the server's first reason, else 'Error registering name {name}'.
 */
export const registerAccountName: Effect<WalletDeps & Partial<ApiDeps>> = (event$, state$, deps) =>
  event$.pipe(
    ofType(nameRegisterRequested),
    filter((e) => isRegistering(sliceOf(state$.value, 'nameRegistration'), e.requestId)),
    mergeMap((e) => {
      const { name } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => nameRegisterFailed({ name, error: serializeError(error, `Error registering name ${name}`) }, meta)
      const state = state$.value
      const caipAddress = selectCaipAddress(state)
      const connection = selectActiveConnection(state, 'eip155')
      const [namespace, chainId, address] = caipAddress?.split(':') ?? []
      const adapter = deps.adapters.eip155
      const api = deps.api?.blockchain
      if (namespace !== 'eip155' || !connection || !adapter || !address || !api) {
        return of(fail(new GangwayError(`Error registering name ${name}`, { details: 'names are registered for a connected EVM account, with apiUrl' })))
      }
      const message = registrationMessage(name, e.at)
      return defer(() => adapter.signMessage(connection.connectorId, { address, message })).pipe(
        mergeMap((signature) => defer(() => api.registerName({ name, coinType: chainIdToCoinType(Number(chainId)), address, message, signature }))),
        mergeMap((ok) =>
          ok
            ? of(nameRegistered({ name, address }, meta), routerReplaced({ view: 'RegisterAccountNameSuccess' }))
            : of(fail(new GangwayError(`Error registering name ${name}`, { details: 'the name API said no' }))),
        ),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )
