import { apiRequestFailed } from '../../events/data/api.js'
import { remoteConfigFailed } from '../../events/modal/config.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import { walletListPageFailed } from '../../events/data/walletList.js'
import type { SerializedError } from '../../errors/base.js'
import { createSlice } from '../createSlice.js'
import { initialApiState } from './dataState.js'

/** The spec's alert for an app the API refuses (HTTP 403, origin not on the allow-list). */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

/**
 * Remembers which failure raised the Invalid App Configuration alert, so it is raised once per
 * session, and whether the origin allow-list refused this page.
 */
export const apiSlice = createSlice('api', initialApiState, (b) =>
  b.addCases([apiRequestFailed, walletListPageFailed, remoteConfigFailed], (api, event) => {
    const error = apiFailureOf(event)
    if (!error) return
    if (remoteConfigFailed.match(event) && event.payload.origin !== undefined) api.originRefused = true
    if (error.shortMessage === INVALID_APP_CONFIGURATION && api.invalidAppConfigSeq === null) api.invalidAppConfigSeq = event.seq
  }),
)

/** The error of an event that reports a failed call to the HTTP services, if it is one. */
export function apiFailureOf(event: StampedEvent): SerializedError | null {
  if (apiRequestFailed.match(event) || walletListPageFailed.match(event)) return event.payload.error
  if (remoteConfigFailed.match(event)) {
    const error = event.payload.error as Partial<SerializedError> | null
    return error && typeof error.shortMessage === 'string' ? (error as SerializedError) : null
  }
  return null
}
