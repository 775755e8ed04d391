import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, empty, literal, nullable, number, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'
import { PERMISSION_TYPES } from '../../domain/permissionTypes.js'
import { permissionGrantFields } from '../persistence/storage.js'

/** One ERC-7715 permission request as the wallet gets it (`wallet_requestExecutionPermissions`). */
const permissionRequestSchema = object({
  chainId: string(),
  from: optional(string()),
  to: string(),
  permission: object({
    type: literal(...PERMISSION_TYPES),
    isAdjustmentAllowed: boolean(),
    data: object({
      periodAmount: optional(string()),
      periodDuration: optional(number()),
      allowanceAmount: optional(string()),
      startTime: optional(number()),
      tokenAddress: optional(string()),
      justification: optional(string()),
    }),
  }),
  rules: optional(array(object({ type: literal('expiry'), data: object({ timestamp: number() }) }))),
})

/** A permission the wallet granted, with the token as the modal shows it. */
const grantSchema = object(permissionGrantFields)

/**
 * A host asks for session permissions (`modal.requestPermissions`): the ERC-7715 requests, the
 * token each spends as the modal shows it, and whether the visitor reviews them in the modal
 * first (ReviewPermissions) or the wallet is asked at once.
 */
export const permissionsRequested = defineIntent(
  'permissions/requested',
  object({
    requests: array(permissionRequestSchema),
    tokens: array(object({ symbol: nullable(string()), decimals: nullable(number()) })),
    review: boolean(),
  }),
)
/** The visitor chose "Approve in wallet" (or tried again): the wallet is asked. */
export const permissionsReviewApproved = defineEvent('permissions/reviewApproved', empty())
/** The visitor chose Cancel: nothing is asked of the wallet, the request ends refused. */
export const permissionsReviewCancelled = defineEvent('permissions/reviewCancelled', empty())
/** The wallet granted them: one grant per request, in order. */
export const permissionsGranted = defineEvent('permissions/granted', object({ grants: array(grantSchema) }))
/** The wallet refused or failed ('User rejected the request', 'This wallet cannot grant permissions', …); the review offers a retry. */
export const permissionsWalletRefused = defineEvent('permissions/walletRefused', object({ error: serializedErrorSchema }))
/** The request ended without grants (the visitor cancelled or closed the modal, the wallet refused one asked at once): the host's promise rejects with `error`. */
export const permissionsRequestFailed = defineEvent('permissions/requestFailed', object({ error: serializedErrorSchema }))

/** Revoke a granted permission (`modal.revokePermission`, Revoke in Permissions): the wallet asks the visitor, then disables it. */
export const permissionRevokeRequested = defineIntent('permissions/revokeRequested', object({ context: string() }))
/** The wallet revoked it (disabled on chain): the session account can no longer use it. */
export const permissionRevoked = defineEvent('permissions/revoked', object({ context: string() }))
/** The wallet refused or failed to revoke it: it is as it was. */
export const permissionRevokeFailed = defineEvent('permissions/revokeFailed', object({ context: string(), error: serializedErrorSchema }))

/**
 * What the wallet lists as granted by `account` (`wallet_getGrantedExecutionPermissions`, asked
 * as a wallet connects): the grants it holds; the account's others it no longer does.
 */
export const permissionsListed = defineEvent('permissions/listed', object({ account: string(), grants: array(grantSchema) }))
/** The wallet could not list them (a wallet without the method, 4200, is no failure and says nothing). */
export const permissionsListFailed = defineEvent('permissions/listFailed', object({ account: string(), error: serializedErrorSchema }))

/** A granted permission's expiry came: the session account can no longer use it. */
export const permissionExpired = defineEvent('permissions/expired', object({ context: string() }))

export const PERMISSIONS_EVENTS = [
  permissionsRequested,
  permissionsReviewApproved,
  permissionsReviewCancelled,
  permissionsGranted,
  permissionsWalletRefused,
  permissionsRequestFailed,
  permissionRevokeRequested,
  permissionRevoked,
  permissionRevokeFailed,
  permissionsListed,
  permissionsListFailed,
  permissionExpired,
] as const
