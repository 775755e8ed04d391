// Fuzz: the Sign-In With Solana message builder and parser (CAIP-122's solana profile), fed
// mostly-valid fields with anything inserted, and texts edited anywhere. The builder either
// refuses with 'Invalid SIWX message' naming a field it was given, or writes a text whose
// address kit accepts as a Solana address, whose lines say what the fields say, and which the
// parser reads back field for field; the parser either refuses an edited text or reads fields
// that write that very text again (what a wallet shows is what the server verifies).
import { base58 } from '@scure/base'
import { isAddress } from '@solana/kit'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSiwxMessage, parseSiwxMessage, serializeSiwxMessage, type SiwxMessageFields } from '../../src/core/domain/siwx'
import { InvalidSiwxMessageError } from '../../src/core/errors/domain'
import { alnum, assertBuilds, dateTime, domain, LINE_TERMINATORS, perturbed, perturbedFields, requestId, solanaAddress, solanaChain, statement, uri, utf16 } from '../property/domain/siwxArbitraries'
import { fuzzParams } from './fuzzParams'

const input = perturbedFields({
  chainId: fc.oneof({ arbitrary: solanaChain, weight: 4 }, { arbitrary: perturbed(solanaChain), weight: 1 }),
  accountAddress: fc.oneof(
    { arbitrary: solanaAddress, weight: 4 },
    { arbitrary: perturbed(solanaAddress), weight: 2 },
    // Look-alikes: base58 of another length, an EVM address, base58's left-out characters.
    { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => base58.encode(b)), weight: 1 },
    { arbitrary: fc.constantFrom('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'O'.repeat(44), 'l'.repeat(32), 'I'.repeat(40), '0'.repeat(43)), weight: 1 },
  ),
})

/** How many lines the fields make: header, address, blank, statement and blank (or one blank), five required fields, the optional ones, the resources. */
function lineCount(m: SiwxMessageFields): number {
  const optional = [m.expirationTime, m.notBefore, m.requestId].filter((v) => v !== undefined).length
  return 3 + (m.statement === undefined ? 1 : 2) + 5 + optional + (m.resources === undefined ? 0 : 1 + m.resources.length)
}

describe('fuzz: Sign-In With Solana messages', () => {
  it('the builder refuses, naming a field, or writes text kit and the parser read back exactly', () => {
    assertBuilds(
      input,
      fuzzParams('siwsMessages.builder', 400),
      (created, f) => {
        const text = created.serializedMessage!
        const lines = text.split('\n')
        // An address kit takes for a Solana address, exactly as given (base58 is case-sensitive).
        expect(isAddress(created.accountAddress)).toBe(true)
        expect(lines[0]).toBe(`${f.domain} wants you to sign in with your Solana account:`)
        expect(lines[1]).toBe(f.accountAddress)
        expect(lines).toContain(`Chain ID: ${f.chainId.slice('solana:'.length)}`)
        expect(lines).toContain(`Nonce: ${f.nonce}`)
        // No field smuggled a line of its own in.
        expect(lines).toHaveLength(lineCount(created))
        expect(parseSiwxMessage(text)).toEqual(created)
        expect(serializeSiwxMessage(parseSiwxMessage(text))).toBe(text)
      },
      20,
    )
  })

  it('an edited text is refused, or read as fields that write that same text', () => {
    const valid = fc
      .record({ chainId: solanaChain, accountAddress: solanaAddress, domain, uri, nonce: alnum, issuedAt: dateTime, statement: fc.option(statement, { nil: undefined }), requestId: fc.option(requestId, { nil: undefined }) })
      .map((f) => createSiwxMessage({ ...f, version: '1' }).serializedMessage!)
    const edit = fc.tuple(fc.nat(), fc.nat({ max: 4 }), fc.array(fc.oneof(utf16, fc.constantFrom(...LINE_TERMINATORS)), { maxLength: 3 }))
    let read = 0
    fc.assert(
      fc.property(valid, edit, (text, [at, cut, insert]) => {
        const i = at % (text.length + 1)
        const edited = text.slice(0, i) + insert.join('') + text.slice(i + cut)
        let parsed: ReturnType<typeof parseSiwxMessage>
        try {
          parsed = parseSiwxMessage(edited)
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidSiwxMessageError)
          return
        }
        read++
        expect(serializeSiwxMessage(parsed)).toBe(edited)
        expect(parsed.serializedMessage).toBe(edited)
      }),
      fuzzParams('siwsMessages.parser', 400),
    )
    expect(read).toBeGreaterThan(0)
  })
})
