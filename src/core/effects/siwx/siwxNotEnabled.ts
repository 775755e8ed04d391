import { map, merge } from 'rxjs'
import { GangwayError, serializeError } from '../../errors/base.js'
import { siwxRevokeFailed, siwxRevokeRequested, siwxSessionsFailed, siwxSessionsRequested, siwxSignInFailed, siwxSignInRequested } from '../../events/siwx/siwx.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'

const notEnabled = () => serializeError(new GangwayError('SIWX is not enabled', { details: 'the modal was created without the siwx option' }))

/**
 * The answer of a modal created without `siwx` to a sign-in, a session list or a revocation
 * asked of it (a host dispatching `siwx/signInRequested`, say): 'SIWX is not enabled' (spec
 * §8), so the request fails instead of waiting for ever. The siwx manifest runs it in place of
 * the sign-in effects, which only a host passing `siwx()` loads; it is imported by the manifest,
 * so it sits in the engine, not in the sign-in chunk.
 */
export const siwxNotEnabled: Effect = (event$) =>
  merge(
    event$.pipe(
      ofType(siwxSignInRequested),
      map((e) => siwxSignInFailed({ caipAddress: e.payload.caipAddress, error: notEnabled() }, { requestId: e.requestId })),
    ),
    event$.pipe(
      ofType(siwxSessionsRequested),
      map((e) => siwxSessionsFailed({ caipAddress: e.payload.caipAddress, error: notEnabled() }, { requestId: e.requestId })),
    ),
    event$.pipe(
      ofType(siwxRevokeRequested),
      map((e) => siwxRevokeFailed({ caipAddress: e.payload.caipAddress, id: e.payload.id, error: notEnabled() }, { requestId: e.requestId })),
    ),
  )
