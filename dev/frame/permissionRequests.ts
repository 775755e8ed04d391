// ERC-7715 execution permissions as the embedded wallet's smart account grants them: what an app's
// `wallet_requestExecutionPermissions` asks for, checked field by field before anything is shown
// or signed; the prompt's lines; the permissions kept in the frame's storage. Kit-free (viem
// only): the delegation itself is made by ./permissionDelegation once the user approved.

import type { PermissionResponse, PermissionTypes } from '@metamask/7715-permission-types'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatEther, formatUnits, getAddress, numberToHex, type Address, type Hex } from 'viem'

/** The permission types this wallet grants (ERC-7715 names), each made of the framework's caveats. */
export const SUPPORTED_PERMISSION_TYPES = ['native-token-periodic', 'erc20-token-periodic', 'native-token-allowance', 'erc20-token-allowance'] as const
export type SupportedPermissionType = (typeof SUPPORTED_PERMISSION_TYPES)[number]

/** The rule types this wallet honours. */
export const SUPPORTED_RULE_TYPES = ['expiry'] as const

/** The caveat enforcers (names in the kit's environment) each permission type is made of. */
export const PERMISSION_ENFORCERS: Record<SupportedPermissionType, readonly string[]> = {
  'native-token-periodic': ['NativeTokenPeriodTransferEnforcer', 'ExactCalldataEnforcer', 'TimestampEnforcer'],
  'erc20-token-periodic': ['ERC20PeriodTransferEnforcer', 'ValueLteEnforcer', 'TimestampEnforcer'],
  'native-token-allowance': ['NativeTokenTransferAmountEnforcer', 'ExactCalldataEnforcer', 'TimestampEnforcer'],
  'erc20-token-allowance': ['ERC20TransferAmountEnforcer', 'ValueLteEnforcer', 'TimestampEnforcer'],
}

/** At most this many permissions in one request: each is one line group of one prompt. */
export const MAX_PERMISSION_REQUESTS = 10
/** Longest justification shown. */
export const MAX_JUSTIFICATION_LENGTH = 500
/** The last second the framework's TimestampEnforcer accepts (9999-12-31T23:59:59Z). */
export const MAX_TIMESTAMP = 253_402_300_799
/** The framework's open-delegation address: a delegation to it may be redeemed by anyone. */
export const ANY_BENEFICIARY: Address = '0x0000000000000000000000000000000000000a11'

/** A refusal of a permission request, with its JSON-RPC / EIP-1193 code. */
export class PermissionRequestError extends Error {
  constructor(
    message: string,
    readonly code: number = -32602,
  ) {
    super(message)
    this.name = 'PermissionRequestError'
  }
}

/** One checked request: amounts as bigint, addresses checksummed, times in seconds. */
export type ParsedPermissionRequest = {
  chainId: number
  to: Address
  type: SupportedPermissionType
  isAdjustmentAllowed: boolean
  /** periodAmount (periodic types) or allowanceAmount (allowance types), in the token's smallest unit. */
  amount: bigint
  /** hex as the app sent it (echoed back unchanged) */
  amountHex: Hex
  /** Seconds per period; null for the allowance types (one amount in total). */
  periodDuration: number | null
  /** When the permission starts (Unix seconds); null: when it is granted. */
  startTime: number | null
  /** When it ends (the expiry rule's timestamp, Unix seconds); null: never. */
  expiry: number | null
  tokenAddress: Address | null
  justification: string | null
}

export type PermissionRequestContext = {
  /** The network the wallet is on: every request must be for it. */
  chainId: number
  /** The smart account that grants. */
  account: Address
  /** The permission types the network's framework deployment can make. */
  supportedTypes: readonly SupportedPermissionType[]
}

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const isAddress = (v: unknown): v is Hex => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)
const isSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= MAX_TIMESTAMP
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/**
 * Checks `wallet_requestExecutionPermissions` params (an array of ERC-7715 `PermissionRequest`s)
 * against the wallet's network and smart account. Throws `PermissionRequestError` (-32602, naming
 * the request and field; 4100 for a `from` that is not the smart account) on the first problem.
 *
 * @example
 * parsePermissionRequests([{ chainId: '0x7a69', to, permission: { type: 'native-token-periodic', isAdjustmentAllowed: false,
 *   data: { periodAmount: '0x2386f26fc10000', periodDuration: 86400 } } }], { chainId: 31337, account, supportedTypes })
 */
