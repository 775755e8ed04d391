// EIP-5792 batches whose network fee the app's paymaster pays (ERC-7677 `paymasterService`), for
// a wallet whose EOA is delegated by EIP-7702 to Simple7702Account. Such an account is an
// ERC-4337 account on EntryPoint 0.8, so the batch goes to a bundler as one user operation of the
// account itself (`executeBatch`, all calls or none) with the paymaster's data: the account needs
// no ETH. The wallet hands in its JSON-RPC functions for the node, the bundler and the paymaster.
import { createPublicClient, custom, type Address, type Hex, type PrivateKeyAccount } from 'viem'
import { estimateFeesPerGas } from 'viem/actions'
import { createBundlerClient, createPaymasterClient, toSimple7702SmartAccount } from 'viem/account-abstraction'
import { SMART_ACCOUNT_CONTRACTS } from '../chain/smartAccountContracts'
import { localChain } from '../chain/viemChain'
import { bundlerFeesPerGas } from './bundlerFees'
import { atomicStatus, describeCall, type BatchRecord, type CallsRpc, type PreparedBatch } from './batchedCalls'

/** How long a sponsored batch may take to reach its receipt. */
const RECEIPT_TIMEOUT_MS = 60_000

const transportOf = (rpc: CallsRpc) => custom({ request: ({ method, params }) => rpc(method, (params ?? []) as unknown[]) }, { retryCount: 0 })

/**
 * Sends an approved batch with a paymaster (`batch.paymasterUrl`, reached through `paymaster`) as
 * one user operation of the delegated EOA through `bundler`, and waits for its receipt. The record
 * names the bundle transaction and the user operation (whose `success` says whether the calls
 * applied: the bundle transaction succeeds either way). Callers serialise sends: two user
 * operations prepared together would read the same EntryPoint nonce.
 *
 * @example
 * const record = await sendSponsoredBatch(batch, { rpc, bundler, paymaster, owner: privateKeyToAccount(key) })
 * record.userOperation // { hash: '0x…', success: true }
 */
export async function sendSponsoredBatch(
  batch: PreparedBatch,
  wallet: { rpc: CallsRpc; bundler: CallsRpc; paymaster: CallsRpc; owner: PrivateKeyAccount; symbol?: string; timeoutMs?: number },
): Promise<BatchRecord> {
  const chain = localChain({ chainId: batch.chainId, nativeCurrency: { name: 'Ether', symbol: wallet.symbol ?? 'ETH', decimals: 18 } })
  const client = createPublicClient({ chain, transport: transportOf(wallet.rpc) })
  const account = await toSimple7702SmartAccount({ client, owner: wallet.owner, implementation: SMART_ACCOUNT_CONTRACTS.simple7702Account })
  const bundler = createBundlerClient({
    client,
    transport: transportOf(wallet.bundler),
    paymaster: createPaymasterClient({ transport: transportOf(wallet.paymaster) }),
    userOperation: {
      // The bundler's own gas price where it tells it (alto: what it accepts, where the node's
      // suggestion may be below it); the node's otherwise.
      async estimateFeesPerGas() {
        try {
          return await bundlerFeesPerGas(wallet.bundler)
        } catch {
          const fees = await estimateFeesPerGas(client)
          return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }
        }
      },
    },
  })
  const hash = await bundler.sendUserOperation({ account, calls: batch.calls })
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: wallet.timeoutMs ?? RECEIPT_TIMEOUT_MS })
  return {
    id: batch.id,
    chainId: batch.chainId,
    atomic: true,
    hashes: [receipt.receipt.transactionHash],
    calls: batch.calls.map((call) => describeCall(call, wallet.symbol)),
    upgraded: false,
    userOperation: { hash: receipt.userOpHash, success: receipt.success },
  }
}

/**
 * Whether the app's paymaster can pay for a batch of `address`: only as a user operation, so the
 * account must be delegated to Simple7702Account (an ERC-4337 account then) on a chain whose
 * bundler the wallet knows. Pass the result as `prepareSendCalls`' `paymasterService`.
 *
 * @example
 * const paymasterService = await sponsorable(rpc, account.address, bundler)
 */
export async function sponsorable(rpc: CallsRpc, address: Address, bundler: CallsRpc | undefined): Promise<boolean> {
  return bundler !== undefined && (await atomicStatus(rpc, address).catch(() => 'unsupported' as const)) === 'supported'
}

/**
 * `callsStatus`' options for a chain: a sponsored batch's status comes from its user operation's
 * receipt, which the chain's bundler keeps.
 *
 * @example
 * const status = await callsStatus(record, rpc, userOperationReceipts(bundler))
 */
export function userOperationReceipts(bundler: CallsRpc | undefined): { userOperationReceipt?: (hash: Hex) => Promise<unknown> } {
  return bundler === undefined ? {} : { userOperationReceipt: (hash) => bundler('eth_getUserOperationReceipt', [hash]) }
}
