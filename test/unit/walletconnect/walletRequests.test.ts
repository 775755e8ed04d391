// The dev wallet's request execution (signing with the local key), without a relay or a chain.

import { encodeFunctionData, erc20Abi, recoverTypedDataAddress, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SMART_ACCOUNT_CONTRACTS } from '../../../dev/chain/smartAccountContracts'
import { startChains, type DevChains } from '../../../dev/chain/startChains'
import type { BatchRecord } from '../../../dev/wallet/batchedCalls'
import { HARDHAT_ACCOUNT_0, type StackChain } from '../../../dev/wallet/stackConfig'
import { describeRequest, executeRequest, NO_APPROVAL_METHODS, WALLET_METHODS, WalletRpcError, type RequestContext } from '../../../dev/wallet/walletRequests'
import { BLOCK_HASH, BUNDLE_TX, BUNDLER_URL, delegatedAccount, expectSponsoredOperation, fakeServices, PAYMASTER_URL, publicClient, USER_OP_HASH, userOperationLog } from '../../support/sponsoredServices'

const address = HARDHAT_ACCOUNT_0.address

function ctx(switched: string[] = []): RequestContext {
  return {
    account: HARDHAT_ACCOUNT_0,
    chain: { chainId: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:1' },
    sessionChains: ['eip155:31337', 'eip155:31338'],
    switchChain: async (c) => {
      switched.push(c)
    },
  }
}

async function codeOf(p: Promise<unknown>): Promise<number | undefined> {
  return p.then(
    () => undefined,
    (e: unknown) => (e instanceof WalletRpcError ? e.code : -1),
  )
}

describe('executeRequest', () => {
  it('personal_sign signs hex and plain messages with the local key', async () => {
    const sig = (await executeRequest({ method: 'personal_sign', params: [toHex('hello'), address] }, ctx())) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature: sig })).toBe(true)
    const plain = (await executeRequest({ method: 'personal_sign', params: ['hello', address.toLowerCase()] }, ctx())) as Hex
    expect(plain).toBe(sig)
  })

  it('eth_signTypedData_v4 accepts a JSON string with EIP712Domain in types', async () => {
    const doc = {
      domain: { name: 'Gangway', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Hello: [{ name: 'who', type: 'string' }],
      },
      primaryType: 'Hello',
      message: { who: 'world' },
    }
    const sig = (await executeRequest({ method: 'eth_signTypedData_v4', params: [address, JSON.stringify(doc)] }, ctx())) as Hex
    const recovered = await recoverTypedDataAddress({
      domain: doc.domain,
      types: { Hello: doc.types.Hello },
      primaryType: 'Hello',
      message: doc.message,
      signature: sig,
    })
    expect(recovered).toBe(address)
  })

  it('refuses other accounts, bad params and unknown methods with EIP-1193 codes', async () => {
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(await codeOf(executeRequest({ method: 'personal_sign', params: ['0x00', other] }, ctx()))).toBe(4100)
    expect(await codeOf(executeRequest({ method: 'personal_sign', params: 'nope' }, ctx()))).toBe(-32602)
    expect(await codeOf(executeRequest({ method: 'eth_signTypedData_v4', params: [address, '{bad'] }, ctx()))).toBe(-32602)
    expect(await codeOf(executeRequest({ method: 'eth_sendTransaction', params: [{ from: other, to: address }] }, ctx()))).toBe(4100)
    expect(await codeOf(executeRequest({ method: 'eth_sendTransaction', params: [{ to: 'x' }] }, ctx()))).toBe(-32602)
    expect(await codeOf(executeRequest({ method: 'eth_sendTransaction', params: [{ to: address, value: 'lots' }] }, ctx()))).toBe(-32602)
    expect(await codeOf(executeRequest({ method: 'eth_getBalance', params: [] }, ctx()))).toBe(4200)
  })

  it('wallet_switchEthereumChain switches within the session and answers 4902 outside it', async () => {
    const switched: string[] = []
    expect(await executeRequest({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }, ctx(switched))).toBeNull()
    expect(switched).toEqual(['eip155:31338'])
    expect(await codeOf(executeRequest({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }, ctx()))).toBe(4902)
    expect(await codeOf(executeRequest({ method: 'wallet_switchEthereumChain', params: [{ chainId: 5 }] }, ctx()))).toBe(-32602)
  })

  it('a transaction the node refuses comes back as -32603 with the reason', async () => {
    // Nothing listens on port 1.
    const code = await codeOf(executeRequest({ method: 'eth_sendTransaction', params: [{ from: address, to: address, value: '0x1' }] }, ctx()))
    expect(code).toBe(-32603)
  })
})

