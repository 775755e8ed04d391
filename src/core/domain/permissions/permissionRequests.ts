/**
 * Session permissions (ERC-7715): a host's requests as it writes them (chain as a number or
 * CAIP-2, amounts in whole units or as bigints, times as Dates or unix seconds) read into the
 * `wallet_requestExecutionPermissions` params a wallet takes. Pure: the host command and the
 * fuzz campaign use it. Nothing here reaches a wallet.
 */
import { InvalidInputError } from '../../errors/base.js'
import { isPlainObject, show } from '../../events/schema.js'
import { isEvmAddress } from '../address.js'
import { parseTokenUnits } from '../format.js'
import { PERMISSION_TYPES, type SessionPermissionType } from '../permissionTypes.js'

/** How many permissions one request may ask for. */
export const PERMISSION_REQUESTS_MAX = 10

/** The longest justification a request carries (the wallet shows it to the visitor). */
export const JUSTIFICATION_MAX = 500

/** A permission's data as ERC-7715 sends it: amounts as 0x-hex wei / base units, times in unix seconds. */
export type PermissionData = {
  periodAmount?: string
  periodDuration?: number
  allowanceAmount?: string
  startTime?: number
  tokenAddress?: string
  justification?: string
}

/** One `wallet_requestExecutionPermissions` request (ERC-7715 `PermissionRequest`), JSON-safe. */
export type PermissionRequest = {
  chainId: string
  from?: string
  to: string
  permission: { type: SessionPermissionType; isAdjustmentAllowed: boolean; data: PermissionData }
  rules?: { type: 'expiry'; data: { timestamp: number } }[]
}

/** The token a permission spends, as the modal shows it (null where it does not know). */
export type PermissionToken = { symbol: string | null; decimals: number | null }

/** A unix time in seconds, or a Date. */
export type PermissionTime = Date | number

/**
 * One permission as a host asks for it.
 *
 * @example
 * { type: 'native-token-periodic', to: sessionAccount, amount: '0.01', period: 86_400, expiry: new Date('2030-01-01') }
 */
export type PermissionRequestInput = {
  /** Spend the network's own coin or an ERC-20 token, up to `amount` each `period` (periodic) or in total (allowance). */
  type: SessionPermissionType
  /** The session account that will use the permission (ERC-7715 `to`). */
  to: string
  /** Whole units as a decimal string (`'0.01'`, read with the token's decimals), or base units as a bigint. */
  amount: bigint | string
  /** Seconds in each period (periodic types only): 86_400 is "every day". */
  period?: number
  /** The ERC-20 token (erc20 types only): its address, or the address with its symbol and decimals. */
  token?: string | { address: string; symbol?: string; decimals?: number }
  /** The chain: a number (8453) or CAIP-2 (`'eip155:8453'`); the connected network when absent. */
  chainId?: number | string
  /** When it starts (default: at once). */
  start?: PermissionTime
  /** When it ends (default: no end date). */
  expiry?: PermissionTime
  /** Why the app asks, shown to the visitor by the modal and the wallet. */
  justification?: string
  /** Whether the wallet may let the visitor change the amounts before granting (default false). */
  isAdjustmentAllowed?: boolean
}

/** What the modal knows that a request is read against: the account, its network, the host's networks and the tokens it has seen. */
export type PermissionRequestContext = {
  /** The connected EVM account (ERC-7715 `from`). */
  account: string
  /** The connected network's chain id. */
  chainId: number
  /** The host's EVM networks (empty: any chain is taken). */
  networks: readonly { chainId: number; symbol: string; decimals: number }[]
  /** ERC-20 tokens the modal has data of (token balances). */
  tokens: readonly { chainId: number; address: string; symbol: string; decimals: number }[]
}

/** What a host's requests read into: the wallet's params and, for each, the token as the modal shows it. */
export type ReadPermissionRequests = { requests: PermissionRequest[]; tokens: PermissionToken[] }

/** A unix time past which a number is surely milliseconds (year 5138). */
const MILLISECONDS_LIKELY = 1e11
const UINT256_LIMIT = 2n ** 256n
const FIELDS = ['type', 'to', 'amount', 'period', 'token', 'chainId', 'start', 'expiry', 'justification', 'isAdjustmentAllowed'] as const
const CAIP2_EVM = /^eip155:([1-9][0-9]{0,15})$/

/**
 * A host's permission requests (one, or a list) read into ERC-7715 params, with the token of
 * each; throws an InvalidInputError ('Invalid requestPermissions arguments') naming the field
 * that is wrong.
 *
 * @example
 * readPermissionRequests({ type: 'native-token-periodic', to, amount: '0.01', period: 86_400 }, context)
 * // { requests: [{ chainId: '0x1', from, to, permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x2386f26fc10000', periodDuration: 86400 } } }], tokens: [{ symbol: 'ETH', decimals: 18 }] }
 */
