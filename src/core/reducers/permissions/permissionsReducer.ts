import type { PermissionGrantRecord } from '../../domain/permissions/permissionAnswers.js'
import type { PermissionRequest, PermissionToken } from '../../domain/permissions/permissionRequests.js'
import type { SerializedError } from '../../errors/base.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import {
  permissionExpired,
  permissionRevokeFailed,
  permissionRevokeRequested,
  permissionRevoked,
  permissionsGranted,
  permissionsListed,
  permissionsRequestFailed,
  permissionsRequested,
  permissionsReviewApproved,
  permissionsReviewCancelled,
  permissionsWalletRefused,
} from '../../events/permissions/permissions.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { createSlice } from '../createSlice.js'

/** How many grants the state keeps (the oldest go first). */
export const PERMISSIONS_KEPT = 50

export type PermissionStatus = 'active' | 'revoking' | 'revoked' | 'expired'

/** A permission the wallet granted, and where it stands. */
export type PermissionGrant = PermissionGrantRecord & {
  /** The token it spends as the modal shows it (null where the modal does not know). */
  symbol: string | null
  decimals: number | null
  /** When the modal learnt of it (the event's time, ms). */
  grantedAt: number
  status: PermissionStatus
  /** When it was revoked (the event's time, ms). */
  revokedAt: number | null
}

/** Where a request for permissions is: the visitor reviews it, the wallet asks, it failed (a retry is offered), it is done. */
export type PermissionRequestStatus = 'reviewing' | 'approving' | 'failed' | 'granted' | 'cancelled'

/** The request for permissions under way (one at a time: the wallet asks the visitor about one). */
export type PermissionsRequestState = {
  requestId: string | null
  requests: PermissionRequest[]
  tokens: PermissionToken[]
  /** The visitor reviews it in the modal (ReviewPermissions) before the wallet is asked. */
  review: boolean
  status: PermissionRequestStatus
  /** The wallet's last refusal or failure. */
  error: SerializedError | null
  /** The grants' contexts, once granted. */
  granted: string[]
}

/** A revoke under way, or its failure: the status to go back to, and why. */
export type PermissionRevokeState = { requestId: string | null; from: 'active' | 'expired'; error: SerializedError | null }

/** Session permissions (ERC-7715): the request under way, the grants by context, the revokes. */
export type PermissionsState = {
  request: PermissionsRequestState | null
  /** By context; `order` lists them oldest first. */
  grants: Record<string, PermissionGrant>
  order: string[]
  revokes: Record<string, PermissionRevokeState>
}

/**
 * Whether a request for permissions is waiting on the visitor or the wallet (a new one is not
 * taken until it ends).
 *
 * @example
 * isRequestOpen(state.permissions?.request) // true while ReviewPermissions waits
 */
export const isRequestOpen = (r: PermissionsRequestState | null | undefined): r is PermissionsRequestState =>
  !!r && (r.status === 'reviewing' || r.status === 'approving' || r.status === 'failed')

/** Whether this outcome is for the request under way. */
const isCurrent = (s: PermissionsState, event: { requestId?: string | undefined }) => !!s.request && isCurrentRequest(s.request.requestId, event)

/** Whether a grant's expiry has come at `ms`. */
export const hasExpired = (grant: Pick<PermissionGrant, 'expiry'>, ms: number): boolean => grant.expiry !== null && grant.expiry * 1000 <= ms

function keep(s: PermissionsState, grant: PermissionGrant): void {
  if (!(grant.context in s.grants)) s.order.push(grant.context)
  s.grants[grant.context] = grant
}

function trim(s: PermissionsState): void {
  for (const old of s.order.splice(0, Math.max(0, s.order.length - PERMISSIONS_KEPT))) {
    delete s.grants[old]
    delete s.revokes[old]
  }
}

/**
 * A grant the wallet answered with, as the slice keeps it from `at` on (already expired when its
 * expiry has come).
 *
 * @example
 * grantOf(record, event.at).status // 'active'
 */
export function grantOf(record: PermissionGrantRecord & Pick<PermissionGrant, 'symbol' | 'decimals'>, at: number): PermissionGrant {
  return { ...record, grantedAt: at, status: hasExpired(record, at) ? 'expired' : 'active', revokedAt: null }
}