describe('EIP-5792 requests', () => {
  const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const sendCalls = (request: Record<string, unknown>) =>
    codeAndMessage(executeRequest({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: other }], ...request }] }, ctx()))
  async function codeAndMessage(p: Promise<unknown>) {
    return p.then(
      () => undefined,
      (e: unknown) => (e instanceof WalletRpcError ? { code: e.code, message: e.message } : { code: -1, message: String(e) }),
    )
  }

  it('are offered in the session; reads are answered without the approval card', () => {
    expect(WALLET_METHODS).toEqual(expect.arrayContaining(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus']))
    expect([...NO_APPROVAL_METHODS].sort()).toEqual(['wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_showCallsStatus'])
  })

  it('refuse what EIP-5792 refuses before reaching the node, with its codes and messages', async () => {
    expect(await sendCalls({ chainId: '0x7a6a' })).toEqual({ code: 5710, message: 'Unsupported chain id' })
    expect(await sendCalls({ capabilities: { paymasterService: {} } })).toEqual({ code: 5700, message: 'Unsupported non-optional capability' })
    expect(await sendCalls({ calls: Array.from({ length: 11 }, () => ({ to: other })) })).toEqual({ code: 5740, message: 'Bundle too large' })
    expect(await sendCalls({ from: other })).toMatchObject({ code: 4100 })
    expect(await sendCalls({ version: '1.0' })).toMatchObject({ code: -32602 })
    expect(await codeAndMessage(executeRequest({ method: 'wallet_getCallsStatus', params: ['0x01'] }, ctx()))).toEqual({ code: 5730, message: 'Unknown bundle id' })
    expect(await codeAndMessage(executeRequest({ method: 'wallet_getCapabilities', params: [other] }, ctx()))).toMatchObject({ code: 4100 })
  })
})

