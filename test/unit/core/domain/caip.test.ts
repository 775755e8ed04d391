import { describe, expect, it } from 'vitest'
import {
  evmChainIdOf,
  formatCaipAddress,
  formatCaipNetworkId,
  holdsAccountOf,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../../../../src/core/domain/caip.js'
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../../../../src/core/errors/domain.js'
import { GangwayError } from '../../../../src/core/errors/base.js'

const vitalik = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const solanaMainnet = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function caught(fn: () => unknown): GangwayError {
  try {
    fn()
  } catch (e) {
    if (e instanceof GangwayError) return e
    throw e
  }
  throw new Error('did not throw')
}

describe('parseCaipNetworkId', () => {
  it('parses each known namespace', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
    expect(parseCaipNetworkId(solanaMainnet)).toEqual({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    expect(parseCaipNetworkId('polkadot:91b171bb158e2d3848fa23a9f1c25182')).toMatchObject({ namespace: 'polkadot' })
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93')).toMatchObject({ namespace: 'bip122' })
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')).toEqual({ namespace: 'cosmos', reference: 'cosmoshub-4' })
  })

  it.each(['', 'eip155', 'eip155:', ':1', 'eip155:1:0xab', 'near:mainnet', 'EIP155:1', 'eip155::1'])(
    'rejects %j with the spec message and the input',
    (input) => {
      const error = caught(() => parseCaipNetworkId(input))
      expect(error).toBeInstanceOf(InvalidCaipNetworkIdError)
      expect(error.shortMessage).toBe('Invalid CAIP-2 network id')
      expect(error.details).toBe(input)
    },
  )

  it('reports the spec message verbatim', () => {
    expect(caught(() => parseCaipNetworkId('nope')).message).toMatchInlineSnapshot(`
      "Invalid CAIP-2 network id

      Details: nope"
    `)
  })
})

describe('parseCaipAddress', () => {
  it('parses namespace, reference, address and network id', () => {
    expect(parseCaipAddress(`eip155:1:${vitalik}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: vitalik,
      caipNetworkId: 'eip155:1',
    })
    expect(parseCaipAddress(`${solanaMainnet}:So11111111111111111111111111111111111111112`).caipNetworkId).toBe(solanaMainnet)
  })

  it.each(['', 'eip155:1', `eip155::${vitalik}`, `:1:${vitalik}`, 'eip155:1:', `foo:1:${vitalik}`, `eip155:1:${vitalik}:extra`])(
    'rejects %j with the spec message and the input',
    (input) => {
      const error = caught(() => parseCaipAddress(input))
      expect(error).toBeInstanceOf(InvalidCaipAddressError)
      expect(error.shortMessage).toBe('Invalid CAIP-10 address')
      expect(error.details).toBe(input)
    },
  )

  it('reports the spec message verbatim', () => {
    expect(caught(() => parseCaipAddress('eip155:1')).message).toMatchInlineSnapshot(`
      "Invalid CAIP-10 address

      Details: eip155:1"
    `)
  })
})

describe('format', () => {
  it('formats network ids from parts', () => {
    expect(formatCaipNetworkId('eip155', 8453)).toBe('eip155:8453')
    expect(formatCaipNetworkId({ namespace: 'cosmos', reference: 'cosmoshub-4' })).toBe('cosmos:cosmoshub-4')
    expect(() => formatCaipNetworkId('eip155', '')).toThrow(InvalidCaipNetworkIdError)
    expect(() => formatCaipNetworkId('eip155', 'a:b')).toThrow(InvalidCaipNetworkIdError)
    expect(() => formatCaipNetworkId('near' as never, '1')).toThrow(InvalidCaipNetworkIdError)
  })

  it('formats addresses from a network id or from parts', () => {
    expect(formatCaipAddress('eip155:1', vitalik)).toBe(`eip155:1:${vitalik}`)
    expect(formatCaipAddress({ namespace: 'eip155', reference: 10, address: vitalik })).toBe(`eip155:10:${vitalik}`)
    expect(() => formatCaipAddress('eip155:1', '')).toThrow(InvalidCaipAddressError)
    expect(() => formatCaipAddress('eip155:1', 'a:b')).toThrow(InvalidCaipAddressError)
  })
})

describe('guards and helpers', () => {
  it('isCaipNetworkId / isCaipAddress never throw', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId(1)).toBe(false)
    expect(isCaipAddress(`eip155:1:${vitalik}`)).toBe(true)
    expect(isCaipAddress(undefined)).toBe(false)
  })

  it('evmChainIdOf reads positive decimal eip155 references only', () => {
    expect(evmChainIdOf('eip155:8453')).toBe(8453)
    expect(evmChainIdOf('eip155:0x1')).toBeUndefined()
    expect(evmChainIdOf('eip155:01')).toBeUndefined()
    expect(evmChainIdOf(solanaMainnet)).toBeUndefined()
    expect(evmChainIdOf('junk')).toBeUndefined()
  })

  it('holdsAccountOf looks for an account of the namespace among CAIP-10 keys', () => {
    const byAccount = { [`eip155:1:${vitalik}`]: 1, [`${solanaMainnet}:abc`]: 2 }
    expect(holdsAccountOf(byAccount, 'eip155')).toBe(true)
    expect(holdsAccountOf(byAccount, 'solana')).toBe(true)
    expect(holdsAccountOf(byAccount, 'bip122')).toBe(false)
    // A namespace is matched whole, not as the start of another.
    expect(holdsAccountOf({ 'eip1559:1:0xab': 1 }, 'eip155')).toBe(false)
    expect(holdsAccountOf({}, 'eip155')).toBe(false)
  })
})
