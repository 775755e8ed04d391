// The dev wallet's request execution (signing with the local key), without a relay or a chain.

import { recoverTypedDataAddress, toHex, verifyMessage, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { HARDHAT_ACCOUNT_0 } from '../../../dev/wallet/stackConfig'
import { describeRequest, executeRequest, NO_APPROVAL_METHODS, WALLET_METHODS, WalletRpcError, type RequestContext } from '../../../dev/wallet/walletRequests'

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
  })
})
