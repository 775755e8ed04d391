import type { NamedEffect } from '../../features/defineFeature.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import { endPermissionRequest } from './endPermissionRequest.js'
import { expirePermissions } from './expirePermissions.js'
import { grantPermissions } from './grantPermissions.js'
import { leavePermissionReview } from './leavePermissionReview.js'
import { reconcilePermissions } from './reconcilePermissions.js'
import { revokePermission } from './revokePermission.js'

/** The effects of session permissions (ERC-7715). */
export const permissionsEffects: NamedEffect<WalletDeps>[] = [
  { name: 'grantPermissions', effect: grantPermissions },
  { name: 'endPermissionRequest', effect: endPermissionRequest },
  { name: 'leavePermissionReview', effect: leavePermissionReview },
  { name: 'revokePermission', effect: revokePermission },
  { name: 'reconcilePermissions', effect: reconcilePermissions },
  { name: 'expirePermissions', effect: expirePermissions },
]