export function parsePermissionRequests(params: unknown, context: PermissionRequestContext): ParsedPermissionRequest[] {
  if (!Array.isArray(params)) throw new PermissionRequestError('Expected an array of permission requests')
  if (params.length === 0) throw new PermissionRequestError('Expected at least one permission request')
  if (params.length > MAX_PERMISSION_REQUESTS) throw new PermissionRequestError(`Too many permission requests: at most ${MAX_PERMISSION_REQUESTS} at once`)
  return params.map((request, i) => parseRequest(request, i + 1, context))
}

function parseRequest(request: unknown, n: number, context: PermissionRequestContext): ParsedPermissionRequest {
  const invalid = (field: string, why: string) => new PermissionRequestError(`Invalid permission request ${n}: "${field}" ${why}`)
  if (!isObject(request)) throw new PermissionRequestError(`Invalid permission request ${n}: expected an object`)

  const { chainId, from, to, permission, rules } = request
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId)) throw invalid('chainId', 'must be a hex chain id')
  const chain = Number.parseInt(chainId.slice(2), 16)
  if (chain !== context.chainId) throw invalid('chainId', `is ${chainId}: the wallet is on chain ${numberToHex(context.chainId)}, switch to it first`)

  if (from !== undefined && from !== null) {
    if (!isAddress(from)) throw invalid('from', 'must be an address')
    if (from.toLowerCase() !== context.account.toLowerCase()) throw new PermissionRequestError(`Unknown account ${from}: permissions are granted by the smart account ${context.account}`, 4100)
  }

  if (!isAddress(to)) throw invalid('to', 'must be an address')
  if (to === ZERO_ADDRESS) throw invalid('to', 'must not be the zero address')
  if (to.toLowerCase() === ANY_BENEFICIARY) throw invalid('to', 'is the open-delegation address: a permission is granted to one account')
  if (to.toLowerCase() === context.account.toLowerCase()) throw invalid('to', 'is the smart account itself')

  if (!isObject(permission)) throw invalid('permission', 'must be an object')
  const { type, isAdjustmentAllowed, data } = permission
  if (typeof type !== 'string' || type.length === 0) throw invalid('permission.type', 'must be a permission type')
  if (!(SUPPORTED_PERMISSION_TYPES as readonly string[]).includes(type) || !context.supportedTypes.includes(type as SupportedPermissionType)) {
    throw new PermissionRequestError(`Unsupported permission type: ${type.slice(0, 64)}`)
  }
  const kind = type as SupportedPermissionType
  if (isAdjustmentAllowed !== undefined && typeof isAdjustmentAllowed !== 'boolean') throw invalid('permission.isAdjustmentAllowed', 'must be true or false')
  if (!isObject(data)) throw invalid('permission.data', 'must be an object')

  const periodic = kind === 'native-token-periodic' || kind === 'erc20-token-periodic'
  const amountField = periodic ? 'periodAmount' : 'allowanceAmount'
  const amountHex = data[amountField]
  if (typeof amountHex !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(amountHex)) throw invalid(`permission.data.${amountField}`, 'must be a hex amount (at most 32 bytes)')
  const amount = BigInt(amountHex)
  if (amount === 0n) throw invalid(`permission.data.${amountField}`, 'must be more than 0')

  let periodDuration: number | null = null
  if (periodic) {
    const d = data.periodDuration
    if (typeof d !== 'number' || !Number.isSafeInteger(d) || d <= 0) throw invalid('permission.data.periodDuration', 'must be a whole number of seconds above 0')
    periodDuration = d
  }

  let startTime: number | null = null
  if (data.startTime !== undefined && data.startTime !== null) {
    if (!isSeconds(data.startTime)) throw invalid('permission.data.startTime', `must be a Unix time in seconds (1 to ${MAX_TIMESTAMP})`)
    startTime = data.startTime
  }

  let tokenAddress: Address | null = null
  if (kind === 'erc20-token-periodic' || kind === 'erc20-token-allowance') {
    if (!isAddress(data.tokenAddress)) throw invalid('permission.data.tokenAddress', 'must be an address')
    if (data.tokenAddress === ZERO_ADDRESS) throw invalid('permission.data.tokenAddress', 'must not be the zero address')
    tokenAddress = getAddress(data.tokenAddress)
  }

  let justification: string | null = null
  if (data.justification !== undefined && data.justification !== null) {
    if (typeof data.justification !== 'string') throw invalid('permission.data.justification', 'must be text')
    if (data.justification.length > MAX_JUSTIFICATION_LENGTH) throw invalid('permission.data.justification', `is longer than ${MAX_JUSTIFICATION_LENGTH} characters`)
    justification = data.justification
  }

  let expiry: number | null = null
  if (rules !== undefined && rules !== null) {
    if (!Array.isArray(rules)) throw invalid('rules', 'must be an array')
    rules.forEach((rule, r) => {
      if (!isObject(rule)) throw invalid(`rules[${r}]`, 'must be an object')
      if (typeof rule.type !== 'string') throw invalid(`rules[${r}].type`, 'must be a rule type')
      if (rule.type !== 'expiry') throw new PermissionRequestError(`Unsupported rule type: ${rule.type.slice(0, 64)}`)
      if (expiry !== null) throw invalid(`rules[${r}]`, 'is a second expiry rule')
      const timestamp = isObject(rule.data) ? rule.data.timestamp : undefined
      if (!isSeconds(timestamp)) throw invalid(`rules[${r}].data.timestamp`, `must be a Unix time in seconds (1 to ${MAX_TIMESTAMP})`)
      expiry = timestamp
    })
  }
  if (expiry !== null && startTime !== null && expiry <= startTime) throw invalid('rules', 'expiry must be after permission.data.startTime')

  return { chainId: chain, to: getAddress(to), type: kind, isAdjustmentAllowed: isAdjustmentAllowed === true, amount, amountHex: amountHex as Hex, periodDuration, startTime, expiry, tokenAddress, justification }
}

