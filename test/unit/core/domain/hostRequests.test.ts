import { describe, expect, it } from 'vitest'
import { hostAnswerError, hostRequestError } from '../../../../src/core/domain/hostRequests.js'

const to = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('hostRequestError', () => {
  it('applies the transaction rules to eth_sendTransaction and wallet_sendTransaction', () => {
    for (const method of ['eth_sendTransaction', 'wallet_sendTransaction']) {
      expect(hostRequestError(method, [{ to, gasPrice: '0x1', maxFeePerGas: '0x1' }])).toMatchObject({ name: 'TransactionRuleError' })
      expect(hostRequestError(method, [{ to, value: '0x1' }])).toBeNull()
    }
  })

  it('leaves params with no transaction object to the wallet', () => {
    for (const params of [undefined, [], ['0x1'], { to }, [null]]) expect(hostRequestError('eth_sendTransaction', params)).toBeNull()
  })

  it("applies the wallet_sendCalls shape check: 'Invalid wallet_sendCalls request'", () => {
    expect(hostRequestError('wallet_sendCalls', [{ calls: [{ to: 'nope' }] }])).toMatchObject({ name: 'InvalidSendCallsError', shortMessage: 'Invalid wallet_sendCalls request', details: 'calls[0].to must start with 0x' })
    expect(hostRequestError('wallet_sendCalls', [{ calls: [{ to, data: '0x' }] }])).toBeNull()
  })

  it('covers no other method, whatever its params', () => {
    for (const method of ['personal_sign', 'eth_call', 'wallet_watchAsset', 'eth_sendRawTransaction']) {
      expect(hostRequestError(method, [{ to, gasPrice: '0x1', maxFeePerGas: '0x1', calls: 'x' }])).toBeNull()
    }
  })
})

describe('hostAnswerError', () => {
  it('a transaction hash for transactions, a signature for personal_sign and typed data; nothing else is looked at', () => {
    expect(hostAnswerError('eth_sendTransaction', '0x12')).toMatchObject({ shortMessage: 'Something went wrong' })
    expect(hostAnswerError('wallet_sendTransaction', `0x${'ab'.repeat(32)}`)).toBeNull()
    expect(hostAnswerError('personal_sign', '0x12')).toMatchObject({ shortMessage: 'Error signing message' })
    expect(hostAnswerError('eth_signTypedData_v4', `0x${'ab'.repeat(65)}`)).toBeNull()
    expect(hostAnswerError('wallet_sendCalls', { id: 'x' })).toBeNull()
    expect(hostAnswerError('eth_call', 'junk')).toBeNull()
  })
})
