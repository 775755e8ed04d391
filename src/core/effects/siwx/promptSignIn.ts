import { distinctUntilChanged, filter, map, switchMap, take } from 'rxjs'
import { modalOpenRequested } from '../../events/modal/modal.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { ofType } from '../runtime/ofType.js'
import { selectAccountTypeSwitching, selectCaipAddress, selectIsConnected } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { watchState } from '../runtime/watchState.js'
import { SIWX_NAMESPACES, siwxAccountOf } from '../../domain/siwx.js'

/**
 * The active account (EVM or Solana) that sign-in applies to and has no session yet, or null;
 * null too while the embedded wallet switches account type, so the sign-in is for where it lands.
 */
export function selectSignInDue(state: ModalState): string | null {
  if (!state.settings.siwx) return null
  const namespace = state.connection.activeNamespace
  if (!namespace || !SIWX_NAMESPACES.includes(namespace) || !selectIsConnected(state, namespace)) return null
  // The embedded wallet moving to its smart account (or back): the address signed for comes after.
  if (namespace === 'eip155' && selectAccountTypeSwitching(state)) return null
  const caipAddress = selectCaipAddress(state)
  const network = caipAddress ? siwxAccountOf(caipAddress)?.caipNetworkId : null
  if (!caipAddress || !(state.settings.networks ?? []).some((n) => n.caipNetworkId === network)) return null
  return state.siwx.sessions[caipAddress] === undefined ? caipAddress : null
}

/**
 * Spec §4: once an account on a supported network has no stored session (after connect, on an
 * account or network change, after signing out), the modal opens on SIWXSignMessage. Only once
 * this page's stored sessions are in: before that, a state restored from the last page's log
 * shows the connection without its session (sessions are not in the log).
 */
export const promptSignIn: Effect<WalletDeps> = (event$, state$) =>
  event$.pipe(
    ofType(storageHydrated),
    take(1),
    switchMap(() => watchState(state$, selectSignInDue)),
    distinctUntilChanged(),
    filter((due): due is string => due !== null),
    map(() => modalOpenRequested({ view: 'SIWXSignMessage' })),
  )

