import { base58 } from '@scure/base'
import fc from 'fast-check'
import { expect } from 'vitest'
import { bytesToHex, checksumAddress } from 'viem'
import { CHAIN_NAMESPACES } from '../../../src/core/domain/entities.js'
import { createSiwxMessage, type SiwxMessageFields } from '../../../src/core/domain/siwx.js'
import { InvalidSiwxMessageError } from '../../../src/core/errors/domain.js'

/**
 * Sign-in message fields for fast-check: values inside EIP-4361's grammar (which CAIP-122 and
 * Sign-In With Solana share), and `perturbed` ones that are mostly valid with anything inserted.
 */

// Values inside EIP-4361's grammar.
export const alnum = fc.stringMatching(/^[a-zA-Z0-9]{8,24}$/)
export const scheme = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9+.-]{0,8}$/)
const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/)
export const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.option(fc.integer({ min: 0, max: 99_999 }), { nil: undefined }))
  .map(([labels, port]) => `${labels.join('.')}${port === undefined ? '' : `:${port}`}`)
const pchars = (max: number) => fc.stringMatching(new RegExp(`^(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}){0,${max}}$`))
export const uri = fc.oneof(
  fc
    .tuple(scheme, domain, fc.array(pchars(8), { maxLength: 3 }), fc.option(pchars(10), { nil: undefined }), fc.option(pchars(6), { nil: undefined }))
    .map(([s, host, path, query, fragment]) => `${s}://${host}${path.map((p) => `/${p}`).join('')}${query === undefined ? '' : `?${query}`}${fragment === undefined ? '' : `#${fragment}`}`),
  fc.tuple(scheme, pchars(20).filter((p) => p !== '')).map(([s, rest]) => `${s}:${rest}`),
)
export const statement = fc.stringMatching(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]{1,60}$/)
export const requestId = pchars(30).filter((r) => r !== '')
export const isoDate = fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
/** RFC 3339 date-times: UTC as toISOString writes them, and with an offset and any fraction. */
export const dateTime = fc.oneof(
  isoDate,
  fc
    .tuple(fc.date({ min: new Date('1971-01-02T00:00:00Z'), max: new Date('2099-12-30T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: -14 * 60, max: 14 * 60 }), fc.stringMatching(/^(\.[0-9]{1,9})?$/))
    .map(([d, offset, fraction]) => {
      const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19)
      const abs = Math.abs(offset)
      return `${local}${fraction}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
    }),
)
export const evmAddress = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => checksumAddress(bytesToHex(b)))
export const evmChain = fc.oneof(fc.nat(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })).map((n) => `eip155:${n}` as const)
export const nonSpace = fc.string({ minLength: 1, maxLength: 40, unit: 'binary' }).filter((s) => /^\S+$/.test(s))

/** A Solana address: base58 of 32 bytes (32 to 44 characters; 32 zero bytes are 32 ones). */
export const solanaAddress = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => base58.encode(b))
/** A CAIP-2 reference (CAIP-2: 1 to 32 of [-_a-zA-Z0-9]). */
export const caip2Reference = fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)
export const solanaChain = caip2Reference.map((ref) => `solana:${ref}` as const)

const chainAndAddress = fc.oneof(
  fc.tuple(evmChain, evmAddress),
  fc.tuple(solanaChain, solanaAddress),
  fc.tuple(
    fc.tuple(fc.constantFrom(...CHAIN_NAMESPACES.filter((n) => n !== 'eip155' && n !== 'solana')), caip2Reference).map(([ns, ref]) => `${ns}:${ref}` as const),
    nonSpace,
  ),
)

export const fields: fc.Arbitrary<SiwxMessageFields> = fc
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
export const LINE_TERMINATORS = ['\n', '\r', '\r\n', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029']
export const utf16 = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom(...LINE_TERMINATORS, ' ', '\t', '/', ':', '@', '#', '?', '%', '"', '[', ']', 'é', '\u0000', '\ud800', 'https://'),
)
/** A valid value with something inserted anywhere, or a string of anything. */
export function perturbed(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    // Mostly valid, so that whole messages with every field valid come up too.
    { arbitrary: valid, weight: 20 },
    { arbitrary: fc.tuple(valid, fc.nat(), fc.array(utf16, { minLength: 1, maxLength: 3 })).map(([v, at, bits]) => v.slice(0, at % (v.length + 1)) + bits.join('') + v.slice(at % (v.length + 1))), weight: 2 },
    { arbitrary: fc.string({ unit: utf16, maxLength: 30 }), weight: 1 },
  )
}


/**
 * Whole messages' fields for a campaign: the chain id and address as given, every other field
 * mostly valid with anything inserted (so both refusals and whole valid messages come up).
 */
export function perturbedFields(chain: { chainId: fc.Arbitrary<string>; accountAddress: fc.Arbitrary<string> }): fc.Arbitrary<SiwxMessageFields> {
  return fc
    .record(
      {
        ...chain,
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
}

/**
 * Runs a campaign over the builder: each input is refused ('Invalid SIWX message' naming a field
 * it was given) or built and handed to `check`; both outcomes must come up more than `minimum`
 * times, so a campaign that only refuses (or only builds) fails.
 */
export function assertBuilds(input: fc.Arbitrary<SiwxMessageFields>, params: fc.Parameters<[SiwxMessageFields]>, check: (created: ReturnType<typeof createSiwxMessage>, fields: SiwxMessageFields) => void, minimum: number): void {
  let built = 0
  let refused = 0
  fc.assert(
    fc.property(input, (f) => {
      let created: ReturnType<typeof createSiwxMessage>
      try {
        created = createSiwxMessage(f)
      } catch (error) {
        refused++
        expectRefusal(error, f)
        return
      }
      built++
      check(created, f)
    }),
    params,
  )
  expect(built).toBeGreaterThan(minimum)
  expect(refused).toBeGreaterThan(minimum)
}

/** Checks that `error` is the builder's refusal: 'Invalid SIWX message', its details naming a field of `fields`, the value and the rule it breaks. */
function expectRefusal(error: unknown, fields: SiwxMessageFields): void {
  expect(error).toBeInstanceOf(InvalidSiwxMessageError)
  const { shortMessage, details } = error as InvalidSiwxMessageError
  expect(shortMessage).toBe('Invalid SIWX message')
  expect(Object.keys(fields)).toContain(details!.slice(0, details!.indexOf(':')))
  expect(details).toContain(' is not ')
}
