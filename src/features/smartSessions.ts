import type { OptionalFeature } from '../core/features/defineFeature.js'

/**
 * Session permissions (ERC-7715), for `modules`: `modal.requestPermissions` shows the visitor
 * what the app asks to spend, for which session account and until when (ReviewPermissions),
 * then asks the connected EVM wallet to grant it; `modal.getPermissions`, `revokePermission` and
 * Account's Permissions list follow the grants, kept across reloads. It turns the `smartSessions`
 * feature flag on (the project's remote configuration may turn it off). Its code loads on first
 * need; without this module the commands reject with 'Session permissions are not enabled' and
 * none of it is in the host's build.
 *
 * @example
 * const modal = createModal({ projectId, adapters, networks, modules: [smartSessions()] })
 * const [permission] = await modal.requestPermissions({ type: 'native-token-periodic', to: sessionAccount, amount: '0.01', period: 86_400 })
 */
export function smartSessions(): OptionalFeature {
  return {
    optional: 'permissions',
    load: () => import('../core/features/permissions.js').then((m) => m.permissionsFeature),
    views: () => import('../react/views/permissions/permissionsViews.js').then((m) => m.permissionsViews),
    commands: () => import('../core/events/permissions/permissionsCommands.js').then((m) => m.createPermissionsCommands),
  }
}
