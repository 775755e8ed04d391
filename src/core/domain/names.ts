import { toCoinType } from 'viem'
import { InvalidCoinTypeChainIdError } from '../errors/domain.js'

/** The ENSIP-11 most significant bit: EVM chain ids must stay below it. */
export const SLIP44_MSB = 0x80000000

const NAME = /^[a-zA-Z0-9-]{4,}$/

/**
 * Whether `name` may be registered: letters, digits and hyphens only, at least 4 characters.
 *
 * @example
 * isValidName('ada-lovelace') // true
 * isValidName('ada') // false
 */
export function isValidName(name: unknown): boolean {
  return typeof name === 'string' && NAME.test(name)
}

/**
 * The ENSIP-11 coin type of an EVM chain id, as an unsigned 32-bit number: `0x80000000 | chainId`
 * (Ethereum mainnet keeps SLIP-44 coin type 60). Throws 'Invalid chainId' from 2^31 up, and for
 * negative or non-integer ids.
 *
 * @example
 * chainIdToCoinType(10) // 2147483658
 * chainIdToCoinType(2 ** 31) // throws 'Invalid chainId'
 */
export function chainIdToCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= SLIP44_MSB) throw new InvalidCoinTypeChainIdError(chainId)
  return Number(toCoinType(chainId))
}

const RESOLVABLE = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/**
 * Whether a receiver typed in the send form is a name to resolve (labels joined by dots, such as
 * 'alice.gangway' or 'vitalik.eth') rather than an address.
 *
 * @example
 * isResolvableName('alice.gangway') // true
 * isResolvableName('0xf39F…2266') // false
 */
export function isResolvableName(text: string): boolean {
  return text.length <= 255 && RESOLVABLE.test(text)
}

/**
 * The EVM address a name profile gives for `chainId`: the chain's own coin type (ENSIP-11), else
 * the default for every EVM chain, else Ethereum's (60). Null when there is none.
 *
 * @example
 * nameAddress({ '60': { address: '0xab…' } }, 10) // '0xab…'
 */
export function nameAddress(addresses: Record<string, { address?: unknown } | undefined>, chainId: number): string | null {
  let own: string | null = null
  try {
    own = String(chainIdToCoinType(chainId))
  } catch {
    // A chain id past 2^31 has no coin type of its own.
  }
  for (const coinType of [own, String(SLIP44_MSB), '60']) {
    const address = coinType === null ? undefined : addresses[coinType]?.address
    if (typeof address === 'string') return address
  }
  return null
}

/** The zone names are registered in: the label 'alice' registers 'alice.gangway'. */
export const NAME_ZONE = 'gangway'

/**
 * The text a wallet signs to register `name` (spec §7 `POST /v1/profile/account`): the JSON of
 * `{ name, attributes, timestamp }`, the timestamp in whole seconds of `at`.
 *
 * @example
 * registrationMessage('alice.gangway', 1_700_000_000_000) // '{"name":"alice.gangway","attributes":{},"timestamp":1700000000}'
 */
export function registrationMessage(name: string, at: number): string {
  return JSON.stringify({ name, attributes: {}, timestamp: Math.floor(at / 1000) })
}

/**
 * The name and avatar a name profile gives an account (spec §3 profileName / profileImage): its
 * name, and its `avatar` text record when that is an http(s) URL. Records come as one object or as
 * a list of `{ key: value }` objects (apiVersion 2); anything else gives no avatar.
 *
 * @example
 * nameProfileIdentity({ name: 'ada.gangway', attributes: [{ avatar: 'https://example.com/a.png' }] })
 * // { name: 'ada.gangway', avatar: 'https://example.com/a.png' }
 */
export function nameProfileIdentity(profile: { name: string; attributes?: unknown }): { name: string; avatar: string | null } {
  const records = Array.isArray(profile.attributes) ? profile.attributes : [profile.attributes]
  for (const record of records) {
    const avatar = typeof record === 'object' && record !== null ? (record as Record<string, unknown>).avatar : undefined
    if (typeof avatar === 'string' && /^https?:\/\//i.test(avatar)) return { name: profile.name, avatar }
  }
  return { name: profile.name, avatar: null }
}