export function readPermissionRequests(input: unknown, context: PermissionRequestContext): ReadPermissionRequests {
  const list = Array.isArray(input) ? input : isPlainObject(input) ? [input] : null
  if (!list) throw bad(`requests must be a permission request or a list of them, got ${show(input)}`)
  if (list.length === 0) throw bad('requests must hold at least one permission request')
  if (list.length > PERMISSION_REQUESTS_MAX) throw bad(`requests holds at most ${PERMISSION_REQUESTS_MAX} permission requests, got ${list.length}`)
  const out: ReadPermissionRequests = { requests: [], tokens: [] }
  list.forEach((raw, i) => {
    const path = Array.isArray(input) ? `requests[${i}]` : 'request'
    const { request, token } = readOne(raw, path, context)
    out.requests.push(request)
    out.tokens.push(token)
  })
  return out
}

/**
 * The token a permission spends as the modal shows it: the network's coin, or an ERC-20 token
 * the modal has data of; nulls where it knows nothing.
 *
 * @example
 * permissionTokenOf(context, 1, null) // { symbol: 'ETH', decimals: 18 }
 */
export function permissionTokenOf(context: Pick<PermissionRequestContext, 'networks' | 'tokens'>, chainId: number, tokenAddress: string | null): PermissionToken {
  if (tokenAddress === null) {
    const network = context.networks.find((n) => n.chainId === chainId)
    // A network the host does not list: an EVM coin has 18 decimals.
    return { symbol: network?.symbol ?? null, decimals: network?.decimals ?? 18 }
  }
  const token = context.tokens.find((t) => t.chainId === chainId && t.address.toLowerCase() === tokenAddress.toLowerCase())
  return { symbol: token?.symbol ?? null, decimals: token?.decimals ?? null }
}

function readOne(raw: unknown, path: string, context: PermissionRequestContext): { request: PermissionRequest; token: PermissionToken } {
  if (!isPlainObject(raw)) throw bad(`${path} must be an object, got ${show(raw)}`)
  for (const key of Object.keys(raw)) if (!(FIELDS as readonly string[]).includes(key)) throw bad(`${path}.${key} is not a known field`)
  const type = raw.type
  if (!(PERMISSION_TYPES as readonly unknown[]).includes(type)) throw bad(`${path}.type must be one of ${PERMISSION_TYPES.map((t) => `'${t}'`).join(', ')}, got ${show(type)}`)
  const kind = type as SessionPermissionType
  const erc20 = kind.startsWith('erc20-')
  const periodic = kind.endsWith('-periodic')

  if (!isAddress(raw.to)) throw bad(`${path}.to must be an EVM address (0x and 40 hex digits, checksummed if mixed-case), got ${show(raw.to)}`)
  const chainId = readChainId(raw.chainId, `${path}.chainId`, context)

  let tokenAddress: string | undefined
  let token: PermissionToken
  if (erc20) {
    const t = readToken(raw.token, `${path}.token`)
    tokenAddress = t.address
    const known = permissionTokenOf(context, chainId, t.address)
    token = { symbol: t.symbol ?? known.symbol, decimals: t.decimals ?? known.decimals }
  } else {
    if (raw.token !== undefined) throw bad(`${path}.token is only for erc20 permissions; ${kind} spends the network's own coin`)
    token = permissionTokenOf(context, chainId, null)
  }

  const amount = readAmount(raw.amount, `${path}.amount`, token.decimals, erc20)
  let periodDuration: number | undefined
  if (periodic) {
    if (!Number.isSafeInteger(raw.period) || (raw.period as number) <= 0) throw bad(`${path}.period must be a whole number of seconds above 0 (86400 is a day), got ${show(raw.period)}`)
    periodDuration = raw.period as number
  } else if (raw.period !== undefined) {
    throw bad(`${path}.period is only for periodic permissions; ${kind} is an amount in total`)
  }
  const start = readTime(raw.start, `${path}.start`)
  const expiry = readTime(raw.expiry, `${path}.expiry`)
  if (start !== undefined && expiry !== undefined && expiry <= start) throw bad(`${path}.expiry must be after ${path}.start`)
  let justification: string | undefined
  if (raw.justification !== undefined) {
    if (typeof raw.justification !== 'string') throw bad(`${path}.justification must be a string, got ${show(raw.justification)}`)
    if (raw.justification.length > JUSTIFICATION_MAX) throw bad(`${path}.justification is at most ${JUSTIFICATION_MAX} characters, got ${raw.justification.length}`)
    if (raw.justification.trim() !== '') justification = raw.justification.trim()
  }
  if (raw.isAdjustmentAllowed !== undefined && typeof raw.isAdjustmentAllowed !== 'boolean') throw bad(`${path}.isAdjustmentAllowed must be a boolean, got ${show(raw.isAdjustmentAllowed)}`)

  const hex = `0x${amount.toString(16)}`
  const data: PermissionData = periodic ? { periodAmount: hex, periodDuration } : { allowanceAmount: hex }
  if (start !== undefined) data.startTime = start
  if (tokenAddress !== undefined) data.tokenAddress = tokenAddress
  if (justification !== undefined) data.justification = justification
  const request: PermissionRequest = {
    chainId: `0x${chainId.toString(16)}`,
    from: context.account,
    to: raw.to as string,
    permission: { type: kind, isAdjustmentAllowed: raw.isAdjustmentAllowed === true, data },
  }
  if (expiry !== undefined) request.rules = [{ type: 'expiry', data: { timestamp: expiry } }]
  return { request, token }
}

