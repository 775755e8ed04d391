// The session-permissions feature's views: one chunk.
import { PermissionsView } from './PermissionsView.js'
import { ReviewPermissionsView } from './ReviewPermissionsView.js'
import type { ViewGroup } from '../viewProps.js'

export const permissionsViews = {
  ReviewPermissions: ReviewPermissionsView,
  Permissions: PermissionsView,
} satisfies ViewGroup
