/**
 * Timing rules as pure functions of the current time (`now`, ms since the epoch, from the
 * event's `at`) and the time of the last occurrence. Nothing here reads a clock.
 */
import { EmailCooldownError } from '../errors/domain.js'
import {
  BALANCE_CACHE_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  ENS_CACHE_MS,
  ERROR_REPORTS_MAX,
  ERROR_REPORTS_WINDOW_MS,
  IDENTITY_CACHE_MS,
  PAIRING_EXPIRY_MARGIN_MS,
  REQUEST_BACKOFF_BASE_MS,
  REQUEST_BACKOFF_MAX_MS,
  RETRY_MIN_INTERVAL_MS,
  RPC_RETRY_BASE_MS,
  RPC_RETRY_STATUSES,
  TOKEN_BALANCE_RETRY_BLOCK_MS,
} from './constants.js'

export { REQUEST_RETRIES, RPC_RETRIES, RPC_RETRY_STATUSES } from './constants.js'

/**
 * The error for an e-mail login attempted at `now`, or `null` when allowed: a login may not
 * repeat within 30 s of the last; the message names the seconds left, rounded up.
 *
 * @example
 * emailCooldownError(10_000, 0)?.shortMessage // 'Please try again after 20 seconds'
 * emailCooldownError(30_000, 0) // null
 */
export function emailCooldownError(now: number, lastLoginAt: number | undefined): EmailCooldownError | null {
  if (lastLoginAt === undefined || !Number.isFinite(lastLoginAt)) return null
  const elapsed = now - lastLoginAt
  if (elapsed >= EMAIL_LOGIN_COOLDOWN_MS) return null
  // A last login "in the future" (a clock moved back) waits one full cooldown, not longer.
  const remaining = Math.min(EMAIL_LOGIN_COOLDOWN_MS - elapsed, EMAIL_LOGIN_COOLDOWN_MS)
  return new EmailCooldownError(Math.ceil(remaining / 1_000))
}

/**
 * Whether a pairing that expires at `expiresAt` (ms) counts as expired at `now`: 10 s or less
 * left. A pairing without an expiry is expired.
 *
 * @example
 * isPairingExpired(0, 10_000) // true
 * isPairingExpired(0, 10_001) // false
 */
export function isPairingExpired(now: number, expiresAt: number | undefined): boolean {
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return true
  return expiresAt - now <= PAIRING_EXPIRY_MARGIN_MS
}

/**
 * Whether a retry is allowed at `now`: at least 1 s after the last attempt.
 *
 * @example
 * canRetry(1_000, 0) // true
 * canRetry(999, 0) // false
 */
export function canRetry(now: number, lastAttemptAt: number | undefined): boolean {
  if (lastAttemptAt === undefined || !Number.isFinite(lastAttemptAt)) return true
  return now - lastAttemptAt >= RETRY_MIN_INTERVAL_MS
}

function attemptIndex(attempt: number): number {
  return Number.isFinite(attempt) && attempt > 0 ? Math.floor(attempt) : 0
}

/**
 * Delay before API request retry number `attempt` (0-based): min(1000·2^n, 30000) ms.
 *
 * @example
 * requestBackoffMs(0) // 1000
 * requestBackoffMs(5) // 30000
 */
export function requestBackoffMs(attempt: number): number {
  const n = attemptIndex(attempt)
  // Optimization: 2^15 s already exceeds the cap; avoids Infinity for huge n.
  if (n >= 15) return REQUEST_BACKOFF_MAX_MS
  return Math.min(REQUEST_BACKOFF_BASE_MS * 2 ** n, REQUEST_BACKOFF_MAX_MS)
}

/**
 * Delay before JSON-RPC retry number `attempt` (0-based): 150 ms doubling.
 *
 * @example
 * rpcRetryDelayMs(0) // 150
 * rpcRetryDelayMs(2) // 600
 */
export function rpcRetryDelayMs(attempt: number): number {
  return RPC_RETRY_BASE_MS * 2 ** Math.min(attemptIndex(attempt), 30)
}

/**
 * Whether a JSON-RPC call that failed with HTTP `status` is retried.
 *
 * @example
 * shouldRetryRpc(429) // true
 * shouldRetryRpc(404) // false
 */
export function shouldRetryRpc(status: number): boolean {
  return RPC_RETRY_STATUSES.includes(status)
}

export type CacheKind = 'balance' | 'nativeBalance' | 'ens' | 'identity'

/** Cache lifetimes (spec §9). */
export const CACHE_TTL_MS: Readonly<Record<CacheKind, number>> = /* @__PURE__ */ Object.freeze({
  balance: BALANCE_CACHE_MS,
  nativeBalance: BALANCE_CACHE_MS,
  ens: ENS_CACHE_MS,
  identity: IDENTITY_CACHE_MS,
})

/**
 * Whether a cache entry written at `timestamp` is still fresh at `now` (strictly younger than
 * its lifetime).
 *
 * @example
 * isFresh(29_999, 0, 'balance') // true
 * isFresh(30_000, 0, 'balance') // false
 */
export function isFresh(now: number, timestamp: number, kind: CacheKind): boolean {
  if (!Number.isFinite(timestamp)) return false
  return now - timestamp < CACHE_TTL_MS[kind]
}

/**
 * Whether fetching token balances is still blocked at `now` after a failure at `failedAt`
 * (30 s).
 *
 * @example
 * isTokenBalanceRetryBlocked(29_999, 0) // true
 */
export function isTokenBalanceRetryBlocked(now: number, failedAt: number | undefined): boolean {
  if (failedAt === undefined || !Number.isFinite(failedAt)) return false
  return now - failedAt < TOKEN_BALANCE_RETRY_BLOCK_MS
}

/**
 * Whether another error report may be sent at `now`, given the times of earlier reports: at
 * most 5 in any span of 60 s.
 *
 * @example
 * canReportError(60_000, [0, 1, 2, 3, 4]) // true (the window has moved past them)
 */
export function canReportError(now: number, reportedAt: readonly number[]): boolean {
  const recent = reportedAt.filter((t) => now - t < ERROR_REPORTS_WINDOW_MS)
  return recent.length < ERROR_REPORTS_MAX
}
