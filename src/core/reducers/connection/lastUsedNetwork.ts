import { isCaipNetworkId } from '../../domain/caip.js'
import type { Namespace } from '../../events/views.js'
import type { SessionSettings } from '../../state.js'

/**
 * The stored network last in use, if a reload can choose it again: a CAIP-2 id of a namespace
 * the host has an adapter for, and one of the host's networks when it lists any of that
 * namespace (a network the host dropped since does not come back). Null otherwise.
 *
 * @example
 * restorableLastUsed('eip155:10', { adapters: ['eip155'], networks: [optimism] }) // { namespace: 'eip155', caipNetworkId: 'eip155:10' }
 */
export function restorableLastUsed(
  stored: unknown,
  settings: Pick<SessionSettings, 'adapters' | 'networks'>,
): { namespace: Namespace; caipNetworkId: string } | null {
  if (!isCaipNetworkId(stored)) return null
  const namespace = stored.slice(0, stored.indexOf(':')) as Namespace
  if (!settings.adapters.includes(namespace)) return null
  const listed = (settings.networks ?? []).filter((n) => n.chainNamespace === namespace)
  if (listed.length > 0 && !listed.some((n) => n.caipNetworkId === stored)) return null
  return { namespace, caipNetworkId: stored }
}