/**
 * Refuses a request whose expiry has passed by `now` (the chain's time, Unix seconds).
 *
 * @example
 * assertNotExpired(parsed, 1_700_000_000)
 */
export function assertNotExpired(requests: readonly ParsedPermissionRequest[], now: number): void {
  requests.forEach((request, i) => {
    if (request.expiry !== null && request.expiry <= now) {
      throw new PermissionRequestError(`Invalid permission request ${i + 1}: "rules" expiry ${formatTime(request.expiry)} has passed`)
    }
  })
}

/** What the prompt says about a token: read from the chain (ERC-20 symbol() and decimals()). */
export type TokenInfo = { symbol: string; decimals: number }

/**
 * Symbol and decimals of each ERC-20 token the requests name, read with `call` (an `eth_call` on
 * the request's network). A token that does not answer both is refused (-32602); a node that
 * could not be asked (-32603) is not the request's fault, and its error passes through.
 *
 * @example
 * const tokens = await readTokenInfos(requests, { network: 'Local', call: (to, data) => rpc('eth_call', [{ to, data }, 'latest']) })
 */
export async function readTokenInfos(
  requests: readonly ParsedPermissionRequest[],
  options: { network: string; call: (to: Address, data: Hex) => Promise<Hex> },
): Promise<Map<Address, TokenInfo>> {
  const tokens = new Map<Address, TokenInfo>()
  for (const [i, request] of requests.entries()) {
    const token = request.tokenAddress
    if (!token || tokens.has(token)) continue
    try {
      const [symbol, decimals] = await Promise.all([
        options.call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })).then((data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data })),
        options.call(token, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })).then((data) => decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data })),
      ])
      tokens.set(token, { symbol: displaySymbol(symbol), decimals })
    } catch (e) {
      if ((e as { code?: unknown } | null)?.code === -32603) throw e
      throw new PermissionRequestError(`Invalid permission request ${i + 1}: "permission.data.tokenAddress" ${token} is not an ERC-20 token on ${options.network}`)
    }
  }
  return tokens
}

