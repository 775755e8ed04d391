/**
 * The field grammar of a sign-in message (EIP-4361's ABNF, which CAIP-122 shares), as
 * predicates. Each accepts only values of the grammar that viem's `parseSiweMessage` reads back
 * unchanged; the few valid forms it would read differently (a domain with user information or an
 * IP literal, an empty statement or request id, a leap second) are refused as well.
 */

import { SUB_DELIMS, UNRESERVED } from './siwxStatement.js'

// RFC 3986 §2: the characters a URI is written with (the rest in ./siwxStatement.ts).
const PCT_ENCODED = '%[0-9A-Fa-f]{2}'
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`

let uriPattern: RegExp | undefined

/** RFC 3986 §3's URI as a pattern, built on first use (most hosts never check a URI). */
function uri(): RegExp {
  if (uriPattern) return uriPattern
  // §3.2.2: hosts.
  const decOctet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])'
  const ipv4 = `${decOctet}(?:\\.${decOctet}){3}`
  const h16 = '[0-9A-Fa-f]{1,4}'
  const ls32 = `(?:${h16}:${h16}|${ipv4})`
  // `[ *max( h16 ":" ) h16 ]`: the part before "::".
  const before = (max: number) => `(?:(?:${h16}:){0,${max}}${h16})?`
  const ipv6 = [
    `(?:${h16}:){6}${ls32}`,
    `::(?:${h16}:){5}${ls32}`,
    `${before(0)}::(?:${h16}:){4}${ls32}`,
    `${before(1)}::(?:${h16}:){3}${ls32}`,
    `${before(2)}::(?:${h16}:){2}${ls32}`,
    `${before(3)}::${h16}:${ls32}`,
    `${before(4)}::${ls32}`,
    `${before(5)}::${h16}`,
    `${before(6)}::`,
  ].join('|')
  const regName = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`
  const authority = `(?:(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*@)?(?:\\[(?:${ipv6})\\]|${regName})(?::[0-9]*)?`
  // §3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ].
  const scheme = '[A-Za-z][A-Za-z0-9+\\-.]*'
  const segments = `(?:/${PCHAR}*)*`
  const hierPart = `(?://${authority}${segments}|/(?:${PCHAR}+${segments})?|${PCHAR}+${segments}|)`
  const query = `(?:${PCHAR}|[/?])*`
  uriPattern = new RegExp(`^${scheme}:${hierPart}(?:\\?${query})?(?:#${query})?$`)
  return uriPattern
}

// The message's domain: a host name or IPv4 address with an optional port, the part of
// RFC 3986's authority viem reads back (no user information, no IP literal).
const DOMAIN = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::[0-9]{1,5})?$/
// request-id = *pchar (non-empty: viem reads an empty one as absent).
const REQUEST_ID = /* @__PURE__ */ new RegExp(`^${PCHAR}+$`)
// nonce = 8*( ALPHA / DIGIT )
const NONCE = /^[A-Za-z0-9]{8,}$/
// RFC 3339 date-time, upper-case T and Z as viem reads them.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/

function isDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value)
  if (!m) return false
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = m.slice(1).map((part) => Number(part ?? 0)) as number[] as [number, number, number, number, number, number, number, number]
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
  // A leap second (60) is RFC 3339 but not a Date: viem would read it as an invalid date.
  const inRange = day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59 && offsetHour <= 23 && offsetMinute <= 59
  return inRange && Number.isFinite(Date.parse(value))
}

/**
 * Whether a value is a sign-in message domain: a host name or IPv4 address with an optional
 * port (no scheme, path, user or spaces).
 *
 * @example
 * isSiwxDomain('example.com:8443') // true
 * isSiwxDomain('https://example.com') // false: a scheme
 */
export const isSiwxDomain = (value: unknown): value is string => typeof value === 'string' && DOMAIN.test(value)

export { isSiwxStatement } from './siwxStatement.js'

/**
 * Whether a value is an RFC 3986 URI (a scheme, then only URI characters in URI order).
 *
 * @example
 * isSiwxUri('https://example.com/login?next=%2F') // true
 * isSiwxUri('https://example.com/a b') // false
 */
export const isSiwxUri = (value: unknown): value is string => typeof value === 'string' && uri().test(value)

/**
 * Whether a value is a sign-in nonce: at least 8 letters or digits.
 *
 * @example
 * isSiwxNonce('abcdef12') // true
 */
export const isSiwxNonce = (value: unknown): value is string => typeof value === 'string' && NONCE.test(value)

/**
 * Whether a value is a sign-in request id: one or more RFC 3986 path characters (`pchar`).
 *
 * @example
 * isSiwxRequestId('req-42') // true
 * isSiwxRequestId('req 42') // false
 */
export const isSiwxRequestId = (value: unknown): value is string => typeof value === 'string' && REQUEST_ID.test(value)

/**
 * Whether a value is an RFC 3339 date-time (upper-case T and Z) that a Date can hold.
 *
 * @example
 * isSiwxDateTime('2025-01-01T00:00:00.000Z') // true
 * isSiwxDateTime('2025-02-30T00:00:00Z') // false
 */
export const isSiwxDateTime = (value: unknown): value is string => typeof value === 'string' && isDateTime(value)
