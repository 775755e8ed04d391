import { describe, expect, it } from 'vitest'
import { sendAmountError } from '../../../../src/core/domain/sendAmount'

const GUSD = { symbol: 'GUSD', decimals: 6 }

describe('sendAmountError', () => {
  it('accepts an amount within the balance and the decimals', () => {
    expect(sendAmountError('1.5', GUSD, '10')).toBeNull()
    expect(sendAmountError('10', GUSD, '10')).toBeNull()
    expect(sendAmountError('10.000000', GUSD, '10')).toBeNull()
    expect(sendAmountError(' .25 ', GUSD, '0.25')).toBeNull()
  })

  it('refuses more fraction digits than the token has: nothing is rounded', () => {
    expect(sendAmountError('1.1234567', GUSD, '10')).toBe('GUSD has at most 6 decimals')
    expect(sendAmountError('1.5', { symbol: 'NFT', decimals: 0 }, '3')).toBe('NFT has at most 0 decimals')
    // Trailing zeros add no precision.
    expect(sendAmountError('1.1234560000', GUSD, '10')).toBeNull()
  })

  it('refuses more than the balance, by one smallest unit', () => {
    expect(sendAmountError('10.000001', GUSD, '10')).toBe('Insufficient GUSD balance')
    expect(sendAmountError('0.000001', GUSD, '0')).toBe('Insufficient GUSD balance')
    // A balance with more digits than the token has counts only what the token can hold.
    expect(sendAmountError('1.000001', GUSD, '1.0000009')).toBe('Insufficient GUSD balance')
  })

  it('an unknown balance leaves the last word to the wallet', () => {
    expect(sendAmountError('1000000', GUSD, null)).toBeNull()
    expect(sendAmountError('1', GUSD, 'not a number')).toBeNull()
  })

  it('refuses text that is not a decimal amount, and zero; an empty amount is the form error', () => {
    for (const amount of ['abc', '1e6', '-1', '1,5', '0x10', '1.2.3', 'Infinity']) expect(sendAmountError(amount, GUSD, '10')).toBe('Invalid amount')
    expect(sendAmountError('0', GUSD, '10')).toBe('Invalid amount')
    expect(sendAmountError('0.000', GUSD, '10')).toBe('Invalid amount')
    expect(sendAmountError('', GUSD, '10')).toBeNull()
    expect(sendAmountError('   ', GUSD, '10')).toBeNull()
  })
})