/** An EVM address as ERC-7715 writes it: with its 0x. */
function isAddress(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('0x') && isEvmAddress(value)
}

function readChainId(value: unknown, path: string, context: PermissionRequestContext): number {
  let id: number | undefined
  if (value === undefined) id = context.chainId
  else if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) id = value
  else if (typeof value === 'string' && CAIP2_EVM.test(value)) id = Number(CAIP2_EVM.exec(value)![1])
  if (id === undefined || !Number.isSafeInteger(id)) throw bad(`${path} must be a chain id (8453) or an EIP-155 CAIP-2 id ('eip155:8453'), got ${show(value)}`)
  if (context.networks.length > 0 && !context.networks.some((n) => n.chainId === id)) {
    throw bad(`${path} must be one of the modal's networks (${context.networks.map((n) => `eip155:${n.chainId}`).join(', ')}), got eip155:${id}`)
  }
  return id
}

function readToken(value: unknown, path: string): { address: string; symbol?: string; decimals?: number } {
  if (value === undefined) throw bad(`${path} is required for erc20 permissions: the token's address`)
  if (typeof value === 'string') {
    if (!isAddress(value)) throw bad(`${path} must be the token's address, got ${show(value)}`)
    return { address: value }
  }
  if (!isPlainObject(value)) throw bad(`${path} must be the token's address, or { address, symbol?, decimals? }, got ${show(value)}`)
  for (const key of Object.keys(value)) if (key !== 'address' && key !== 'symbol' && key !== 'decimals') throw bad(`${path}.${key} is not a known field`)
  if (!isAddress(value.address)) throw bad(`${path}.address must be the token's address, got ${show(value.address)}`)
  const out: { address: string; symbol?: string; decimals?: number } = { address: value.address }
  if (value.symbol !== undefined) {
    if (typeof value.symbol !== 'string' || value.symbol.trim() === '' || value.symbol.length > 32) throw bad(`${path}.symbol must be a short non-empty string, got ${show(value.symbol)}`)
    out.symbol = value.symbol.trim()
  }
  if (value.decimals !== undefined) {
    if (!Number.isSafeInteger(value.decimals) || (value.decimals as number) < 0 || (value.decimals as number) > 77) throw bad(`${path}.decimals must be a whole number from 0 to 77, got ${show(value.decimals)}`)
    out.decimals = value.decimals as number
  }
  return out
}

/** An amount in base units: a bigint as it is, a decimal string in whole units read with `decimals`. */
function readAmount(value: unknown, path: string, decimals: number | null, erc20: boolean): bigint {
  let amount: bigint
  if (typeof value === 'bigint') amount = value
  else if (typeof value === 'string') {
    if (decimals === null) {
      throw bad(`${path} is in whole units, and the token's decimals are unknown: pass token: { address, decimals }, or the amount in base units as a bigint`)
    }
    try {
      amount = BigInt(parseTokenUnits(value, decimals))
    } catch (error) {
      throw bad(`${path} must be a decimal amount in whole ${erc20 ? 'tokens' : 'coins'} ('0.01'): ${(error as Error).message}`)
    }
  } else {
    throw bad(`${path} must be a decimal string in whole units ('0.01') or a bigint in base units, got ${show(value)}`)
  }
  if (amount <= 0n || amount >= UINT256_LIMIT) throw bad(`${path} must be above 0 and below 2^256 base units, got ${show(value)}`)
  return amount
}

/** A time as unix seconds: a Date, or a whole number of seconds (milliseconds are refused, not guessed). */
function readTime(value: unknown, path: string): number | undefined {
  if (value === undefined) return undefined
  if (value instanceof Date) {
    const ms = value.getTime()
    if (!Number.isFinite(ms) || ms < 0) throw bad(`${path} must be a valid Date after 1970, got ${show(value)}`)
    return Math.floor(ms / 1000)
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    if (value >= MILLISECONDS_LIKELY) throw bad(`${path} must be unix seconds or a Date; ${value} looks like milliseconds`)
    return value
  }
  throw bad(`${path} must be a Date or unix seconds, got ${show(value)}`)
}

function bad(details: string): InvalidInputError {
  return new InvalidInputError('Invalid requestPermissions arguments', { details })
}
