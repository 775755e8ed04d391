import { getAddress, isAddress, type Address } from 'viem'
import { selectActiveConnection, selectIsConnected } from '../../core/selectors.js'
import type { ModalState } from '../../core/state.js'

/** Gangway's eip155 connection as wagmi sees a connection: checksummed accounts and a chain id. */
export type GangwayConnection = { accounts: readonly [Address, ...Address[]]; chainId: number }

/**
 * The active eip155 connection of a Gangway state, or null while nothing is connected there
 * (also when its accounts or chain are not EVM ones wagmi could use).
 *
 * @example
 * gangwayConnection(modal.getState()) // { accounts: ['0x7099…'], chainId: 31337 }
 */
export function gangwayConnection(state: ModalState): GangwayConnection | null {
  if (!selectIsConnected(state, 'eip155')) return null
  const connection = selectActiveConnection(state, 'eip155')
  if (!connection) return null
  const accounts = connection.accounts.map((a) => a.address).filter((address) => isAddress(address, { strict: false }))
  const chainId = evmChainIdOf(connection.caipNetworkId)
  if (accounts.length === 0 || chainId === null) return null
  return { accounts: [...new Set(accounts.map((a) => getAddress(a)))] as unknown as GangwayConnection['accounts'], chainId }
}

/** The chain id of an `eip155:<id>` CAIP-2 id, or null for anything else. */
export function evmChainIdOf(caipNetworkId: string | null | undefined): number | null {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caipNetworkId ?? '')
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) ? id : null
}

/** Whether two connections show wagmi the same accounts, in the same order. */
export function sameAccounts(a: readonly Address[], b: readonly Address[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
