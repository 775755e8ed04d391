// Arbitraries the Bitcoin fuzz campaigns share.
import { base64 } from '@scure/base'
import fc from 'fast-check'
import { twoInputPsbt } from '../unit/bitcoin/psbtFixture'

/** Dev account 0's two-input PSBT (its own to sign) and dev account 1's (foreign to it). */
export const ownPsbt = twoInputPsbt(0).psbt
export const foreignPsbt = twoInputPsbt(1).psbt

/**
 * A PSBT that is not dev account 0's to sign: another account's (as is or with a byte changed),
 * its own cut short, bytes, text or anything.
 */
export const junkPsbt = fc.oneof(
  fc.constant(foreignPsbt),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })).map(([at, xor]) => {
    const bytes = base64.decode(foreignPsbt)
    bytes[at % bytes.length]! ^= xor
    return base64.encode(bytes)
  }),
  fc.nat().map((cut) => {
    const bytes = base64.decode(ownPsbt)
    return base64.encode(bytes.slice(0, cut % bytes.length))
  }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => base64.encode(bytes)),
  fc.string(),
  fc.anything(),
)