/**
 * "every 1 day", "every 2 hours", …: a period in the largest unit that divides it.
 *
 * @example
 * formatPeriod(86_400) // 'every 1 day'
 */
export function formatPeriod(seconds: number): string {
  const units: [number, string][] = [
    [604_800, 'week'],
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ]
  const [size, name] = units.find(([s]) => seconds % s === 0)!
  const count = seconds / size
  return `every ${count} ${name}${count === 1 ? '' : 's'}`
}

/**
 * A Unix time (seconds) as the prompt shows it.
 *
 * @example
 * formatTime(0) // '1970-01-01 00:00:00 UTC'
 */
export function formatTime(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/**
 * The permission in a sentence: "Spend up to 0.01 ETH every 1 day", "Spend up to 5 GUSD in total".
 *
 * @example
 * permissionSummary(parsed, null) // 'Spend up to 0.01 ETH every 1 day'
 */
export function permissionSummary(request: ParsedPermissionRequest, token: TokenInfo | null): string {
  const amount = token ? `${formatUnits(request.amount, token.decimals)} ${token.symbol}` : `${formatEther(request.amount)} ETH`
  return `Spend up to ${amount} ${request.periodDuration === null ? 'in total' : formatPeriod(request.periodDuration)}`
}

/** A token symbol safe to show: printable, short. */
export function displaySymbol(symbol: string): string {
  const clean = symbol.replace(/[^\x20-\x7e]/g, '').trim().slice(0, 16)
  return clean || '(no symbol)'
}

/**
 * The grant prompt's lines for each request (numbered when there are several).
 *
 * @example
 * grantPromptDetails(parsed, { tokens, account: 'Smart account 0x…', network: 'Local' })
 */
export function grantPromptDetails(
  requests: readonly ParsedPermissionRequest[],
  context: { tokens: ReadonlyMap<Address, TokenInfo>; account: string; network: string },
): { label: string; value: string }[] {
  const many = requests.length > 1
  const lines = requests.flatMap((request, i) => {
    const label = (name: string) => (many ? `${name} ${i + 1}` : name)
    const token = request.tokenAddress ? (context.tokens.get(request.tokenAddress) ?? null) : null
    return [
      { label: label('Permission'), value: permissionSummary(request, token) },
      ...(request.tokenAddress && token ? [{ label: label('Token'), value: `${token.symbol} ${request.tokenAddress}` }] : []),
      { label: label('To'), value: request.to },
      { label: label('Starts'), value: request.startTime === null ? 'Now' : formatTime(request.startTime) },
      { label: label('Until'), value: request.expiry === null ? 'No end date' : formatTime(request.expiry) },
      { label: label('Justification'), value: request.justification ?? 'None given' },
    ]
  })
  return [...lines, { label: 'Account', value: context.account }, { label: 'Network', value: context.network }]
}

/** An ERC-7715 permission response, as this wallet answers and keeps it. */
export type GrantedPermissionResponse = PermissionResponse<PermissionTypes>

/**
 * The request as the response echoes it: chain id and addresses normalised, `from` the smart
 * account, `startTime` the moment it starts (the grant's, when the app gave none), `rules` [] when none.
 */
export function echoRequest(request: ParsedPermissionRequest, from: Address, startTime: number): Omit<GrantedPermissionResponse, 'context' | 'dependencies' | 'delegationManager'> {
  const common = { startTime, ...(request.justification !== null ? { justification: request.justification } : {}) }
  const token = request.tokenAddress as Hex
  const period = request.periodDuration as number
  const data =
    request.type === 'native-token-periodic'
      ? { periodAmount: request.amountHex, periodDuration: period, ...common }
      : request.type === 'erc20-token-periodic'
        ? { periodAmount: request.amountHex, periodDuration: period, tokenAddress: token, ...common }
        : request.type === 'native-token-allowance'
          ? { allowanceAmount: request.amountHex, ...common }
          : { allowanceAmount: request.amountHex, tokenAddress: token, ...common }
  return {
    chainId: numberToHex(request.chainId),
    from,
    to: request.to,
    permission: { type: request.type, isAdjustmentAllowed: request.isAdjustmentAllowed, data } as PermissionTypes,
    rules: request.expiry === null ? [] : [{ type: 'expiry', data: { timestamp: request.expiry } }],
  }
}

/** A granted permission as the frame keeps it (per user and smart account). */
export type StoredPermission = {
  /** The delegation's hash: what DelegationManager knows it by. */
  id: Hex
  chainId: number
  status: 'active' | 'revoked'
  /** ms since the epoch */
  grantedAt: number
  revokedAt?: number
  /** The transaction of the user operation that disabled it (absent when it was found disabled already). */
  revokedIn?: Hex
  /** What the grant prompt said it allows, shown again when revoking. */
  summary: string
  response: GrantedPermissionResponse
}

/**
 * Whether a stored entry is one this wallet can use. Stored data is not trusted: anything else is
 * left in storage untouched and ignored.
 */
export function isStoredPermission(v: unknown): v is StoredPermission {
  if (!isObject(v)) return false
  const r = v.response
  return (
    typeof v.id === 'string' &&
    /^0x[0-9a-fA-F]{64}$/.test(v.id) &&
    typeof v.chainId === 'number' &&
    (v.status === 'active' || v.status === 'revoked') &&
    typeof v.grantedAt === 'number' &&
    typeof v.summary === 'string' &&
    isObject(r) &&
    typeof r.context === 'string' &&
    /^0x[0-9a-fA-F]*$/.test(r.context) &&
    isAddress(r.to) &&
    isAddress(r.delegationManager) &&
    isObject(r.permission) &&
    Array.isArray(r.dependencies)
  )
}

/**
 * A revoke request's params: `{ permissionContext }` (ERC-7715's `wallet_revokeExecutionPermission`),
 * or that object first in an array. Null when the params carry no `permissionContext`.
 *
 * @example
 * revokeRequest([{ permissionContext: '0x…' }]) // { permissionContext: '0x…' }
 * revokeRequest([{ eth_accounts: {} }]) // null
 */
export function revokeRequest(params: unknown): { permissionContext: unknown } | null {
  const first = Array.isArray(params) ? params[0] : params
  return isObject(first) && 'permissionContext' in first ? { permissionContext: first.permissionContext } : null
}

/**
 * The permission types a network's framework deployment can make: those whose caveat enforcers
 * it has, with a DelegationManager.
 *
 * @example
 * supportedPermissionTypes(environment) // ['native-token-periodic', …]
 */
export function supportedPermissionTypes(environment: { DelegationManager?: unknown; caveatEnforcers?: Record<string, unknown> }): SupportedPermissionType[] {
  if (!isAddress(environment.DelegationManager)) return []
  const enforcers = environment.caveatEnforcers ?? {}
  return SUPPORTED_PERMISSION_TYPES.filter((type) => PERMISSION_ENFORCERS[type].every((name) => isAddress(enforcers[name])))
}

/** The expiry (Unix seconds) of a granted permission's rules; null when it has none. */
export function responseExpiry(response: GrantedPermissionResponse): number | null {
  const rule = (response.rules ?? []).find((r) => r.type === 'expiry')
  const timestamp = rule && isObject(rule.data) ? rule.data.timestamp : undefined
  return typeof timestamp === 'number' ? timestamp : null
}
