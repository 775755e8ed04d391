import fc from 'fast-check'
import { bytesToHex, checksumAddress } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../../../src/core/domain/entities.js'
import { createSiwxMessage, parseSiwxMessage, serializeSiwxMessage, type SiwxMessageFields } from '../../../src/core/domain/siwx.js'
import { fcParams } from '../fcSettings.js'

const nonSpace = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).filter((s) => /^\S+$/.test(s))
const oneLine = fc.string({ minLength: 1, maxLength: 60, unit: 'binary' }).filter((s) => !/[\r\n]/.test(s))
const alnum = fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/)
const scheme = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,8}$/)
const uri = fc.tuple(scheme, fc.string({ maxLength: 40, unit: 'binary' }).filter((s) => /^\S*$/.test(s))).map(([s, rest]) => `${s}:${rest}`)
const isoDate = fc
  .date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString())
const evmAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => checksumAddress(bytesToHex(b)))

const chainAndAddress = fc.oneof(
  fc.tuple(fc.nat().map((n) => `eip155:${n}` as const), evmAddress),
  fc.tuple(
    fc.tuple(fc.constantFrom(...CHAIN_NAMESPACES.filter((n) => n !== 'eip155')), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)).map(([ns, ref]) => `${ns}:${ref}` as const),
    nonSpace,
  ),
)

const fields: fc.Arbitrary<SiwxMessageFields> = fc
  .record(
    {
      chain: chainAndAddress,
      domain: nonSpace,
      uri,
      nonce: alnum,
      issuedAt: isoDate,
      statement: oneLine,
      expirationTime: isoDate,
      notBefore: isoDate,
      requestId: oneLine,
      resources: fc.array(uri, { maxLength: 4 }),
    },
    { requiredKeys: ['chain', 'domain', 'uri', 'nonce', 'issuedAt'] },
  )
  .map(({ chain: [chainId, accountAddress], ...rest }) => ({ ...rest, chainId, accountAddress, version: '1' }))

describe('SIWX laws', () => {
  it('serialise then parse gives back the fields; parse then serialise gives back the text', () => {
    fc.assert(
      fc.property(fields, (f) => {
        const created = createSiwxMessage(f)
        const text = created.serializedMessage as string
        expect(text).toBe(serializeSiwxMessage(f))
        const parsed = parseSiwxMessage(text)
        expect(parsed).toEqual(created)
        expect(serializeSiwxMessage(parsed)).toBe(text)
      }),
      fcParams(),
    )
  })

  it('for eip155, the text is what viem writes and viem reads the same fields', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
    const domain = fc.tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/)).map(([ls, tld]) => [...ls, tld].join('.'))
    const asciiLine = fc.stringMatching(/^[ -~]{1,60}$/)
    const httpUri = fc.stringMatching(/^[a-z0-9/._~-]{0,20}$/).map((p) => `https://example.com/${p}`)
    fc.assert(
      fc.property(
        evmAddress,
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        domain,
        httpUri,
        alnum,
        isoDate,
        fc.option(asciiLine, { nil: undefined }),
        fc.option(isoDate, { nil: undefined }),
        fc.option(fc.array(httpUri, { maxLength: 3 }), { nil: undefined }),
        (address, chainId, dom, u, nonce, issuedAt, statement, expirationTime, resources) => {
          const text = serializeSiwxMessage({
            accountAddress: address,
            chainId: `eip155:${chainId}`,
            domain: dom,
            uri: u,
            version: '1',
            nonce,
            issuedAt,
            statement,
            expirationTime,
            resources,
          })
          expect(text).toBe(
            createSiweMessage({
              address,
              chainId,
              domain: dom,
              uri: u,
              version: '1',
              nonce,
              issuedAt: new Date(issuedAt),
              statement,
              expirationTime: expirationTime === undefined ? undefined : new Date(expirationTime),
              resources,
            }),
          )
          const viemParsed = parseSiweMessage(text)
          expect(viemParsed.address).toBe(address)
          expect(viemParsed.chainId).toBe(chainId)
          expect(viemParsed.nonce).toBe(nonce)
          expect(viemParsed.statement).toBe(statement)
        },
      ),
      fcParams({ numRuns: 50 }),
    )
  })
})
