// A fake ERC-4337 bundler and ERC-7677 paymaster for the dev wallets' sponsored batches, and an
// account delegated to Simple7702Account on a real local chain. The fakes answer the wallet's
// JSON-RPC the way alto and an ERC-7677 service do, so the user operation the wallet builds and
// signs is checked as it is sent; everything else (the node) goes out as usual.

import { createPublicClient, createWalletClient, decodeFunctionData, defineChain, erc20Abi, http, recoverTypedDataAddress, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { formatUserOperation, getUserOperationTypedData, type RpcUserOperation } from 'viem/account-abstraction'
import { expect, vi } from 'vitest'
import { SMART_ACCOUNT_CONTRACTS, simple7702AccountAbi } from '../../dev/chain/smartAccountContracts'
import type { DevChain, DevChains } from '../../dev/chain/startChains'

export const BUNDLER_URL = 'http://bundler.invalid/rpc'
export const PAYMASTER_URL = 'http://paymaster.invalid/api'
export const PAYMASTER = '0x00000000000000000000000000000000000000Aa' as Address
export const USER_OP_HASH = `0x${'11'.repeat(32)}` as Hex
export const BUNDLE_TX = `0x${'22'.repeat(32)}` as Hex
export const BLOCK_HASH = `0x${'33'.repeat(32)}` as Hex
/** The log the user operation itself emitted (the first token's address), as its receipt lists it. */
export const userOperationLog = (token: Address) => ({ address: token, topics: [`0x${'44'.repeat(32)}`], data: '0x01' })

export type FakeServices = { requests: { service: 'bundler' | 'paymaster'; method: string; params: unknown[] }[]; sent: RpcUserOperation[] }

const fresh = () => privateKeyToAccount(generatePrivateKey()).address

/**
 * Routes BUNDLER_URL and PAYMASTER_URL (global fetch, stubbed: undo with vi.unstubAllGlobals) to
 * the fakes. `token` is the address the user operation's log names.
 *
 * @example
 * const fake = fakeServices({ token: dev.tokens[0]!.address })
 */
export function fakeServices(options: { token: Address; success?: boolean; refuse?: { code: number; message: string } }): FakeServices {
  const fake: FakeServices = { requests: [], sent: [] }
  const realFetch = globalThis.fetch
  const opLog = userOperationLog(options.token)
  const answer = (service: 'bundler' | 'paymaster', method: string, params: unknown[]): { result: unknown } | { error: { code: number; message: string } } => {
    if (service === 'paymaster' && method === 'pm_getPaymasterStubData') {
      return { result: { paymaster: PAYMASTER, paymasterData: '0x01', paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x1' } }
    }
    if (service === 'paymaster' && method === 'pm_getPaymasterData') return { result: { paymaster: PAYMASTER, paymasterData: '0xfeed' } }
    if (service === 'bundler' && method === 'pimlico_getUserOperationGasPrice') {
      const price = { maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' }
      return { result: { slow: price, standard: price, fast: price } }
    }
    if (service === 'bundler' && method === 'eth_estimateUserOperationGas') {
      return { result: { preVerificationGas: '0xc350', verificationGasLimit: '0x186a0', callGasLimit: '0x30d40', paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x1' } }
    }
    if (service === 'bundler' && method === 'eth_sendUserOperation') {
      if (options.refuse) return { error: options.refuse }
      fake.sent.push(params[0] as RpcUserOperation)
      return { result: USER_OP_HASH }
    }
    if (service === 'bundler' && method === 'eth_getUserOperationReceipt') {
      const op = fake.sent[0]
      if (op === undefined) return { result: null }
      const success = options.success ?? true
      const otherLog = { address: fresh(), topics: [], data: '0x' }
      return {
        result: {
          userOpHash: USER_OP_HASH,
          entryPoint: SMART_ACCOUNT_CONTRACTS.entryPoint08,
          sender: op.sender,
          nonce: op.nonce,
          paymaster: PAYMASTER,
          actualGasCost: '0x1234',
          actualGasUsed: '0x5208',
          success,
          reason: '0x',
          logs: success ? [{ ...opLog, logIndex: '0x1', transactionHash: BUNDLE_TX, blockHash: BLOCK_HASH, blockNumber: '0x10' }] : [],
          receipt: {
            transactionHash: BUNDLE_TX,
            transactionIndex: '0x0',
            blockHash: BLOCK_HASH,
            blockNumber: '0x10',
            from: fresh(),
            to: SMART_ACCOUNT_CONTRACTS.entryPoint08,
            cumulativeGasUsed: '0x30000',
            gasUsed: '0x30000',
            contractAddress: null,
            // The bundle transaction's logs include the EntryPoint's own and other user operations'.
            logs: [otherLog, opLog].map((log, i) => ({ ...log, logIndex: toHex(i), transactionHash: BUNDLE_TX, blockHash: BLOCK_HASH, blockNumber: '0x10' })),
            logsBloom: `0x${'00'.repeat(256)}`,
            status: '0x1',
            effectiveGasPrice: '0x1',
            type: '0x2',
          },
        },
      }
    }
    return { error: { code: -32601, message: `Method ${method} is not supported` } }
  }
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input)
    const service = url === BUNDLER_URL ? 'bundler' : url === PAYMASTER_URL ? 'paymaster' : undefined
    if (service === undefined) return realFetch(input as string, init)
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] }
    fake.requests.push({ service, method: body.method, params: body.params })
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, ...answer(service, body.method, body.params) }), { headers: { 'content-type': 'application/json' } })
  })
  return fake
}

