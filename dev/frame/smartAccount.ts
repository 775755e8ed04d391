// The embedded wallet's ERC-4337 smart account: a SimpleAccount (EntryPoint 0.7) owned by the
// user's key, made by SimpleAccountFactory 0.7 at its canonical address. Counterfactual until its
// first user operation, which deploys it (the factory call travels in that operation). Sends go
// to the network's bundler as user operations; a paymaster (ERC-7677) may pay for them.
// DOM-free: the frame hands in fetch.

import { createPublicClient, custom, decodeFunctionData, defineChain, encodeFunctionData, type Address, type Chain, type Hex, type LocalAccount, type PublicClient } from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Abi,
  getUserOperationHash,
  toSmartAccount,
  type BundlerClient,
  type SmartAccount,
  type UserOperationReceipt,
} from 'viem/account-abstraction'
import { SMART_ACCOUNT_CONTRACTS } from '../chain/smartAccountContracts'

/** A network the wallet service runs smart accounts on: its bundler and, optionally, a sponsoring paymaster. */
export type SmartAccountNetwork = { chainId: number; bundlerUrl: string; paymasterUrl?: string }

/** One call of a user operation. */
export type UserOperationCall = { to: Address; value: bigint; data: Hex }

const simpleAccountFactoryAbi = [
  {
    type: 'function',
    name: 'createAccount',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ name: 'ret', type: 'address' }],
  },
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'address' }],
  },
] as const

const simpleAccountAbi = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'dest', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'func', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'dest', type: 'address[]' },
      { name: 'value', type: 'uint256[]' },
      { name: 'func', type: 'bytes[]' },
    ],
    outputs: [],
  },
] as const

/**
 * A signature-shaped placeholder for gas estimation: 65 bytes with a low `s`, so the account's
 * ECDSA recovery yields some other address (validation fails softly) instead of reverting.
 */
const STUB_SIGNATURE: Hex = `0x${'f'.repeat(31)}0${'0'.repeat(31)}7${'a'.repeat(63)}1c`

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

/** A JSON-RPC transport over the frame's fetch (no retries: an error is an answer). */
function rpcTransport(url: string, fetch: Fetch) {
  let id = 0
  return custom(
    {
      async request({ method, params }) {
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }) })
        const body = (await res.json()) as { result?: unknown; error?: { code?: number; message?: string; data?: unknown } }
        if (body.error) throw Object.assign(new Error(body.error.message ?? 'RPC error'), { code: body.error.code, data: body.error.data })
        return body.result
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
}

/**
 * The SimpleAccount of `owner` on a network (its counterfactual address is the factory's
 * `getAddress(owner, 0)`). Reads go to the network's node, user operations to its bundler.
 *
 * @example
 * const smart = await simpleSmartAccount({ owner, chainId: 31337, rpcUrl, bundlerUrl, fetch })
 * const receipt = await sendUserOperation(smart, [{ to, value: 1n, data: '0x' }])
 */
export async function simpleSmartAccount(options: { owner: LocalAccount; chainId: number; rpcUrl: string; bundlerUrl: string; fetch: Fetch }): Promise<OwnedSmartAccount> {
  const { owner } = options
  const chain: Chain = defineChain({
    id: options.chainId,
    name: `chain ${options.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: rpcTransport(options.rpcUrl, options.fetch) })
  const factory = SMART_ACCOUNT_CONTRACTS.simpleAccountFactory07
  const factoryData = encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, 0n] })
  const address = await client.readContract({ address: factory, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, 0n] })
  const account = await toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: SMART_ACCOUNT_CONTRACTS.entryPoint07, version: '0.7' },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return { factory, factoryData }
    },
    async encodeCalls(calls) {
      if (calls.length === 1) {
        const [call] = calls
        return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [call!.to, call!.value ?? 0n, call!.data ?? '0x'] })
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: simpleAccountAbi, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      const [dest, values, funcs] = decoded.args
      return dest.map((to, i) => ({ to, value: values[i] ?? 0n, data: funcs[i] ?? '0x' }))
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    // SimpleAccount checks the owner's EIP-191 signature of the user operation's hash.
    async signUserOperation(userOperation) {
      const { chainId = options.chainId, ...rest } = userOperation
      const hash = getUserOperationHash({ chainId, entryPointAddress: SMART_ACCOUNT_CONTRACTS.entryPoint07, entryPointVersion: '0.7', userOperation: { ...rest, sender: address } })
      return owner.signMessage({ message: { raw: hash } })
    },
    async signMessage({ message }) {
      return owner.signMessage({ message })
    },
    async signTypedData(typedData) {
      return owner.signTypedData(typedData as never)
    },
  })
  const bundlerTransport = rpcTransport(options.bundlerUrl, options.fetch)
  const bundler = createBundlerClient({
    client,
    transport: bundlerTransport,
    // The bundler's own gas price (alto's `pimlico_getUserOperationGasPrice`): what it accepts,
    // where the node's suggestion may be below it.
    userOperation: {
      async estimateFeesPerGas() {
        const prices = (await bundlerTransport({}).request({ method: 'pimlico_getUserOperationGasPrice', params: [] })) as { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
        return { maxFeePerGas: BigInt(prices.fast.maxFeePerGas), maxPriorityFeePerGas: BigInt(prices.fast.maxPriorityFeePerGas) }
      },
    },
  })
  return { account, address: account.address, client, bundler }
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
