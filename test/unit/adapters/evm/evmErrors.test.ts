import { describe, expect, it } from 'vitest'
import { UserRejectedRequestError as ViemUserRejected, InternalRpcError as ViemInternal, SwitchChainError } from 'viem'
import { isUnrecognizedChainError, providerErrorCode, toEvmError } from '../../../../src/adapters/evm/evmErrors'
import {
  WalletChainDisconnectedError,
  WalletDisconnectedError,
  WalletInternalError,
  WalletInvalidParamsError,
  WalletJsonRpcVersionUnsupportedError,
  WalletRejectedError,
  WalletResourceUnavailableError,
  WalletRpcError,
  WalletUnauthorizedError,
  WalletUnrecognizedChainError,
  WalletUnsupportedMethodError,
} from '../../../../src/core/errors/wallet'
import { ModalClosedError } from '../../../../src/core/errors/connection'
import { serializeError } from '../../../../src/core/errors/base'

const rpcError = (code: number, message = 'wallet says no') => Object.assign(new Error(message), { code })

describe('toEvmError', () => {
  it('a rejected connect is "Connection rejected"; any other failed connect "Failed to connect"', () => {
    expect(serializeError(toEvmError(rpcError(4001, 'User rejected the request.'), 'connect'))).toMatchInlineSnapshot(`
      {
        "code": 4001,
        "details": "User rejected the request.",
        "kind": "WALLET_REJECTED",
        "name": "WalletRejectedError",
        "shortMessage": "Connection rejected",
      }
    `)
    expect(serializeError(toEvmError(rpcError(-32002, 'Request already pending'), 'connect'))).toMatchInlineSnapshot(`
      {
        "code": -32002,
        "details": "Request already pending",
        "kind": "WALLET_RESOURCE_UNAVAILABLE",
        "name": "WalletResourceUnavailableError",
        "shortMessage": "Failed to connect",
      }
    `)
    expect(toEvmError(new TypeError('boom'), 'connect').shortMessage).toBe('Failed to connect')
  })

  it('each EIP-1193 and JSON-RPC code has its class and static code', () => {
    const cases: [number, typeof WalletRpcError][] = [
      [4001, WalletRejectedError],
      [4100, WalletUnauthorizedError],
      [4200, WalletUnsupportedMethodError],
      [4900, WalletDisconnectedError],
      [4901, WalletChainDisconnectedError],
      [4902, WalletUnrecognizedChainError],
      [-32602, WalletInvalidParamsError],
      [-32603, WalletInternalError],
      [-32002, WalletResourceUnavailableError],
      [-32006, WalletJsonRpcVersionUnsupportedError],
    ]
    for (const [code, Type] of cases) {
      const error = toEvmError(rpcError(code), 'sendTransaction')
      expect(error).toBeInstanceOf(Type)
      expect(Type.code).toBe(code)
      expect(error.code).toBe(code)
    }
  })

  it('outside connect, disconnect and signing the code\'s meaning is the message', () => {
    expect([4001, 4100, 4200, 4900, 4901, 4902, -32700, -32600, -32601, -32000, -32001, -32003, -32004, -32005].map((c) => toEvmError(rpcError(c), 'switchNetwork').shortMessage))
      .toMatchInlineSnapshot(`
        [
          "User rejected the request",
          "Unauthorized",
          "Unsupported method",
          "Provider disconnected",
          "Chain disconnected",
          "Unrecognized chain",
          "Parse error",
          "Invalid request",
          "Method not found",
          "Invalid input",
          "Resource not found",
          "Transaction rejected",
          "Method not supported",
          "Limit exceeded",
        ]
      `)
    expect(toEvmError(rpcError(12345), 'sendTransaction').shortMessage).toBe('Something went wrong')
    expect(toEvmError(rpcError(4001), 'signMessage').shortMessage).toBe('Error signing message')
    expect(toEvmError(rpcError(4001), 'signTypedData').shortMessage).toBe('Error signing message')
    expect(toEvmError(rpcError(4900), 'disconnect').shortMessage).toBe('Failed to disconnect')
  })

  it('reads the code through viem\'s wrapping and MetaMask\'s nested originalError', () => {
    const wrapped = new ViemUserRejected(rpcError(4001) as never)
    expect(toEvmError(wrapped, 'connect')).toBeInstanceOf(WalletRejectedError)
    const nested = Object.assign(new Error('Internal'), { code: -32603, data: { originalError: { code: 4902, message: 'Unrecognized chain ID "0x7a6a".' } } })
    expect(providerErrorCode(nested)).toBe(4902)
    expect(providerErrorCode(new ViemInternal(rpcError(4902) as never))).toBe(4902)
    expect(providerErrorCode(new ViemInternal(rpcError(-32603) as never))).toBe(-32603)
    expect(providerErrorCode('nope')).toBeUndefined()
  })

  it('Gangway errors pass through unchanged', () => {
    const error = new ModalClosedError()
    expect(toEvmError(error, 'connect')).toBe(error)
  })
})

describe('isUnrecognizedChainError', () => {
  it('4902 anywhere, or a wallet\'s "unrecognized chain" words', () => {
    expect(isUnrecognizedChainError(new SwitchChainError(rpcError(4902) as never))).toBe(true)
    expect(isUnrecognizedChainError(rpcError(-32603, 'Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.'))).toBe(true)
    expect(isUnrecognizedChainError(rpcError(4001))).toBe(false)
    expect(isUnrecognizedChainError(undefined)).toBe(false)
  })
})