export function publicClient(chain: DevChain) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  return createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) })
}

/**
 * A fresh key on the first chain, delegated to Simple7702Account by the treasury's EIP-7702
 * transaction, holding 0 ETH and 100 of the first token.
 *
 * @example
 * const { key, account } = await delegatedAccount(dev)
 */
export async function delegatedAccount(dev: DevChains): Promise<{ key: Hex; account: Address }> {
  const key = generatePrivateKey()
  const owner = privateKeyToAccount(key)
  const chain = dev.chains[0]!
  const viemChain = defineChain({ id: chain.chainId, name: chain.name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain.rpcUrl] } } })
  const treasury = createWalletClient({ account: privateKeyToAccount(dev.treasury.privateKey), chain: viemChain, transport: http(chain.rpcUrl) })
  const authorization = await treasury.signAuthorization({ account: owner, contractAddress: SMART_ACCOUNT_CONTRACTS.simple7702Account })
  await publicClient(chain).waitForTransactionReceipt({ hash: await treasury.sendTransaction({ authorizationList: [authorization], to: owner.address }), pollingInterval: 50 })
  const funding = await treasury.writeContract({ address: dev.tokens[0]!.address, abi: erc20Abi, functionName: 'transfer', args: [owner.address, 100_000_000n] })
  await publicClient(chain).waitForTransactionReceipt({ hash: funding, pollingInterval: 50 })
  return { key, account: owner.address }
}

/**
 * Checks a user operation as the fake bundler received it: from `account` itself, running `calls`
 * with `executeBatch` (all or none), carrying the paymaster's final data, signed by the account's
 * owner (EntryPoint 0.8, chain 31337).
 *
 * @example
 * await expectSponsoredOperation(fake.sent[0]!, account, calls)
 */
export async function expectSponsoredOperation(sent: RpcUserOperation, account: Address, calls: { to: Address; data: Hex }[]) {
  const op = formatUserOperation(sent)
  expect(op.sender).toBe(account)
  expect(decodeFunctionData({ abi: simple7702AccountAbi, data: op.callData })).toEqual({
    functionName: 'executeBatch',
    args: [calls.map((call) => ({ target: call.to, value: 0n, data: call.data }))],
  })
  expect({ paymaster: op.paymaster, paymasterData: op.paymasterData }).toEqual({ paymaster: PAYMASTER, paymasterData: '0xfeed' })
  const typedData = getUserOperationTypedData({ chainId: 31337, entryPointAddress: SMART_ACCOUNT_CONTRACTS.entryPoint08 as Address, userOperation: op })
  expect(await recoverTypedDataAddress({ ...typedData, signature: op.signature })).toBe(account)
  return op
}
