import type { PermissionsCommands } from '../core/events/permissions/permissionsCommands.js'
import { FeatureNotIncludedError } from '../core/errors/connection.js'
import type { EngineStore, OptionalFeature } from '../core/features/defineFeature.js'
import { loadCommands } from './loadCommands.js'

/**
 * `modal.requestPermissions`, `revokePermission` and `getPermissions`: each loads the commands
 * the host's `smartSessions()` module brings, on its first call; without the module each rejects
 * with 'Session permissions are not enabled'.
 *
 * @example
 * const commands = permissionsCommands(store, optionalModules(options).find((m) => m.optional === 'permissions'), ready)
 */
export function permissionsCommands(store: EngineStore, module: OptionalFeature | undefined, ready: Promise<void>): PermissionsCommands {
  const commands = loadCommands<PermissionsCommands>(module, () => new FeatureNotIncludedError('Session permissions are not enabled', 'smartSessions'), store, ready)
  return {
    requestPermissions: (...args) => commands().then((c) => c.requestPermissions(...args)),
    revokePermission: (...args) => commands().then((c) => c.revokePermission(...args)),
    getPermissions: () => commands().then((c) => c.getPermissions()),
  }
}
