import { describe, expect, it } from 'vitest'
import {
  isAddressOf,
  isEmail,
  isEvmAddress,
  isSameAddress,
  isSolanaAddress,
} from '../../../../src/core/domain/address.js'

const checksummed = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('isEvmAddress', () => {
  it('accepts checksummed, all-lower and all-upper addresses, with or without 0x', () => {
    expect(isEvmAddress(checksummed)).toBe(true)
    expect(isEvmAddress(checksummed.toLowerCase())).toBe(true)
    expect(isEvmAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(true)
    expect(isEvmAddress(checksummed.slice(2))).toBe(true)
    expect(isEvmAddress(checksummed.slice(2).toLowerCase())).toBe(true)
    expect(isEvmAddress(`0x${'0'.repeat(40)}`)).toBe(true)
  })

  it('rejects a mixed-case address with a wrong checksum', () => {
    expect(isEvmAddress('0xD8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(false)
    expect(isEvmAddress('D8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(false)
  })

  it('rejects wrong lengths, prefixes and characters', () => {
    expect(isEvmAddress(`0x${'a'.repeat(39)}`)).toBe(false)
    expect(isEvmAddress(`0x${'a'.repeat(41)}`)).toBe(false)
    expect(isEvmAddress(`0X${'a'.repeat(40)}`)).toBe(false)
    expect(isEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false)
    expect(isEvmAddress(` ${checksummed}`)).toBe(false)
    expect(isEvmAddress('')).toBe(false)
    expect(isEvmAddress(undefined)).toBe(false)
  })
})

describe('isSolanaAddress', () => {
  it('accepts 32–44 base58 characters that decode to 32 bytes', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true) // 32 chars, all zero
    expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
    expect(isSolanaAddress('JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN')).toBe(true)
  })

  it('rejects non-base58 characters, wrong lengths and wrong byte counts', () => {
    expect(isSolanaAddress('0OIl1111111111111111111111111111')).toBe(false) // 0, O, I, l are not base58
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false) // 31 chars
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    expect(isSolanaAddress('z'.repeat(44))).toBe(false) // decodes to more than 32 bytes
    expect(isSolanaAddress(`0x${'a'.repeat(40)}`)).toBe(false)
    expect(isSolanaAddress(42)).toBe(false)
  })
})

describe('isEmail', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.ie", 'x@y.io'])('accepts %s', (e) => {
    expect(isEmail(e)).toBe(true)
  })
  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'ada@@example.com', 'ada @example.com', 'ada@example.c', '.ada@example.com', 'ada..b@example.com', 'ada@-example.com'])(
    'rejects %j',
    (e) => {
      expect(isEmail(e)).toBe(false)
    },
  )
  it('rejects over-long addresses', () => {
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`)).toBe(false)
  })
})

describe('isAddressOf / isSameAddress', () => {
  it('checks by namespace', () => {
    expect(isAddressOf('eip155', checksummed)).toBe(true)
    expect(isAddressOf('solana', checksummed)).toBe(false)
    expect(isAddressOf('solana', 'So11111111111111111111111111111111111111112')).toBe(true)
    expect(isAddressOf('bip122', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true)
    expect(isAddressOf('bip122', '')).toBe(false)
    // The core checks a Bitcoin address's shape only; the network's rules are the adapter's.
    expect(isAddressOf('bip122', 'bc1q ar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(false)
    expect(isAddressOf('bip122', 'short')).toBe(false)
    expect(isAddressOf('bip122', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045x')).toBe(true)
  })
  it('compares EVM addresses case-insensitively only', () => {
    expect(isSameAddress('eip155', checksummed, checksummed.toLowerCase().slice(2))).toBe(true)
    expect(isSameAddress('solana', 'Abc', 'abc')).toBe(false)
  })
})
