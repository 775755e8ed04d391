import type { SessionPermissionType } from '../../domain/permissionTypes.js'
import type { ModalState } from '../../state.js'
import type { PermissionGrant, PermissionStatus, PermissionsState } from './permissionsReducer.js'

type Hex = `0x${string}`

/**
 * A session permission (ERC-7715) as a host reads it (`modal.getPermissions()`,
 * `useGangwayPermissions()`, `modal.requestPermissions`' answer): what the session account may
 * spend, and what it redeems with (`context` through `delegationManager`, after deploying the
 * account with `dependencies` when it is not yet).
 */
export type SessionPermission = {
  /** The wallet's handle for the permission: what the session account redeems with, and what `revokePermission` takes. */
  context: Hex
  delegationManager: Hex
  /** Deployments the granting account needs first (`factory`, `factoryData`), if any. */
  dependencies: { factory: Hex; factoryData: Hex }[]
  chainId: number
  /** The account that granted it. */
  account: Hex
  /** The session account that may use it. */
  to: Hex
  type: SessionPermissionType
  /** What it spends: an ERC-20 token's address (null for the network's own coin), its symbol and decimals where the modal knows them. */
  token: { address: Hex | null; symbol: string | null; decimals: number | null }
  /** Up to this much (base units) each `period`, or in total for an allowance. */
  amount: bigint
  /** Seconds in a period (null: an allowance). */
  period: number | null
  start: Date | null
  /** Null: no end date. */
  expiry: Date | null
  justification: string | null
  grantedAt: Date
  status: PermissionStatus
}

/**
 * A grant as a host reads it.
 *
 * @example
 * toSessionPermission(state.permissions.grants[context]).amount // 10000000000000000n
 */
export function toSessionPermission(g: PermissionGrant): SessionPermission {
  return {
    context: g.context as Hex,
    delegationManager: g.delegationManager as Hex,
    dependencies: g.dependencies.map((d) => ({ factory: d.factory as Hex, factoryData: d.factoryData as Hex })),
    chainId: g.chainId,
    account: g.account as Hex,
    to: g.to as Hex,
    type: g.type,
    token: { address: g.tokenAddress as Hex | null, symbol: g.symbol, decimals: g.decimals },
    amount: BigInt(g.amount),
    period: g.period,
    start: g.start === null ? null : new Date(g.start * 1000),
    expiry: g.expiry === null ? null : new Date(g.expiry * 1000),
    justification: g.justification,
    grantedAt: new Date(g.grantedAt),
    status: g.status,
  }
}

// Keyed on the grants (a new object whenever one changes, a grant joins or leaves).
const made = new WeakMap<PermissionsState['grants'], SessionPermission[]>()
const NONE: SessionPermission[] = []

/**
 * Every granted permission the modal knows, oldest first, as a host reads them. The same list
 * while the grants are unchanged (so a hook re-renders only on a change).
 *
 * @example
 * selectSessionPermissions(modal.getState()).filter((p) => p.status === 'active')
 */
export function selectSessionPermissions(state: ModalState): SessionPermission[] {
  const slice = state.permissions
  if (!slice) return NONE
  let list = made.get(slice.grants)
  if (!list) made.set(slice.grants, (list = slice.order.map((context) => toSessionPermission(slice.grants[context]!))))
  return list
}
