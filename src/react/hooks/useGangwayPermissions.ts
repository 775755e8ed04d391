import { selectSessionPermissions, type SessionPermission } from '../../core/reducers/permissions/sessionPermissions.js'
import { useModalState } from '../useModalState.js'

/**
 * The session permissions (ERC-7715) the modal knows, oldest first, as `modal.getPermissions()`
 * gives them: granted through `modal.requestPermissions`, kept across reloads, or listed by the
 * wallet as it connects, each with its status ('active', 'revoking', 'revoked', 'expired').
 * Empty until the `smartSessions()` feature has joined; re-renders only when a grant changes.
 *
 * @example
 * const active = useGangwayPermissions().filter((p) => p.status === 'active')
 * return <p>{active.length} active permissions</p>
 */
export function useGangwayPermissions(): SessionPermission[] {
  return useModalState(selectSessionPermissions)
}
