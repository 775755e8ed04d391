import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { siwxSessionStored, siwxSignInCancelled, siwxSignInFailed, siwxSignInRequested } from '../../events/siwx/siwx.js'
import type { SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { isResetTo } from '../isResetTo.js'
import { BASE_INITIAL, SIWX_SIGN_IN_IDLE as IDLE } from '../baseInitialState.js'

/** The sign-in under way (spec §4): the view shows 'Authenticating...' while the wallet signs, then the failure if any. */
export type SiwxSignInState = {
  status: 'idle' | 'signing' | 'failed'
  caipAddress: string | null
  requestId: string | null
  error: SerializedError | null
}


/** The sign-in attempt; the sessions themselves live in the `siwx` slice, which is kept across reloads. */
export const siwxSignInSlice = createSlice(
  'siwxSignIn',
  BASE_INITIAL.siwxSignIn,
  (b) =>
    b
      .addReplacer(siwxSignInRequested, (s, event) =>
        s.status === 'signing' ? s : { status: 'signing', caipAddress: event.payload.caipAddress, requestId: event.requestId ?? null, error: null },
      )
      .addReplacer(
        siwxSessionStored,
        () => ({ ...IDLE }),
        (s, event) => s.status === 'signing' && s.caipAddress === event.payload.caipAddress,
      )
      .addReplacer(
        siwxSignInFailed,
        (s, event) => ({ ...s, status: 'failed', requestId: null, error: event.payload.error }),
        (s, event) => s.status === 'signing' && isCurrentRequest(s.requestId, event),
      )
      .addReplacer(siwxSignInCancelled, () => ({ ...IDLE }))
      // Optimization: already reset, the slice keeps its object.
      .addReplacer(accountDisconnected, () => ({ ...IDLE }), (s) => !isResetTo(s, IDLE)),
)
