import { toCoinType } from 'viem'
import { describe, expect, it } from 'vitest'
import { chainIdToCoinType, isValidName } from '../../../../src/core/domain/names.js'
import { InvalidCoinTypeChainIdError } from '../../../../src/core/errors/domain.js'

describe('isValidName', () => {
  it('needs letters, digits or hyphens, at least 4 characters', () => {
    expect(isValidName('abc')).toBe(false)
    expect(isValidName('abcd')).toBe(true)
    expect(isValidName('a-b-c-1')).toBe(true)
    expect(isValidName('ABCD')).toBe(true)
    expect(isValidName('abc_d')).toBe(false)
    expect(isValidName('abc.d')).toBe(false)
    expect(isValidName('abcd ')).toBe(false)
    expect(isValidName('ab😀d')).toBe(false)
    expect(isValidName(1234)).toBe(false)
  })
})

describe('chainIdToCoinType', () => {
  it('follows ENSIP-11 as unsigned 32-bit numbers, like viem', () => {
    expect(chainIdToCoinType(10)).toBe(2147483658)
    expect(chainIdToCoinType(8453)).toBe(0x80000000 + 8453)
    expect(chainIdToCoinType(1)).toBe(60)
    expect(chainIdToCoinType(0)).toBe(0x80000000)
    for (const id of [0, 1, 10, 137, 8453, 2 ** 31 - 1]) expect(chainIdToCoinType(id)).toBe(Number(toCoinType(id)))
  })

  it('accepts 2^31 − 1 and rejects 2^31 with "Invalid chainId"', () => {
    expect(chainIdToCoinType(2 ** 31 - 1)).toBe(2 ** 32 - 1)
    expect(() => chainIdToCoinType(2 ** 31)).toThrow(InvalidCoinTypeChainIdError)
    try {
      chainIdToCoinType(2 ** 31)
    } catch (e) {
      expect((e as InvalidCoinTypeChainIdError).shortMessage).toBe('Invalid chainId')
      expect((e as InvalidCoinTypeChainIdError).details).toBe('2147483648')
    }
  })

  it('rejects negative and fractional ids', () => {
    expect(() => chainIdToCoinType(-1)).toThrow('Invalid chainId')
    expect(() => chainIdToCoinType(1.5)).toThrow('Invalid chainId')
    expect(() => chainIdToCoinType(Number.NaN)).toThrow('Invalid chainId')
  })
})
