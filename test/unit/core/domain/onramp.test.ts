import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PAYMENT_CURRENCIES,
  DEFAULT_PAYMENT_CURRENCY,
  DEFAULT_PURCHASE_CURRENCY,
  isWithinPaymentLimits,
  onrampDestinationCurrency,
  parseOnrampProviders,
  paymentMethodLimits,
} from '../../../../src/core/domain/onramp.js'

describe('on-ramp defaults', () => {
  it('USD and EUR: card 10.00–7500.00, ach_bank_account 10.00–25000.00', () => {
    expect(DEFAULT_PAYMENT_CURRENCIES).toEqual([
      { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] },
      { id: 'EUR', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }, { id: 'ach_bank_account', min: '10.00', max: '25000.00' }] },
    ])
    expect(DEFAULT_PURCHASE_CURRENCY.id).toBe('USDC')
    expect(DEFAULT_PAYMENT_CURRENCY.id).toBe('USD')
  })

  it('looks up limits and checks amounts against them, ends included', () => {
    const card = paymentMethodLimits(DEFAULT_PAYMENT_CURRENCIES, 'EUR', 'card')
    expect(card).toEqual({ id: 'card', min: '10.00', max: '7500.00' })
    expect(paymentMethodLimits(DEFAULT_PAYMENT_CURRENCIES, 'GBP', 'card')).toBeUndefined()
    if (!card) throw new Error('no limits')
    expect(isWithinPaymentLimits('9.99', card)).toBe(false)
    expect(isWithinPaymentLimits('10.00', card)).toBe(true)
    expect(isWithinPaymentLimits(7500, card)).toBe(true)
    expect(isWithinPaymentLimits('7500.01', card)).toBe(false)
    expect(isWithinPaymentLimits('abc', card)).toBe(false)
  })

  it('accepts providers only as an array of strings', () => {
    expect(parseOnrampProviders(['coinbase', 'meld'])).toEqual(['coinbase', 'meld'])
    expect(parseOnrampProviders([])).toEqual([])
    expect(parseOnrampProviders('coinbase')).toEqual([])
    expect(parseOnrampProviders(['coinbase', 1])).toEqual([])
    expect(parseOnrampProviders(null)).toEqual([])
    expect(parseOnrampProviders({ 0: 'coinbase', length: 1 })).toEqual([])
  })

  it('deposits SOL on Solana and USDC elsewhere', () => {
    expect(onrampDestinationCurrency('solana')).toBe('SOL')
    expect(onrampDestinationCurrency('eip155')).toBe('USDC')
  })
})
