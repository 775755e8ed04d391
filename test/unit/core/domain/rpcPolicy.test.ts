import { describe, expect, it } from 'vitest'
import { APPROVAL_RPC_METHODS, SAFE_RPC_METHODS, classifyRpcMethod } from '../../../../src/core/domain/rpcPolicy.js'
import { RpcMethodNotAllowedError } from '../../../../src/core/errors/domain.js'

describe('RPC method policy', () => {
  it('lists the approval methods of spec §6', () => {
    expect([...APPROVAL_RPC_METHODS].sort()).toEqual(
      [
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
      ].sort(),
    )
  })

  it('the lists are disjoint and cover reads, raw sends, capabilities and status', () => {
    const safe = new Set<string>(SAFE_RPC_METHODS)
    for (const m of APPROVAL_RPC_METHODS) expect(safe.has(m)).toBe(false)
    for (const m of ['eth_call', 'eth_getBalance', 'eth_chainId', 'eth_sendRawTransaction', 'wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_showCallsStatus']) {
      expect(classifyRpcMethod(m)).toBe('safe')
    }
    for (const m of APPROVAL_RPC_METHODS) expect(classifyRpcMethod(m)).toBe('approval')
  })

  it('rejects anything else', () => {
    for (const m of ['eth_sign', 'eth_signTypedData', 'ETH_CALL', '', 'wallet_switchEthereumChain ', 'debug_traceTransaction']) {
      expect(() => classifyRpcMethod(m)).toThrow(RpcMethodNotAllowedError)
    }
    try {
      classifyRpcMethod('eth_sign')
    } catch (e) {
      const err = e as RpcMethodNotAllowedError
      expect(err.shortMessage).toMatchInlineSnapshot(`"Requested RPC call is not allowed"`)
      expect(err.details).toBe('eth_sign')
      expect(err.code).toBe(4200)
    }
  })
})

describe('RPC method policy on values that are not method names', () => {
  it('refuses them with its own error instead of a raw TypeError', () => {
    const values: unknown[] = [Object.create(null), { toString: () => 'eth_call' }, ['eth_call'], 42, null, undefined, Symbol('eth_call'), 10n, () => 'eth_call']
    for (const value of values) {
      let thrown: unknown
      try {
        classifyRpcMethod(value as string)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(RpcMethodNotAllowedError)
      expect((thrown as RpcMethodNotAllowedError).shortMessage).toBe('Requested RPC call is not allowed')
    }
    try {
      classifyRpcMethod(Object.create(null) as string)
    } catch (error) {
      expect((error as RpcMethodNotAllowedError).details).toBe('a method that is not text (object)')
    }
  })
})
