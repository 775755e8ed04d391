import { mergeMap, of } from 'rxjs'
import { isSameAddress } from '../../domain/address.js'
import { siwxAccountOf } from '../../domain/siwx.js'
import { disconnectRequested } from '../../events/connection/connectionLifecycle.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { networkSwitchRequested } from '../../events/connection/network.js'
import { siwxSignInCancelled } from '../../events/siwx/siwx.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/**
 * Cancel (spec §4): when sign-in is not required the modal closes; when it is, the wallet goes
 * back to the last network of its namespace this address has a session on, else it is
 * disconnected.
 */
export const cancelSignIn: Effect<WalletDeps> = (event$, state$) =>
  event$.pipe(
    ofType(siwxSignInCancelled),
    mergeMap((e) => {
      const state = state$.value
      if (!state.settings.siwx?.required) return of(modalCloseRequested({}))
      const account = siwxAccountOf(e.payload.caipAddress)
      if (!account) return of(modalCloseRequested({}))
      const { namespace, address } = account
      const supported = new Set<string>((state.settings.networks ?? []).map((n) => n.caipNetworkId))
      const signedIn = Object.keys(state.siwx.sessions)
        .filter((key) => key !== e.payload.caipAddress)
        .map(siwxAccountOf)
        .filter((other) => other !== null && other.namespace === namespace && isSameAddress(namespace, other.address, address) && supported.has(other.caipNetworkId))
        .map((other) => other!.caipNetworkId)
      const back = signedIn[signedIn.length - 1]
      if (back) return of(networkSwitchRequested({ namespace, caipNetworkId: back }))
      return of(disconnectRequested({ namespace }))
    }),
  )