describe('sponsored batches (ERC-7677 paymasterService) of an account delegated to Simple7702Account', () => {
  // The chain is real (hardhat: EntryPoint 0.8, Simple7702Account, GUSD); the bundler and the
  // paymaster are fakes (test/support/sponsoredServices), as in the extension's tests.
  let dev: DevChains
  beforeAll(async () => {
    dev = await startChains()
  }, 120_000)
  afterAll(async () => {
    await dev?.stop()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const gusd = () => dev.tokens[0]!.address
  const fresh = () => privateKeyToAccount(generatePrivateKey()).address
  const transfer = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
  const withPaymaster = { paymasterService: { url: PAYMASTER_URL } }

  /** The WalletConnect wallet's context for `key` on the stack's chains, the first with the fake bundler when `bundler`. */
  function sponsoredCtx(key: Hex, options: { bundler: boolean }): RequestContext & { batches: Map<string, BatchRecord>; shown: { label: string; value: string }[][] } {
    const chains: StackChain[] = dev.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl, ...(options.bundler && chainId === 31337 ? { bundlerUrl: BUNDLER_URL } : {}) }))
    const shown: { label: string; value: string }[][] = []
    return {
      account: { address: privateKeyToAccount(key).address, privateKey: key },
      chain: chains[0]!,
      chains,
      sessionChains: chains.map((c) => `eip155:${c.chainId}`),
      switchChain: async () => undefined,
      batches: new Map(),
      showCallsStatus: (details) => shown.push(details),
      shown,
    }
  }
  const sendCalls = (ctx: RequestContext, request: Record<string, unknown>) =>
    executeRequest({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, ...request }] }, ctx) as Promise<{ id: string }>
  const error = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => (e instanceof WalletRpcError ? { code: e.code, message: e.message } : { code: -1, message: String(e) }),
    )

  it('wallet_sendCalls sends one user operation of the account with the paymaster’s data; the status is the user operation’s receipt', async () => {
    const { key, account } = await delegatedAccount(dev)
    const fake = fakeServices({ token: gusd() })
    const ctx = sponsoredCtx(key, { bundler: true })
    expect(await executeRequest({ method: 'wallet_getCapabilities', params: [account] }, ctx)).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      // No bundler known there: no paymaster either (and not delegated there).
      '0x7a6a': { atomic: { status: 'ready' } },
    })
    const nonce = await publicClient(dev.chains[0]!).getTransactionCount({ address: account })
    const calls = [
      { to: gusd(), data: transfer(fresh(), 1_000n) },
      { to: gusd(), data: transfer(fresh(), 2_000n) },
    ]
    // Two at once: the sends are serialised per account, so the second user operation is built once the first is sent (the paymaster calls do not interleave).
    const [{ id }] = await Promise.all([sendCalls(ctx, { calls, capabilities: withPaymaster }), sendCalls(ctx, { calls: calls.slice(0, 1), capabilities: withPaymaster })])

    expect(fake.sent).toHaveLength(2)
    await expectSponsoredOperation(fake.sent[0]!, account, calls)
    expect(fake.requests.filter((r) => r.service === 'paymaster').map((r) => [r.method, r.params[1], r.params[2]])).toEqual([
      ['pm_getPaymasterStubData', SMART_ACCOUNT_CONTRACTS.entryPoint08, '0x7a69'],
      ['pm_getPaymasterData', SMART_ACCOUNT_CONTRACTS.entryPoint08, '0x7a69'],
      ['pm_getPaymasterStubData', SMART_ACCOUNT_CONTRACTS.entryPoint08, '0x7a69'],
      ['pm_getPaymasterData', SMART_ACCOUNT_CONTRACTS.entryPoint08, '0x7a69'],
    ])
    // The wallet sent no transaction of its own.
    expect(await publicClient(dev.chains[0]!).getTransactionCount({ address: account })).toBe(nonce)

    expect(await executeRequest({ method: 'wallet_getCallsStatus', params: [id] }, ctx)).toEqual({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      atomic: true,
      status: 200,
      receipts: [{ logs: [userOperationLog(gusd())], status: '0x1', blockHash: BLOCK_HASH, blockNumber: '0x10', gasUsed: '0x5208', transactionHash: BUNDLE_TX }],
    })
    expect(ctx.batches.get(id)).toMatchObject({ hashes: [BUNDLE_TX], upgraded: false, userOperation: { hash: USER_OP_HASH, success: true } })
    expect(await executeRequest({ method: 'wallet_showCallsStatus', params: [id] }, ctx)).toBeNull()
    expect(ctx.shown[0]).toContainEqual({ label: 'User operation', value: USER_OP_HASH })
  })

  it('a bundler’s refusal is answered with its code and message, and keeps no batch', async () => {
    const { key } = await delegatedAccount(dev)
    fakeServices({ token: gusd(), refuse: { code: -32500, message: 'UserOperation reverted during simulation with reason: AA33 reverted' } })
    const ctx = sponsoredCtx(key, { bundler: true })
    expect(await error(sendCalls(ctx, { calls: [{ to: gusd(), data: transfer(fresh(), 1n) }], capabilities: withPaymaster }))).toEqual({
      code: -32500,
      message: 'UserOperation reverted during simulation with reason: AA33 reverted',
    })
    expect(ctx.batches.size).toBe(0)
  })

  it('without a bundler, or before the account is delegated, the paymaster is an unsupported capability (5700) and the capabilities do not offer it', async () => {
    const { key, account } = await delegatedAccount(dev)
    const fake = fakeServices({ token: gusd() })
    const calls = [{ to: gusd(), data: transfer(fresh(), 1n) }]
    const withoutBundler = sponsoredCtx(key, { bundler: false })
    expect(await executeRequest({ method: 'wallet_getCapabilities', params: [account, ['0x7a69']] }, withoutBundler)).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    expect(await error(sendCalls(withoutBundler, { calls, capabilities: withPaymaster }))).toEqual({ code: 5700, message: 'Unsupported non-optional capability' })

    const undelegatedKey = generatePrivateKey()
    const undelegated = sponsoredCtx(undelegatedKey, { bundler: true })
    const address = privateKeyToAccount(undelegatedKey).address
    expect(await executeRequest({ method: 'wallet_getCapabilities', params: [address, ['0x7a69']] }, undelegated)).toEqual({ '0x7a69': { atomic: { status: 'ready' } } })
    expect(await error(sendCalls(undelegated, { calls, capabilities: withPaymaster }))).toEqual({ code: 5700, message: 'Unsupported non-optional capability' })
    expect(fake.requests).toEqual([])
  })
})

describe('describeRequest', () => {
  it('summarises requests for the approval card', () => {
    expect(describeRequest('personal_sign', [toHex('Sign in'), address])).toBe('Sign message: Sign in')
    expect(describeRequest('personal_sign', ['0xff00', address])).toBe('Sign bytes: 0xff00')
    expect(describeRequest('eth_signTypedData_v4', [address, JSON.stringify({ primaryType: 'Mail', domain: { name: 'Ether Mail' } })])).toBe(
      'Sign typed data Mail for Ether Mail',
    )
    expect(describeRequest('eth_sendTransaction', [{ to: address, value: '0x1' }])).toBe(`Send transaction to ${address} value 0x1`)
    expect(describeRequest('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBe('Switch to chain 31338')
    expect(describeRequest('eth_signTypedData_v4', [address, '{broken'])).toBe('eth_signTypedData_v4')
    expect(describeRequest('wallet_sendCalls', [{ chainId: '0x7a69', calls: [{ to: address, value: '0x0' }], capabilities: { paymasterService: { url: 'http://paymaster.invalid/api' } } }])).toMatch(
      /^Send 1 call as one transaction on chain 31337: 1\. .+\. Network fee: paid by the app's paymaster \(paymaster\.invalid\)$/,
    )
  })
})
