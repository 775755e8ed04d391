import fc from 'fast-check'
import { bytesToHex, checksumAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { isEvmAddress } from '../../../src/core/domain/address.js'
import { fcParams } from '../fcSettings.js'

const checksummedAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => checksumAddress(bytesToHex(b)))

function flipCase(c: string): string {
  return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()
}

describe('EVM address laws', () => {
  it('checksummed addresses are always valid, with or without 0x, and in lower case', () => {
    fc.assert(
      fc.property(checksummedAddress, (a) => {
        expect(isEvmAddress(a)).toBe(true)
        expect(isEvmAddress(a.slice(2))).toBe(true)
        expect(isEvmAddress(a.toLowerCase())).toBe(true)
      }),
      fcParams(),
    )
  })

  it('a single-character case flip that leaves the address mixed-case is rejected', () => {
    fc.assert(
      fc.property(checksummedAddress, fc.nat(), (a, pick) => {
        const letters = [...a.slice(2)].flatMap((c, i) => (/[a-fA-F]/.test(c) ? [i + 2] : []))
        fc.pre(letters.length > 0)
        const i = letters[pick % letters.length] as number
        const flipped = a.slice(0, i) + flipCase(a[i] as string) + a.slice(i + 1)
        const body = flipped.slice(2)
        fc.pre(/[a-f]/.test(body) && /[A-F]/.test(body))
        expect(isEvmAddress(flipped)).toBe(false)
        expect(isEvmAddress(body)).toBe(false)
      }),
      fcParams(),
    )
  })
})
