/**
 * Which JSON-RPC methods the embedded wallet serves (spec §6): safe methods run without asking,
 * approval methods need the user's approval, anything else is rejected.
 */
import { RpcMethodNotAllowedError } from '../errors/domain.js'

/** Read-only queries, raw transaction sending, capability and status queries. */
export const SAFE_RPC_METHODS = /* @__PURE__ */ Object.freeze([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getAssets',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
] as const)

/** Methods that sign or send on the user's behalf and need approval. */
export const APPROVAL_RPC_METHODS = /* @__PURE__ */ Object.freeze([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const)

export type RpcMethodClass = 'safe' | 'approval'

const SAFE = new Set<string>(SAFE_RPC_METHODS)
const APPROVAL = new Set<string>(APPROVAL_RPC_METHODS)

/**
 * Classifies a JSON-RPC method as safe or needing approval; throws 'Requested RPC call is not
 * allowed' (`RpcMethodNotAllowedError`) for any other method (matching is exact and
 * case-sensitive), and for a method that is not text at all: requests come from outside, so
 * the argument is checked, not trusted.
 *
 * @example
 * classifyRpcMethod('eth_chainId') // 'safe'
 * classifyRpcMethod('personal_sign') // 'approval'
 * classifyRpcMethod('eth_sign') // throws
 */
export function classifyRpcMethod(method: string): RpcMethodClass {
  if (typeof method !== 'string') throw new RpcMethodNotAllowedError(method)
  if (SAFE.has(method)) return 'safe'
  if (APPROVAL.has(method)) return 'approval'
  throw new RpcMethodNotAllowedError(method)
}
