import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import {
  siwxRevokeFailed,
  siwxRevokeRequested,
  siwxSessionRevoked,
  siwxSessionsFailed,
  siwxSessionsFetched,
  siwxSessionsRequested,
} from '../../events/siwx/siwx.js'
import type { HostedSession } from '../../domain/siwxSessions.js'
import type { SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { isResetTo } from '../isResetTo.js'
import { BASE_INITIAL, SIWX_SESSIONS_IDLE as IDLE } from '../baseInitialState.js'

/** The Sessions view: the hosted sessions of one address and the revocation under way. */
export type SiwxSessionsState = {
  caipAddress: string | null
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  requestId: string | null
  sessions: HostedSession[]
  error: SerializedError | null
  /** The revocation under way (one at a time), or the last one that failed. */
  revoke: { id: string; requestId: string | null; status: 'revoking' | 'failed'; error: SerializedError | null } | null
}


/** Whether the list waits for this request's answer (the reducer and the effect that fetches agree on it). */
export const isAnswer = (s: SiwxSessionsState, caipAddress: string, requestId: string | undefined) =>
  s.status === 'loading' && s.caipAddress === caipAddress && isCurrentRequest(s.requestId, requestId)
/** Whether this revocation is the one under way. */
export const isRevoking = (s: SiwxSessionsState, caipAddress: string, id: string, requestId: string | undefined) =>
  s.caipAddress === caipAddress && s.revoke?.status === 'revoking' && s.revoke.id === id && isCurrentRequest(s.revoke.requestId, requestId)

/** The hosted sessions listed, kept while the same address asks again (nothing jumps on a refresh). */
export const siwxSessionsSlice = createSlice(
  'siwxSessions',
  BASE_INITIAL.siwxSessions,
  (b) =>
    b
      .addReplacer(siwxSessionsRequested, (s, event) => {
        const { caipAddress } = event.payload
        // One request at a time per address: asking again while it loads waits for that answer.
        if (s.status === 'loading' && s.caipAddress === caipAddress) return s
        return { ...(s.caipAddress === caipAddress ? s : IDLE), caipAddress, status: 'loading', requestId: event.requestId ?? null, error: null }
      })
      .addReplacer(
        siwxSessionsFetched,
        (s, event) => ({ ...s, status: 'loaded', requestId: null, sessions: event.payload.sessions }),
        (s, event) => isAnswer(s, event.payload.caipAddress, event.requestId),
      )
      .addReplacer(
        siwxSessionsFailed,
        (s, event) => ({ ...s, status: 'failed', requestId: null, error: event.payload.error }),
        (s, event) => isAnswer(s, event.payload.caipAddress, event.requestId),
      )
      .addReplacer(
        siwxRevokeRequested,
        (s, event) => ({ ...s, revoke: { id: event.payload.id, requestId: event.requestId ?? null, status: 'revoking', error: null } }),
        (s, event) =>
          s.caipAddress === event.payload.caipAddress && s.revoke?.status !== 'revoking' && s.sessions.some((x) => x.id === event.payload.id),
      )
      .addReplacer(
        siwxSessionRevoked,
        (s, event) => ({ ...s, revoke: null, sessions: s.sessions.filter((x) => x.id !== event.payload.id) }),
        (s, event) => isRevoking(s, event.payload.caipAddress, event.payload.id, event.requestId),
      )
      .addReplacer(
        siwxRevokeFailed,
        (s, event) => ({ ...s, revoke: { id: event.payload.id, requestId: null, status: 'failed', error: event.payload.error } }),
        (s, event) => isRevoking(s, event.payload.caipAddress, event.payload.id, event.requestId),
      )
      // Optimization: already reset, the slice keeps its object.
      .addReplacer(accountDisconnected, () => ({ ...IDLE }), (s) => !isResetTo(s, IDLE)),
)
