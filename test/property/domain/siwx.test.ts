import fc from 'fast-check'
import { bytesToHex, checksumAddress } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../../../src/core/domain/entities.js'
import { createSiwxMessage, parseSiwxMessage, serializeSiwxMessage, type SiwxMessageFields } from '../../../src/core/domain/siwx.js'
import { InvalidSiwxMessageError } from '../../../src/core/errors/domain.js'
import { fcParams } from '../fcSettings.js'

// Values inside EIP-4361's grammar.
const alnum = fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/)
const scheme = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,8}$/)
const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/)
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 0, max: 99_999 }), { nil: undefined }))
  .map(([labels, port]) => `${labels.join('.')}${port === undefined ? '' : `:${port}`}`)
const pchars = (max: number) => fc.stringMatching(new RegExp(`^(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}){0,${max}}$`))
const uri = fc.oneof(
  fc
    .tuple(scheme, domain, fc.array(pchars(8), { maxLength: 3 }), fc.option(pchars(10), { nil: undefined }), fc.option(pchars(6), { nil: undefined }))
    .map(([s, host, path, query, fragment]) => `${s}://${host}${path.map((p) => `/${p}`).join('')}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`),
  fc.tuple(scheme, pchars(20).filter((p) => p !== '')).map(([s, rest]) => `${s}:${rest}`),
)
const statement = fc.stringMatching(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]{1,60}$/)
const requestId = pchars(30).filter((r) => r !== '')
const isoDate = fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
/** RFC 3339 date-times: UTC as toISOString writes them, and with an offset and any fraction. */
const dateTime = fc.oneof(
  isoDate,
  fc
    .tuple(fc.date({ min: new Date('1971-01-02T00:00:00Z'), max: new Date('2099-12-30T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: -14 * 60, max: 14 * 60 }), fc.stringMatching(/^(\.[0-9]{1,9})?$/))
    .map(([d, offset, fraction]) => {
      const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19)
      const abs = Math.abs(offset)
      return `${local}${fraction}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
    }),
)
const evmAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => checksumAddress(bytesToHex(b)))
const evmChain = fc.oneof(fc.nat(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })).map((n) => `eip155:${n}` as const)
const nonSpace = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).filter((s) => /^\S+$/.test(s))

const chainAndAddress = fc.oneof(
  fc.tuple(evmChain, evmAddress),
  fc.tuple(
    fc.tuple(fc.constantFrom(...CHAIN_NAMESPACES.filter((n) => n !== 'eip155')), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)).map(([ns, ref]) => `${ns}:${ref}` as const),
    nonSpace,
  ),
)

const fields: fc.Arbitrary<SiwxMessageFields> = fc
  .record(
    {
      chain: chainAndAddress,
      domain,
      uri,
      nonce: alnum,
      issuedAt: dateTime,
      statement,
      expirationTime: dateTime,
      notBefore: dateTime,
      requestId,
      resources: fc.array(uri, { maxLength: 4 }),
    },
    { requiredKeys: ['chain', 'domain', 'uri', 'nonce', 'issuedAt'] },
  )
  .map(({ chain: [chainId, accountAddress], ...rest }) => ({ ...rest, chainId, accountAddress, version: '1' }))

// Every Unicode line terminator, and characters the grammar leaves out of some field.
const LINE_TERMINATORS = ['\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']
const utf16 = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(...LINE_TERMINATORS, ' ', '\t', '/', ':', '@', '#', '?', '%', '"', '[', ']', 'é', '\u0000', '\ud800', 'https://'),
)
/** A valid value with something inserted anywhere, or a string of anything. */
function perturbed(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    // Mostly valid, so that whole messages with every field valid come up too.
    { arbitrary: valid, weight: 20 },
    { arbitrary: fc.tuple(valid, fc.nat(), fc.array(utf16, { minLength: 1, maxLength: 3 })).map(([v, at, bits]) => v.slice(0, at % (v.length + 1)) + bits.join('') + v.slice(at % (v.length + 1))), weight: 2 },
    { arbitrary: fc.string({ unit: utf16, maxLength: 30 }), weight: 1 },
  )
}

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
    const input = fc
      .record(
        {
          chainId: fc.oneof({ arbitrary: evmChain, weight: 4 }, { arbitrary: fc.string({ unit: utf16, maxLength: 20 }).map((r) => `eip155:${r}`), weight: 1 }),
          accountAddress: fc.oneof({ arbitrary: evmAddress, weight: 4 }, { arbitrary: evmAddress.map((a) => a.toLowerCase()), weight: 1 }, { arbitrary: perturbed(evmAddress), weight: 1 }),
          domain: perturbed(domain),
          uri: perturbed(uri),
          version: fc.oneof({ arbitrary: fc.constant('1'), weight: 8 }, { arbitrary: perturbed(fc.constant('1')), weight: 1 }),
          nonce: perturbed(alnum),
          issuedAt: perturbed(dateTime),
          statement: perturbed(statement),
          expirationTime: perturbed(dateTime),
          notBefore: perturbed(dateTime),
          requestId: perturbed(requestId),
          resources: fc.array(perturbed(uri), { maxLength: 3 }),
        },
        { requiredKeys: ['chainId', 'accountAddress', 'domain', 'uri', 'version', 'nonce', 'issuedAt'] },
      )
      .map((f) => f as SiwxMessageFields)
    let built = 0
    let refused = 0
    fc.assert(
      fc.property(input, (f) => {
        let created: ReturnType<typeof createSiwxMessage>
        try {
          created = createSiwxMessage(f)
        } catch (error) {
          refused++
          expect(error).toBeInstanceOf(InvalidSiwxMessageError)
          const { shortMessage, details } = error as InvalidSiwxMessageError
          expect(shortMessage).toBe('Invalid SIWX message')
          // The details name a field that was given, its value and the rule it breaks.
          const field = details!.slice(0, details!.indexOf(':'))
          expect(Object.keys(f)).toContain(field)
          expect(details).toContain(' is not ')
          return
        }
        built++
        const { serializedMessage, ...builtFields } = created
        expect(parseSiweMessage(serializedMessage!)).toEqual(asViemReads(builtFields))
        expect(parseSiwxMessage(serializedMessage!)).toEqual(created)
      }),
      fcParams({ numRuns: 400 }),
    )
    // The campaign reached both outcomes, not only refusals.
    expect(built).toBeGreaterThan(10)
    expect(refused).toBeGreaterThan(10)
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
