import { describe, expect, it } from 'vitest'
import {
  CACHE_TTL_MS,
  REQUEST_RETRIES,
  RPC_RETRIES,
  RPC_RETRY_STATUSES,
  canReportError,
  canRetry,
  emailCooldownError,
  isFresh,
  isPairingExpired,
  isTokenBalanceRetryBlocked,
  requestBackoffMs,
  rpcRetryDelayMs,
  shouldRetryRpc,
} from '../../../../src/core/domain/timing.js'
import { EmailCooldownError } from '../../../../src/core/errors/domain.js'
import { GangwayError } from '../../../../src/core/errors/base.js'

const T = 1_700_000_000_000

describe('emailCooldownError', () => {
  it('allows the first login', () => {
    expect(emailCooldownError(T, undefined)).toBeNull()
  })

  it('blocks within 30 s with the seconds left rounded up', () => {
    const e = emailCooldownError(T + 10_000, T)
    expect(e).toBeInstanceOf(EmailCooldownError)
    expect(e).toBeInstanceOf(GangwayError)
    expect(e?.shortMessage).toMatchInlineSnapshot(`"Please try again after 20 seconds"`)
    expect(emailCooldownError(T, T)?.shortMessage).toBe('Please try again after 30 seconds')
    expect(emailCooldownError(T + 25_000, T)?.shortMessage).toBe('Please try again after 5 seconds')
    expect(emailCooldownError(T + 25_001, T)?.shortMessage).toBe('Please try again after 5 seconds')
    expect(emailCooldownError(T + 24_999, T)?.shortMessage).toBe('Please try again after 6 seconds')
    expect(emailCooldownError(T + 29_999, T)?.shortMessage).toBe('Please try again after 1 seconds')
  })

  it('allows again at exactly 30 s and after', () => {
    expect(emailCooldownError(T + 29_900, T)).not.toBeNull()
    expect(emailCooldownError(T + 30_000, T)).toBeNull()
    expect(emailCooldownError(T + 30_100, T)).toBeNull()
  })

  it('a last login in the future waits one cooldown, not longer', () => {
    expect(emailCooldownError(T, T + 60_000)?.shortMessage).toBe('Please try again after 30 seconds')
  })
})

describe('isPairingExpired', () => {
  it('is expired at 10 s or less left', () => {
    expect(isPairingExpired(T, T + 9_900)).toBe(true)
    expect(isPairingExpired(T, T + 10_000)).toBe(true)
    expect(isPairingExpired(T, T + 10_100)).toBe(false)
    expect(isPairingExpired(T, T - 1)).toBe(true)
    expect(isPairingExpired(T, T + 4 * 60_000)).toBe(false)
    expect(isPairingExpired(T, undefined)).toBe(true)
  })
})

describe('canRetry', () => {
  it('allows a retry only after at least 1 s', () => {
    expect(canRetry(T + 999, T)).toBe(false)
    expect(canRetry(T + 1_000, T)).toBe(true)
    expect(canRetry(T + 1_001, T)).toBe(true)
    expect(canRetry(T, undefined)).toBe(true)
  })
})

describe('backoff', () => {
  it('requests: min(1000·2^n, 30000) with 3 retries', () => {
    expect(REQUEST_RETRIES).toBe(3)
    expect([0, 1, 2, 3, 4, 5, 6, 100].map(requestBackoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000])
    expect(requestBackoffMs(-1)).toBe(1_000)
    expect(requestBackoffMs(Number.POSITIVE_INFINITY)).toBe(1_000)
  })

  it('RPC: 3 retries from 150 ms doubling on the listed statuses', () => {
    expect(RPC_RETRIES).toBe(3)
    expect([0, 1, 2].map(rpcRetryDelayMs)).toEqual([150, 300, 600])
    expect(RPC_RETRY_STATUSES).toEqual([403, 408, 413, 429, 500, 502, 503, 504])
    for (const s of RPC_RETRY_STATUSES) expect(shouldRetryRpc(s)).toBe(true)
    for (const s of [200, 400, 401, 404, 409, 501, 505]) expect(shouldRetryRpc(s)).toBe(false)
  })
})

describe('cache freshness', () => {
  it('balance and native balance live 30 s, ens and identity 5 min', () => {
    expect(CACHE_TTL_MS).toEqual({ balance: 30_000, nativeBalance: 30_000, ens: 300_000, identity: 300_000 })
    expect(isFresh(T + 29_999, T, 'balance')).toBe(true)
    expect(isFresh(T + 30_000, T, 'balance')).toBe(false)
    expect(isFresh(T + 29_999, T, 'nativeBalance')).toBe(true)
    expect(isFresh(T + 30_000, T, 'nativeBalance')).toBe(false)
    expect(isFresh(T + 299_999, T, 'ens')).toBe(true)
    expect(isFresh(T + 300_000, T, 'ens')).toBe(false)
    expect(isFresh(T + 299_999, T, 'identity')).toBe(true)
    expect(isFresh(T + 300_000, T, 'identity')).toBe(false)
    expect(isFresh(T, Number.NaN, 'ens')).toBe(false)
  })

  it('token balances are blocked 30 s after a failure', () => {
    expect(isTokenBalanceRetryBlocked(T + 29_999, T)).toBe(true)
    expect(isTokenBalanceRetryBlocked(T + 30_000, T)).toBe(false)
    expect(isTokenBalanceRetryBlocked(T, undefined)).toBe(false)
  })
})

describe('canReportError', () => {
  it('allows 5 reports per 60 s', () => {
    expect(canReportError(T, [])).toBe(true)
    expect(canReportError(T, [T - 4, T - 3, T - 2, T - 1])).toBe(true)
    expect(canReportError(T, [T - 5, T - 4, T - 3, T - 2, T - 1])).toBe(false)
    expect(canReportError(T + 60_000, [T, T, T, T, T])).toBe(true)
    expect(canReportError(T + 59_999, [T, T, T, T, T])).toBe(false)
  })
})
