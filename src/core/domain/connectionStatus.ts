import { InvalidConnectionStatusError } from '../errors/domain.js'
import type { StoredConnectionStatus } from './entities.js'

/** The statuses a stored connection may be switched to (spec §4). */
export const STORED_CONNECTION_STATUSES = ['connected', 'active', 'disconnected'] as const satisfies readonly StoredConnectionStatus[]

/**
 * Checks a stored connection status, throwing 'Invalid connection status: {status}' for
 * anything but connected, active or disconnected.
 *
 * @example
 * assertConnectionStatus('active') // 'active'
 * assertConnectionStatus('paused') // throws 'Invalid connection status: paused'
 */
export function assertConnectionStatus(status: unknown): StoredConnectionStatus {
  if (typeof status === 'string' && (STORED_CONNECTION_STATUSES as readonly string[]).includes(status)) {
    return status as StoredConnectionStatus
  }
  throw new InvalidConnectionStatusError(status)
}
