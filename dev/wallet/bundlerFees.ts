import type { Hex } from 'viem'

/**
 * The fees per gas a bundler accepts for a user operation, from alto's
 * `pimlico_getUserOperationGasPrice` (its "fast" tier): the node's own suggestion may be below
 * what the bundler takes. `request` is a JSON-RPC call to the bundler.
 *
 * @example
 * createBundlerClient({ client, transport, userOperation: { estimateFeesPerGas: () => bundlerFeesPerGas(bundlerRpc) } })
 */
export async function bundlerFeesPerGas(request: (method: string, params: unknown[]) => Promise<unknown>): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
  const prices = (await request('pimlico_getUserOperationGasPrice', [])) as { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
  return { maxFeePerGas: BigInt(prices.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(prices.fast.maxPriorityFeePerGas) }
}
