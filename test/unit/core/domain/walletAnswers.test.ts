import { describe, expect, it } from 'vitest'
import { isSignedMessage, isTransactionHash, walletAnswerError } from '../../../../src/core/domain/walletAnswers.js'
import { WalletInvalidResponseError } from '../../../../src/core/errors/wallet.js'

describe('hashes and signatures', () => {
  it('transaction hash is 0x + exactly 64 hex', () => {
    expect(isTransactionHash(`0x${'a'.repeat(64)}`)).toBe(true)
    expect(isTransactionHash(`0x${'A'.repeat(64)}`)).toBe(true)
    expect(isTransactionHash(`0x${'a'.repeat(63)}`)).toBe(false)
    expect(isTransactionHash(`0x${'a'.repeat(65)}`)).toBe(false)
    expect(isTransactionHash('a'.repeat(66))).toBe(false)
  })

  it('signed message is 0x + at least 62 hex', () => {
    expect(isSignedMessage(`0x${'1'.repeat(61)}`)).toBe(false)
    expect(isSignedMessage(`0x${'1'.repeat(62)}`)).toBe(true)
    expect(isSignedMessage(`0x${'1'.repeat(130)}`)).toBe(true)
    expect(isSignedMessage(`0x${'1'.repeat(61)}z`)).toBe(false)
    expect(isSignedMessage('1'.repeat(64))).toBe(false)
  })
})

describe('walletAnswerError', () => {
  it('passes a well-formed answer', () => {
    expect(walletAnswerError('transactionHash', `0x${'ab'.repeat(32)}`)).toBeNull()
    expect(walletAnswerError('signature', `0x${'1b'.repeat(65)}`)).toBeNull()
  })

  it("refuses a hash that is not one with 'Something went wrong', a signature with 'Error signing message'", () => {
    for (const junk of ['0x1234', '', null, undefined, 42, { hash: `0x${'ab'.repeat(32)}` }, `0x${'ab'.repeat(32)} `]) {
      const hash = walletAnswerError('transactionHash', junk)
      expect(hash, String(junk)).toBeInstanceOf(WalletInvalidResponseError)
      expect(hash?.shortMessage).toBe('Something went wrong')
      const signature = walletAnswerError('signature', junk)
      expect(signature).toBeInstanceOf(WalletInvalidResponseError)
      expect(signature?.shortMessage).toBe('Error signing message')
    }
    expect(walletAnswerError('signature', `0x${'1'.repeat(61)}`)?.details).toMatchInlineSnapshot(`"the wallet answered with junk: signature "0x1111111111111111111111111111111111111111111111111111111111111" is not 0x and at least 62 hex digits"`)
  })
})
