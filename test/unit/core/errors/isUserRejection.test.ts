import { UserRejectedRequestError as ViemUserRejected, TransactionExecutionError, BaseError } from 'viem'
import { describe, expect, it } from 'vitest'
import { toEvmError } from '../../../../src/adapters/evm/evmErrors'
import { toWalletConnectError } from '../../../../src/adapters/walletconnect/walletConnectErrors'
import { GangwayError, serializeError } from '../../../../src/core/errors/base'
import { ModalClosedError } from '../../../../src/core/errors/connection'
import { deserializeError } from '../../../../src/core/errors/deserializeError'
import { isUserRejection } from '../../../../src/core/errors/isUserRejection'
import { WalletRejectedError } from '../../../../src/core/errors/wallet'
import { SAMPLES } from './errorSamples'

const rpc = (code: number, message = 'no') => Object.assign(new Error(message), { code })

describe('isUserRejection', () => {
  it('Gangway errors: only a WalletRejectedError (as mapped by either adapter, or rebuilt from an event)', () => {
    expect(SAMPLES.filter(isUserRejection).map((e) => e.name)).toEqual(['WalletRejectedError'])
    expect(isUserRejection(toEvmError(rpc(4001), 'signMessage'))).toBe(true)
    expect(isUserRejection(toWalletConnectError({ code: 5002, message: 'User rejected methods.' }, 'connect'))).toBe(true)
    expect(isUserRejection(deserializeError(serializeError(new WalletRejectedError('Error signing message'))))).toBe(true)
    expect(isUserRejection(new ModalClosedError())).toBe(false)
    expect(isUserRejection(toEvmError(rpc(-32002), 'connect'))).toBe(false)
  })

  it('serialized errors from events: by kind, or by a rejection code', () => {
    expect(isUserRejection(serializeError(new WalletRejectedError('Connection rejected')))).toBe(true)
    expect(isUserRejection({ name: 'WalletRejectedError', shortMessage: 'Connection rejected', kind: 'WALLET_REJECTED' })).toBe(true)
    expect(isUserRejection({ name: 'Error', shortMessage: 'User rejected.', code: 4001 })).toBe(true)
    expect(isUserRejection({ name: 'ModalClosedError', shortMessage: 'Modal closed', kind: 'MODAL_CLOSED' })).toBe(false)
    expect(isUserRejection({ name: 'WalletRejectedError', shortMessage: 'Connection rejected' })).toBe(false)
  })

  it('raw wallet errors: EIP-1193 4001 and WalletConnect 5000–5003, also nested', () => {
    expect(isUserRejection({ code: 4001, message: 'User rejected the request.' })).toBe(true)
    for (const code of [5000, 5001, 5002, 5003]) expect(isUserRejection({ code, message: 'User rejected.' }), String(code)).toBe(true)
    expect(isUserRejection(new ViemUserRejected(new Error('denied')))).toBe(true)
    const viemWrapped = new TransactionExecutionError(new BaseError('x', { cause: new ViemUserRejected(new Error('denied')) }), {} as never)
    expect(isUserRejection(viemWrapped)).toBe(true)
    expect(isUserRejection({ code: -32603, data: { originalError: { code: 4001 } } })).toBe(true)
    expect(isUserRejection(new GangwayError('Failed to disconnect', { cause: rpc(4001) }))).toBe(true)
  })

  it('anything else is false, and it never throws', () => {
    for (const value of [undefined, null, 0, 4001, 'User rejected', {}, [], rpc(4100), rpc(5100), { code: '4001' }, { kind: 'wallet_rejected' }]) {
      expect(isUserRejection(value), JSON.stringify(value) ?? String(value)).toBe(false)
    }
    const loop: { cause?: unknown; code: number } = { code: 1 }
    loop.cause = loop
    expect(isUserRejection(loop)).toBe(false)
    const hostile = new Proxy({}, { get: () => { throw new Error('trap') } })
    expect(isUserRejection(hostile)).toBe(false)
    let deep: { cause?: unknown; code?: number } = { code: 4001 }
    for (let i = 0; i < 10_000; i++) deep = { cause: deep }
    expect(isUserRejection(deep)).toBe(false)
  })
})
