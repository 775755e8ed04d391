import fc from 'fast-check'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createSiwxMessage, parseSiwxMessage, serializeSiwxMessage, type SiwxMessageFields } from '../../../src/core/domain/siwx.js'
import { fcParams } from '../fcSettings.js'
import { alnum, assertBuilds, domain, evmAddress, evmChain, fields, isoDate, LINE_TERMINATORS, perturbed, perturbedFields, requestId, scheme, statement, utf16 } from './siwxArbitraries.js'

/** A message with every field set and valid, for tests that break one field. */
const valid: SiwxMessageFields = {
  accountAddress: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045',
  chainId: 'eip155:1',
  domain: 'example.com',
  uri: 'https://example.com/login',
  version: '1',
  nonce: 'abcdef12',
  issuedAt: '2025-01-01T00:00:00.000Z',
  statement: 'Sign in to Example.',
  requestId: 'req-42',
  resources: ['https://example.com/terms'],
}

/** What viem's parseSiweMessage should read from a message built from these fields. */
function asViemReads(m: SiwxMessageFields) {
  const at = (iso: string) => new Date(iso)
  return {
    address: m.accountAddress,
    chainId: Number(m.chainId.split(':')[1]),
    domain: m.domain,
    uri: m.uri,
    version: m.version,
    nonce: m.nonce,
    issuedAt: at(m.issuedAt),
    ...(m.statement !== undefined ? { statement: m.statement } : {}),
    ...(m.expirationTime !== undefined ? { expirationTime: at(m.expirationTime) } : {}),
    ...(m.notBefore !== undefined ? { notBefore: at(m.notBefore) } : {}),
    ...(m.requestId !== undefined ? { requestId: m.requestId } : {}),
    ...(m.resources !== undefined ? { resources: m.resources } : {}),
  }
}

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
    const dnsLabel = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
    const viemDomain = fc.tuple(fc.array(dnsLabel, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/)).map(([ls, tld]) => [...ls, tld].join('.'))
    const httpUri = fc.stringMatching(/^[a-z0-9/._~-]{0,20}$/).map((p) => `https://example.com/${p}`)
    fc.assert(
      fc.property(
        evmAddress,
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        viemDomain,
        httpUri,
        alnum,
        isoDate,
        fc.option(statement, { nil: undefined }),
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
              // An empty list is written as none: viem writes a bare 'Resources:' but reads it back as none.
              resources: resources?.length ? resources : undefined,
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

  it('for arbitrary field values the builder either refuses, naming the field, or writes what viem reads back field for field', () => {
    const input = perturbedFields({
      chainId: fc.oneof({ arbitrary: evmChain, weight: 4 }, { arbitrary: fc.string({ unit: utf16, maxLength: 20 }).map((r) => `eip155:${r}`), weight: 1 }),
      accountAddress: fc.oneof({ arbitrary: evmAddress, weight: 4 }, { arbitrary: evmAddress.map((a) => a.toLowerCase()), weight: 1 }, { arbitrary: perturbed(evmAddress), weight: 1 }),
    })
    assertBuilds(
      input,
      fcParams({ numRuns: 400 }),
      (created) => {
        const { serializedMessage, ...builtFields } = created
        expect(parseSiweMessage(serializedMessage!)).toEqual(asViemReads(builtFields))
        expect(parseSiwxMessage(serializedMessage!)).toEqual(created)
      },
      10,
    )
  })

  it('refuses every line terminator anywhere in the statement, the request id, the domain, the URI or a resource', () => {
    const field = fc.constantFrom('statement', 'requestId', 'domain', 'uri', 'resources')
    fc.assert(
      fc.property(field, fc.constantFrom(...LINE_TERMINATORS), fc.nat(), (name, terminator, at) => {
        const value = name === 'resources' ? valid.resources![0]! : (valid[name] as string)
        const i = at % (value.length + 1)
        const broken = value.slice(0, i) + terminator + value.slice(i)
        const patch = name === 'resources' ? { resources: [broken] } : { [name]: broken }
        expect(() => createSiwxMessage({ ...valid, ...patch })).toThrow(expect.objectContaining({ shortMessage: 'Invalid SIWX message', details: expect.stringMatching(new RegExp(`^${name}: `)) }))
      }),
      fcParams(),
    )
  })

  it('refuses a domain with a scheme, a path, a user or a query, and a request id with a character outside pchar', () => {
    fc.assert(
      fc.property(
        domain,
        scheme,
        fc.constantFrom((d: string, s: string) => `${s}://${d}`, (d: string) => `${d}/`, (d: string) => `${d}/login`, (d: string) => `user@${d}`, (d: string) => `${d}?x=1`, (d: string) => `${d}#top`),
        (d, s, shape) => {
          expect(() => createSiwxMessage({ ...valid, domain: shape(d, s) })).toThrow(expect.objectContaining({ details: expect.stringMatching(/^domain: /) }))
        },
      ),
      fcParams(),
    )
    fc.assert(
      fc.property(requestId, fc.constantFrom(' ', '/', '?', '#', '"', '<', '>', '\\', '^', '`', '{', '|', '}', '[', ']', '%', '%g0', 'é', '\u0000'), fc.nat(), (id, bad, at) => {
        const i = at % (id.length + 1)
        expect(() => createSiwxMessage({ ...valid, requestId: id.slice(0, i) + bad + id.slice(i) })).toThrow(expect.objectContaining({ details: expect.stringMatching(/^requestId: /) }))
      }),
      fcParams(),
    )
  })
})
