/**
 * Session permissions (ERC-7715): what a wallet answers, read into the records the permissions
 * slice keeps. `wallet_requestExecutionPermissions` answers the requests with their grants
 * (`PermissionResponse[]`: the request plus `context`, `delegationManager`, `dependencies`);
 * `wallet_getGrantedExecutionPermissions` lists what the wallet has granted. Pure: the effects
 * and the fuzz campaign use it.
 */
import { isPlainObject, show } from '../../events/schema.js'
import { isEvmAddress } from '../address.js'
import { PERMISSION_TYPES, type SessionPermissionType } from '../permissionTypes.js'

/** A permission a wallet granted, JSON-safe: amounts in base units as decimal text, times in unix seconds. */
export type PermissionGrantRecord = {
  /** The wallet's handle for it (ERC-7715 `context`): what a session account redeems with, and what revoking names. */
  context: string
  delegationManager: string
  dependencies: { factory: string; factoryData: string }[]
  chainId: number
  /** The account that granted it (ERC-7715 `from`). */
  account: string
  /** The session account that may use it. */
  to: string
  type: SessionPermissionType
  /** The ERC-20 token it spends (null: the network's own coin). */
  tokenAddress: string | null
  /** Up to this much each period (periodic), or in total (allowance). */
  amount: string
  /** Seconds in a period (null: an allowance). */
  period: number | null
  start: number | null
  expiry: number | null
  justification: string | null
  isAdjustmentAllowed: boolean
}

/** The longest context the modal keeps (a delegation chain is a few kB). */
export const CONTEXT_MAX = 65_536

const HEX = /^0x[0-9a-fA-F]*$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const CHAIN_ID = /^0x[0-9a-fA-F]{1,13}$/

/**
 * The grants of a `wallet_requestExecutionPermissions` answer: one per request, each readable;
 * throws an Error saying what is wrong otherwise. `from` stands for a grant that does not name
 * its account.
 *
 * @example
 * readGrantedPermissions([{ chainId: '0x1', to, permission, context: '0x…', delegationManager, dependencies: [] }], account, 1)
 */
export function readGrantedPermissions(answer: unknown, from: string, expected: number): PermissionGrantRecord[] {
  if (!Array.isArray(answer)) throw new Error(`expected a list of granted permissions, got ${show(answer)}`)
  if (answer.length !== expected) throw new Error(`expected ${expected} granted permission(s), got ${answer.length}`)
  return answer.map((item, i) => readGrant(item, `[${i}]`, from))
}

/**
 * The grants a `wallet_getGrantedExecutionPermissions` answer lists for `from`: entries the
 * modal cannot read (a kind it does not show, junk) are left out. Throws only when the answer
 * is no list at all.
 *
 * @example
 * readListedPermissions(await provider.request({ method: 'wallet_getGrantedExecutionPermissions' }), account)
 */
export function readListedPermissions(answer: unknown, from: string): PermissionGrantRecord[] {
  if (!Array.isArray(answer)) throw new Error(`expected a list of granted permissions, got ${show(answer)}`)
  const out: PermissionGrantRecord[] = []
  const seen = new Set<string>()
  for (let i = 0; i < answer.length && i < 1_000; i++) {
    try {
      const grant = readGrant(answer[i], `[${i}]`, from)
      // Another account's grants are the other account's business.
      if (grant.account.toLowerCase() !== from.toLowerCase() || seen.has(grant.context)) continue
      seen.add(grant.context)
      out.push(grant)
    } catch {
      // A kind of permission the modal does not show, or an entry it cannot read: left out.
    }
  }
  return out
}