export const permissionsSlice = createSlice(
  'permissions',
  (): PermissionsState => ({ request: null, grants: {}, order: [], revokes: {} }),
  (b) =>
    b
      .addCase(permissionsRequested, (s, event) => {
        // One at a time: the wallet asks the visitor about one.
        if (isRequestOpen(s.request)) return
        const { requests, tokens, review } = event.payload
        s.request = { requestId: event.requestId ?? null, requests, tokens, review, status: review ? 'reviewing' : 'approving', error: null, granted: [] }
      })
      .addCase(
        permissionsReviewApproved,
        (s) => {
          s.request!.status = 'approving'
          s.request!.error = null
        },
        (s, event) => isCurrent(s, event) && (s.request!.status === 'reviewing' || s.request!.status === 'failed'),
      )
      .addCase(
        permissionsReviewCancelled,
        (s) => {
          s.request!.status = 'cancelled'
        },
        (s, event) => isCurrent(s, event) && (s.request!.status === 'reviewing' || s.request!.status === 'failed'),
      )
      .addCase(
        permissionsWalletRefused,
        (s, event) => {
          s.request!.status = 'failed'
          s.request!.error = event.payload.error
        },
        (s, event) => isCurrent(s, event) && s.request!.status === 'approving',
      )
      .addCase(
        permissionsGranted,
        (s, event) => {
          for (const record of event.payload.grants) {
            const grant = grantOf(record, event.at)
            const revoke = s.revokes[grant.context]
            // The wallet granted again a context whose revoke is under way: the revoke goes on (its
            // answer decides), and a refusal of it goes back to the grant as now granted.
            if (revoke?.error === null) {
              revoke.from = grant.status as 'active' | 'expired'
              grant.status = 'revoking'
            }
            keep(s, grant)
          }
          trim(s)
          s.request!.status = 'granted'
          s.request!.error = null
          s.request!.granted = event.payload.grants.map((g) => g.context)
        },
        (s, event) => isCurrent(s, event) && s.request!.status === 'approving',
      )
      .addCase(
        permissionsRequestFailed,
        (s) => {
          s.request = null
        },
        (s, event) => isCurrent(s, event),
      )
      .addCase(
        permissionRevokeRequested,
        (s, event) => {
          const grant = s.grants[event.payload.context]!
          s.revokes[grant.context] = { requestId: event.requestId ?? null, from: grant.status as 'active' | 'expired', error: null }
          grant.status = 'revoking'
        },
        (s, event) => {
          const grant = s.grants[event.payload.context]
          return !!grant && (grant.status === 'active' || grant.status === 'expired')
        },
      )
      .addCase(
        permissionRevoked,
        (s, event) => {
          const grant = s.grants[event.payload.context]!
          grant.status = 'revoked'
          grant.revokedAt = event.at
          delete s.revokes[grant.context]
        },
        (s, event) => s.grants[event.payload.context]?.status === 'revoking' && isCurrentRequest(s.revokes[event.payload.context]?.requestId, event),
      )
      .addCase(
        permissionRevokeFailed,
        (s, event) => {
          const { context, error } = event.payload
          const revoke = s.revokes[context]!
          // Rolled back: the wallet did not revoke it.
          s.grants[context]!.status = revoke.from
          s.revokes[context] = { requestId: null, from: revoke.from, error }
        },
        (s, event) => s.grants[event.payload.context]?.status === 'revoking' && isCurrentRequest(s.revokes[event.payload.context]?.requestId, event),
      )
      .addCase(permissionsListed, (s, event) => {
        const { account } = event.payload
        // Each context once (the last word on it), whatever a log carries.
        const grants = [...new Map(event.payload.grants.map((g) => [g.context, g])).values()]
        const listed = new Set(grants.map((g) => g.context))
        for (const record of grants) {
          const known = s.grants[record.context]
          if (!known) {
            keep(s, grantOf(record, event.at))
            continue
          }
          // What the wallet says of a known grant wins; how far the modal followed it (its time, a
          // revoke) stays, and so does the token it knows better. Optimization: only what differs
          // is written, so a list that says nothing new changes nothing (no write, no render).
          for (const key of Object.keys(record) as (keyof typeof record)[]) {
            if ((key === 'symbol' || key === 'decimals') && record[key] === null) continue
            if (JSON.stringify(known[key]) !== JSON.stringify(record[key])) (known as Record<string, unknown>)[key] = record[key]
          }
        }
        // The account's grants the wallet no longer holds were revoked elsewhere (another page, the wallet's own settings).
        for (const context of s.order) {
          const grant = s.grants[context]!
          if (grant.status === 'active' && grant.account.toLowerCase() === account.toLowerCase() && !listed.has(context)) {
            grant.status = 'revoked'
            grant.revokedAt = event.at
          }
        }
        trim(s)
      })
      .addCase(
        permissionExpired,
        (s, event) => {
          s.grants[event.payload.context]!.status = 'expired'
        },
        (s, event) => {
          const grant = s.grants[event.payload.context]
          return grant?.status === 'active' && hasExpired(grant, event.at)
        },
      )
      // Grants kept from an earlier page; a revoke that page left unanswered is not under way any more.
      .addCase(
        storageHydrated,
        (s, event) => {
          for (const stored of event.payload.permissions!.grants) {
            if (stored.context in s.grants) continue
            keep(s, { ...stored, status: stored.status === 'revoking' ? 'active' : stored.status })
          }
          trim(s)
        },
        // Optimization: a hydration without grants (nearly every one) skips immer.
        (_s, event) => (event.payload.permissions?.grants.length ?? 0) > 0,
      ),
)
