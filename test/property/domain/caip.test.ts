import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../../../src/core/domain/caip.js'
import { CHAIN_NAMESPACES } from '../../../src/core/domain/entities.js'
import { fcParams } from '../fcSettings.js'

const namespace = fc.constantFrom(...CHAIN_NAMESPACES)
const part = fc.string({ minLength: 1, maxLength: 64 }).filter((s) => !s.includes(':'))
const maybeEmptyPart = fc.oneof(part, fc.constant(''))

describe('CAIP laws', () => {
  it('network id: parse(format(parts)) = parts and format(parse(s)) = s', () => {
    fc.assert(
      fc.property(namespace, part, (ns, reference) => {
        const id = formatCaipNetworkId(ns, reference)
        expect(parseCaipNetworkId(id)).toEqual({ namespace: ns, reference })
        expect(formatCaipNetworkId(parseCaipNetworkId(id))).toBe(id)
      }),
      fcParams(),
    )
  })

  it('address: parse(format(parts)) = parts and format(parse(s)) = s', () => {
    fc.assert(
      fc.property(namespace, part, part, (ns, reference, address) => {
        const id = formatCaipAddress({ namespace: ns, reference, address })
        expect(parseCaipAddress(id)).toEqual({ namespace: ns, reference, address, caipNetworkId: `${ns}:${reference}` })
        const parsed = parseCaipAddress(id)
        expect(formatCaipAddress(parsed.caipNetworkId, parsed.address)).toBe(id)
      }),
      fcParams(),
    )
  })

  it('anything with an empty part is rejected', () => {
    fc.assert(
      fc.property(fc.oneof(namespace, fc.constant('')), maybeEmptyPart, maybeEmptyPart, (ns, reference, address) => {
        fc.pre(ns === '' || reference === '' || address === '')
        const addr = `${ns}:${reference}:${address}`
        expect(isCaipAddress(addr)).toBe(false)
        expect(() => parseCaipAddress(addr)).toThrow('Invalid CAIP-10 address')
        if (ns === '' || reference === '') {
          expect(isCaipNetworkId(`${ns}:${reference}`)).toBe(false)
          expect(() => parseCaipNetworkId(`${ns}:${reference}`)).toThrow('Invalid CAIP-2 network id')
        }
      }),
      fcParams(),
    )
  })

  it('arbitrary strings either parse and round-trip or throw the spec error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        let parsed: ReturnType<typeof parseCaipAddress> | undefined
        try {
          parsed = parseCaipAddress(s)
        } catch (e) {
          expect((e as { shortMessage: string }).shortMessage).toBe('Invalid CAIP-10 address')
        }
        if (parsed) expect(formatCaipAddress(parsed)).toBe(s)
      }),
      fcParams(),
    )
  })
})
