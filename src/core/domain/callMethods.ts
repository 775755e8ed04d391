import { decodeFunctionData, erc20Abi, erc721Abi, type Hex } from 'viem'
import type { Call } from './calls.js'

/** The ABIs whose methods a batch's review names: ERC-20's and ERC-721's. */
const KNOWN_ABIS = [erc20Abi, erc721Abi] as const

/** One call of a batch as the visitor reviews it: where it goes, the native value it sends, the method where the ABI is known. */
export type CallReview = { to: string; value: bigint; method: string | null; data: boolean }

/**
 * What a call does, for ApproveTransaction: its value (0 when absent, negative or unreadable: a
 * wallet refuses such a call anyway) and its method's name when the data decodes with a known ABI
 * (viem's `decodeFunctionData`), else null ("Contract call" when there is data).
 *
 * @example
 * reviewCall({ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args }) }).method // 'transfer'
 */
export function reviewCall(call: Call): CallReview {
  let value = 0n
  try {
    value = call.value ? BigInt(call.value) : 0n
    if (value < 0n) value = 0n
  } catch {
    value = 0n
  }
  const data = typeof call.data === 'string' && /^0x[0-9a-fA-F]{8,}$/.test(call.data) ? (call.data as Hex) : null
  let method: string | null = null
  if (data) {
    for (const abi of KNOWN_ABIS) {
      try {
        method = decodeFunctionData({ abi, data }).functionName
        break
      } catch {
        // not this ABI's
      }
    }
  }
  return { to: call.to, value, method, data: data !== null }
}

