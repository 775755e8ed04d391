/**
 * Errors of storage and of the event log: a read that never settled, a log whose replay failed.
 *
 * @example
 * new StorageTimeoutError('a read of gangway:log took more than 3000 ms')
 */
import type { StampedEvent } from '../events/defineEvent.js'
import { GangwayError } from './base.js'

/** A storage read did not settle in time; the session runs from memory. */
export class StorageTimeoutError extends GangwayError {
  override readonly name = 'StorageTimeoutError'
  override readonly kind = 'STORAGE_TIMEOUT'
  constructor(details: string) {
    super('Storage did not answer', { details })
  }
}

/** Replaying a log failed at this event: the reducers threw on it. */
export class ReplayError extends GangwayError {
  override readonly name = 'ReplayError'
  override readonly kind = 'LOG_REPLAY_FAILED'
  constructor(
    readonly event: StampedEvent,
    cause: unknown,
  ) {
    super(`replaying event ${event.seq} (${event.type}) failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}
