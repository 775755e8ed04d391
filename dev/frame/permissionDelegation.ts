// The delegation behind an ERC-7715 permission the embedded wallet's smart account grants: one
// delegation from the account to the session account, scoped by MetaMask's delegation framework
// (a native or ERC-20 period transfer, or a total amount) and bounded in time by its
// TimestampEnforcer; the ERC-7710 permission context that carries it; the call that disables it.
// Loaded with the smart account's code (the kit).

import { createDelegation, type Delegation, type SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import { DelegationManager } from '@metamask/smart-accounts-kit/contracts'
import { decodeDelegations, encodeDelegations, generateSalt, hashDelegation } from '@metamask/smart-accounts-kit/utils'
import type { Address, Hex } from 'viem'
import type { ParsedPermissionRequest } from './permissionRequests'
import type { OwnedSmartAccount, UserOperationCall } from './smartAccount'

/** A signed delegation for one permission, and what ERC-7715's response carries of it. */
export type PermissionGrant = {
  delegation: Delegation
  /** hashDelegation: the id DelegationManager disables it by */
  id: Hex
  /** ERC-7710 permission context: encodeDelegations([delegation]) */
  context: Hex
}

/**
 * Makes and signs the delegation of one permission from `smart` to the request's session account.
 * `startTime` is when the permission starts (Unix seconds: the request's own, else the chain's
 * time at the grant).
 *
 * @example
 * const { context } = await permissionDelegation(smart, parsed, 1_700_000_000)
 */
export async function permissionDelegation(smart: OwnedSmartAccount, request: ParsedPermissionRequest, startTime: number): Promise<PermissionGrant> {
  const environment = smart.environment
  const scope = permissionScope(request, startTime)
  // Time bounds beyond the scope's own: the expiry, and the start of a total amount (a period
  // transfer starts by itself). TimestampEnforcer lets a redemption through when
  // after < block.timestamp < before (0: no bound).
  const after = request.periodDuration === null && request.startTime !== null ? request.startTime - 1 : 0
  const before = request.expiry ?? 0
  const caveats = after > 0 || before > 0 ? [{ type: 'timestamp', afterThreshold: after, beforeThreshold: before } as const] : []
  const unsigned = createDelegation({ environment, from: smart.address, to: request.to, scope, caveats, salt: generateSalt() })
  const delegation: Delegation = { ...unsigned, signature: await smart.signDelegation(unsigned) }
  return { delegation, id: hashDelegation(delegation), context: encodeDelegations([delegation]) }
}

function permissionScope(request: ParsedPermissionRequest, startTime: number) {
  switch (request.type) {
    case 'native-token-periodic':
      return { type: 'nativeTokenPeriodTransfer', periodAmount: request.amount, periodDuration: request.periodDuration!, startDate: startTime } as const
    case 'erc20-token-periodic':
      return { type: 'erc20PeriodTransfer', tokenAddress: request.tokenAddress!, periodAmount: request.amount, periodDuration: request.periodDuration!, startDate: startTime } as const
    case 'native-token-allowance':
      return { type: 'nativeTokenTransferAmount', maxAmount: request.amount } as const
    case 'erc20-token-allowance':
      return { type: 'erc20TransferAmount', tokenAddress: request.tokenAddress!, maxAmount: request.amount } as const
  }
}

/**
 * The delegation a permission context carries (its first: the one this wallet signed), or null
 * when the context does not decode.
 *
 * @example
 * contextDelegation(response.context)?.delegate // the session account
 */
export function contextDelegation(context: Hex): Delegation | null {
  try {
    return decodeDelegations(context)[0] ?? null
  } catch {
    return null
  }
}

/**
 * The smart account's call that disables `delegation` at the network's DelegationManager.
 *
 * @example
 * await sendUserOperation(smart, [disableDelegationCall(smart.environment, delegation)])
 */
export function disableDelegationCall(environment: SmartAccountsEnvironment, delegation: Delegation): UserOperationCall {
  return { to: environment.DelegationManager, value: 0n, data: DelegationManager.encode.disableDelegation({ delegation }) }
}

/**
 * Whether DelegationManager has `delegation` disabled already (say, by this account from another device).
 *
 * @example
 * await isDelegationDisabled(smart, delegation) // false
 */
export function isDelegationDisabled(smart: OwnedSmartAccount, delegation: Delegation): Promise<boolean> {
  return DelegationManager.read.disabledDelegations({ client: smart.client, contractAddress: smart.environment.DelegationManager as Address, delegationHash: hashDelegation(delegation) })
}