function readGrant(item: unknown, path: string, from: string): PermissionGrantRecord {
  if (!isPlainObject(item)) throw new Error(`${path} must be an object, got ${show(item)}`)
  const { context, delegationManager, dependencies, chainId, to, permission, rules } = item
  if (typeof context !== 'string' || !HEX.test(context) || context.length < 4 || context.length > CONTEXT_MAX) throw new Error(`${path}.context must be hex data, got ${show(context)}`)
  if (!address(delegationManager)) throw new Error(`${path}.delegationManager must be an address, got ${show(delegationManager)}`)
  if (typeof chainId !== 'string' || !CHAIN_ID.test(chainId) || Number(chainId) <= 0) throw new Error(`${path}.chainId must be a 0x chain id, got ${show(chainId)}`)
  if (!address(to)) throw new Error(`${path}.to must be an address, got ${show(to)}`)
  const account = item.from === undefined || item.from === null ? from : item.from
  if (!address(account)) throw new Error(`${path}.from must be an address, got ${show(item.from)}`)
  const deps = dependencies === undefined || dependencies === null ? [] : dependencies
  if (!Array.isArray(deps) || deps.length > 16) throw new Error(`${path}.dependencies must be a list, got ${show(dependencies)}`)
  const readDeps = deps.map((d, j) => {
    if (!isPlainObject(d) || !address(d.factory) || typeof d.factoryData !== 'string' || !HEX.test(d.factoryData) || d.factoryData.length > CONTEXT_MAX) {
      throw new Error(`${path}.dependencies[${j}] must be { factory, factoryData }, got ${show(d)}`)
    }
    return { factory: d.factory, factoryData: d.factoryData }
  })
  if (!isPlainObject(permission)) throw new Error(`${path}.permission must be an object, got ${show(permission)}`)
  const type = permission.type
  if (!(PERMISSION_TYPES as readonly unknown[]).includes(type)) throw new Error(`${path}.permission.type is not one the modal shows: ${show(type)}`)
  const data = permission.data
  if (!isPlainObject(data)) throw new Error(`${path}.permission.data must be an object, got ${show(data)}`)
  const periodic = (type as string).endsWith('-periodic')
  const erc20 = (type as string).startsWith('erc20-')
  const amount = quantity(periodic ? data.periodAmount : data.allowanceAmount, `${path}.permission.data.${periodic ? 'periodAmount' : 'allowanceAmount'}`)
  let period: number | null = null
  if (periodic) {
    if (!Number.isSafeInteger(data.periodDuration) || (data.periodDuration as number) <= 0) throw new Error(`${path}.permission.data.periodDuration must be seconds, got ${show(data.periodDuration)}`)
    period = data.periodDuration as number
  }
  let tokenAddress: string | null = null
  if (erc20) {
    if (!address(data.tokenAddress)) throw new Error(`${path}.permission.data.tokenAddress must be an address, got ${show(data.tokenAddress)}`)
    tokenAddress = data.tokenAddress
  }
  const start = seconds(data.startTime, `${path}.permission.data.startTime`)
  const justification = typeof data.justification === 'string' && data.justification.trim() !== '' ? data.justification.slice(0, 1_000) : null
  return {
    context,
    delegationManager,
    dependencies: readDeps,
    chainId: Number(chainId),
    account,
    to,
    type: type as SessionPermissionType,
    tokenAddress,
    amount,
    period,
    start,
    expiry: expiryOf(rules, path),
    justification,
    isAdjustmentAllowed: permission.isAdjustmentAllowed === true,
  }
}

function address(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('0x') && isEvmAddress(value)
}

function quantity(value: unknown, path: string): string {
  if (typeof value !== 'string' || !QUANTITY.test(value)) throw new Error(`${path} must be a 0x amount, got ${show(value)}`)
  return BigInt(value).toString()
}

function seconds(value: unknown, path: string): number | null {
  if (value === undefined || value === null) return null
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new Error(`${path} must be unix seconds, got ${show(value)}`)
  return value as number
}

/** The expiry rule's time, if the grant has one (other rules are the wallet's). */
function expiryOf(rules: unknown, path: string): number | null {
  if (rules === undefined || rules === null) return null
  if (!Array.isArray(rules)) throw new Error(`${path}.rules must be a list, got ${show(rules)}`)
  for (const rule of rules) {
    if (isPlainObject(rule) && rule.type === 'expiry') return seconds(isPlainObject(rule.data) ? rule.data.timestamp : undefined, `${path}.rules.expiry`)
  }
  return null
}
