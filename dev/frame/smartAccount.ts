// The embedded wallet's ERC-4337 smart account: a Hybrid DeleGator of MetaMask's delegation
// framework (EntryPoint 0.7) owned by the user's key. Counterfactual until its first user
// operation, which deploys it through the framework's SimpleFactory. It signs for itself:
// ERC-1271 once deployed, ERC-6492 before. Sends go to the network's bundler as user
// operations; a paymaster (ERC-7677) may pay for them. DOM-free: the frame hands in fetch.

import { Implementation, toMetaMaskSmartAccount, type Delegation, type SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import {
  createPublicClient,
  custom,
  decodeAbiParameters,
  decodeFunctionData,
  getAddress,
  hexToBigInt,
  size,
  slice,
  type Address,
  type Chain,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type Transport,
} from 'viem'
import { createBundlerClient, createPaymasterClient, type BundlerClient, type SmartAccount, type UserOperationReceipt } from 'viem/account-abstraction'
import { localChain } from '../chain/viemChain'
import { bundlerFeesPerGas } from '../wallet/bundlerFees'

/**
 * A network the wallet service runs smart accounts on: its bundler, optionally a sponsoring
 * paymaster, and the delegation framework's addresses there.
 */
export type SmartAccountNetwork = { chainId: number; bundlerUrl: string; paymasterUrl?: string; environment: SmartAccountsEnvironment }

/** One call of a user operation. */
export type UserOperationCall = { to: Address; value: bigint; data: Hex }

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

/**
 * What a transport never repeats: a node-signed send could happen twice. A signed user operation or
 * transaction carries its nonce, so a second copy of one the first attempt did submit is refused.
 */
const NOT_REPEATABLE = new Set(['eth_sendTransaction'])

/**
 * A JSON-RPC transport over the frame's fetch. An error with a JSON-RPC code is an answer (a
 * bundler's verdict on a user operation, ERC-7769), never repeated. A server's failure (an HTTP
 * 5xx without a code, as a bundler answers when its own node timed out, or no answer at all) is
 * tried again after `retryDelaysMs`.
 *
 * @example
 * const bundler = createBundlerClient({ client, transport: rpcTransport(bundlerUrl, fetch) })
 */
export function rpcTransport(url: string, fetch: Fetch, retryDelaysMs: readonly number[] = [500, 1_500]) {
  let id = 0
  const once = async (method: string, params: unknown): Promise<{ result?: unknown; error?: Error & { code?: number }; serverFailure: boolean }> => {
    let res: Response
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }) })
    } catch (cause) {
      return { error: Object.assign(new Error(`Could not reach ${url}`), { cause }), serverFailure: true }
    }
    const body = (await res.json().catch(() => ({}))) as { result?: unknown; error?: { code?: number; message?: string; data?: unknown } }
    if (body.error) {
      const error = Object.assign(new Error(body.error.message ?? 'RPC error'), { code: body.error.code, data: body.error.data })
      return { error, serverFailure: res.status >= 500 && typeof body.error.code !== 'number' }
    }
    if (!res.ok) return { error: new Error(`${url} answered ${res.status}`), serverFailure: res.status >= 500 }
    return { result: body.result, serverFailure: false }
  }
  return custom(
    {
      async request({ method, params }) {
        for (let attempt = 0; ; attempt++) {
          const answer = await once(method, params)
          if (!answer.error) return answer.result
          const delay = retryDelaysMs[attempt]
          if (!answer.serverFailure || NOT_REPEATABLE.has(method) || delay === undefined) throw answer.error
          await new Promise((resolve) => setTimeout(resolve, delay))
        }
      },
    },
    { retryCount: 0 },
  )
}

/** The smart account of one owner on one network, with the clients that read and send for it. */
export type OwnedSmartAccount = {
  account: SmartAccount
  address: Address
  client: PublicClient
  bundler: BundlerClient
  /** The user operation's paymaster, when the network has one and the send asks for it. */
  paymaster?: ReturnType<typeof createPaymasterClient>
  /** The delegation framework's addresses on the account's network. */
  environment: SmartAccountsEnvironment
  /** Signs a delegation from this account (EIP-712 for the network's DelegationManager), as the owner. */
  signDelegation(delegation: Omit<Delegation, 'signature'>): Promise<Hex>
}

/**
 * What a DeleGator's user operation calls: `execute((target, value, callData))` for one call, or
 * ERC-7579's `execute(mode, executionCalldata)` for a batch (or one packed execution).
 */
const executeAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'execution',
        type: 'tuple',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      { name: 'mode', type: 'bytes32' },
      { name: 'executionCalldata', type: 'bytes' },
    ],
    outputs: [],
  },
] as const

/**
 * The calls a DeleGator user operation's `callData` makes. Throws when `callData` is anything else.
 *
 * @example
 * decodeAccountCalls(userOperation.callData) // [{ to: '0x…', value: 1n, data: '0x' }]
 */
export function decodeAccountCalls(callData: Hex): UserOperationCall[] {
  const { args } = decodeFunctionData({ abi: executeAbi, data: callData })
  if (args.length === 1) {
    const [{ target, value, callData: data }] = args
    return [{ to: target, value, data }]
  }
  const [mode, execution] = args
  const callType = slice(mode, 0, 1)
  if (callType === '0x00') {
    if (size(execution) < 52) throw new Error('A single execution is at least 52 bytes')
    return [{ to: getAddress(slice(execution, 0, 20)), value: hexToBigInt(slice(execution, 20, 52)), data: size(execution) > 52 ? slice(execution, 52) : '0x' }]
  }
  if (callType === '0x01') {
    const [executions] = decodeAbiParameters([{ type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] }], execution)
    return executions.map(([to, value, data]) => ({ to, value, data }))
  }
  throw new Error(`Call type ${callType} is not one this wallet sends`)
}

/**
 * The Hybrid DeleGator of `owner` on a network (counterfactual address from the framework's
 * SimpleFactory, salt 0x). Reads go to the network's node, user operations to its bundler.
 *
 * @example
 * const smart = await embeddedSmartAccount({ owner, chainId: 31337, rpcUrl, bundlerUrl, environment, fetch })
 * const receipt = await sendUserOperation(smart, [{ to, value: 1n, data: '0x' }])
 */
export async function embeddedSmartAccount(options: {
  owner: LocalAccount
  chainId: number
  rpcUrl: string
  /** Reads through this transport instead of `rpcUrl` alone (the frame's fallback across every URL the app sent). */
  nodeTransport?: Transport
  bundlerUrl: string
  environment: SmartAccountsEnvironment
  fetch: Fetch
}): Promise<OwnedSmartAccount> {
  const { owner } = options
  const chain: Chain = localChain(options)
  const client = createPublicClient({ chain, transport: options.nodeTransport ?? rpcTransport(options.rpcUrl, options.fetch) })
  const account = await toMetaMaskSmartAccount({
    client,
    implementation: Implementation.Hybrid,
    // The owner's key alone: no passkeys (their key ids and P-256 coordinates stay empty).
    deployParams: [owner.address, [], [], []],
    deploySalt: '0x',
    signer: { account: owner },
    environment: options.environment,
  })
  const bundlerTransport = rpcTransport(options.bundlerUrl, options.fetch)
  const bundler = createBundlerClient({
    client,
    transport: bundlerTransport,
    // The bundler's own gas price (alto's `pimlico_getUserOperationGasPrice`): what it accepts,
    // where the node's suggestion may be below it.
    userOperation: {
      estimateFeesPerGas: () => bundlerFeesPerGas((method, params) => bundlerTransport({}).request({ method, params } as never)),
    },
  })
  return {
    account: account as unknown as SmartAccount,
    address: account.address,
    client,
    bundler,
    environment: options.environment,
    signDelegation: (delegation) => account.signDelegation({ delegation }),
  }
}

/**
 * Sends `calls` as one user operation (one call: `execute`; more: `executeBatch`, all or none),
 * sponsored when a paymaster URL is given, and waits for its receipt.
 *
 * @example
 * const receipt = await sendUserOperation(smart, calls, { paymasterUrl })
 * receipt.success // false when a call reverted (none took effect)
 */
export async function sendUserOperation(
  smart: OwnedSmartAccount,
  calls: UserOperationCall[],
  options: { paymasterUrl?: string; fetch?: Fetch; timeoutMs?: number } = {},
): Promise<UserOperationReceipt> {
  const paymaster = options.paymasterUrl && options.fetch ? createPaymasterClient({ transport: rpcTransport(options.paymasterUrl, options.fetch) }) : undefined
  const hash = await smart.bundler.sendUserOperation({ account: smart.account, calls, ...(paymaster ? { paymaster } : {}) })
  return smart.bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: options.timeoutMs ?? 60_000 })
}
