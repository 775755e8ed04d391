import { filter, ignoreElements, tap } from 'rxjs'
import { AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'
import { modalCloseRequested } from '../../events/modal/modal.js'
import { siwxSignInCancelled } from '../../events/siwx/siwx.js'
import { selectActiveConnection } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { EmbeddedWalletDeps } from './emailLogin.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

/** Whether the embedded wallet is what signs the sign-in under way. */
const embeddedSignIn = (s: ModalState) => s.siwxSignIn.status === 'signing' && selectActiveConnection(s, 'eip155')?.connectorId === AUTH_CONNECTOR_ID

/**
 * The modal gives up on the sign-in the embedded wallet asks the visitor to sign: Cancel, or the
 * modal closed on it. The frame's prompt is withdrawn (abort RPC, spec §7), and the signature
 * it asked for fails at once ('Error signing message', with 'Request was aborted').
 */
export const withdrawEmbeddedPrompt: Effect<EmbeddedWalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(siwxSignInCancelled, modalCloseRequested),
    filter((e) => embeddedSignIn(state$.previous) && (siwxSignInCancelled.match(e) || (state$.previous.modal.open && !state$.value.modal.open))),
    tap(() => void deps.auth?.abortRequest().catch(() => undefined)),
    ignoreElements(),
  )
