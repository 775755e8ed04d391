// Fuzz: wallet records as a hostile directory could send them, through the record check and
// walletLink. No link that runs code or reads local data (javascript:, data:, vbscript:, file:)
// ever comes out, however it is disguised, and records keep only well-typed fields.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseWalletRecord, walletLinkKind } from '../../src/adapters/api/walletRecord'
import { walletLink, walletLinks } from '../../src/adapters/walletconnect/walletLink'
import { fuzzParams } from './fuzzParams'

const URI = 'wc:7f6e5d@2?relay-protocol=irn&symKey=abc'
const DANGEROUS = ['javascript', 'data', 'vbscript', 'file']

/** The scheme a browser would use for `link`: tabs and newlines removed, leading controls and spaces trimmed, lower case. */
function browserScheme(link: string): string | null {
  const cleaned = link.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '')
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)
  return match ? match[1]!.toLowerCase() : null
}

const disguise = fc.tuple(fc.constantFrom(...DANGEROUS), fc.constantFrom('lower', 'upper', 'mixed', 'tab', 'newline', 'lead-space', 'lead-control', 'entity', 'bare'), fc.string({ maxLength: 12 })).map(
  ([scheme, how, rest]) => {
    const tail = `:${['//', '', '///'][rest.length % 3]}${rest}`
    switch (how) {
      case 'upper':
        return scheme.toUpperCase() + tail
      case 'mixed':
        return scheme.replace(/./g, (c, i: number) => (i % 2 ? c.toUpperCase() : c)) + tail
      case 'tab':
        return `${scheme.slice(0, 2)}\t${scheme.slice(2)}${tail}`
      case 'newline':
        return `${scheme.slice(0, 3)}\n${scheme.slice(3)}${tail}`
      case 'lead-space':
        return ` \u00a0${scheme}${tail}`
      case 'lead-control':
        return `\u0001\u001f${scheme}${tail}`
      case 'entity':
        return `${scheme}&#58;${rest}`
      case 'bare':
        return rest.length % 2 ? scheme : `${scheme}:`
      default:
        return scheme + tail
    }
  },
)
const goodLink = fc.oneof(
  fc.webUrl(),
  fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}:\/\/[a-z0-9/]{0,10}$/),
  fc.constantFrom('metamask://', 'trust://open', 'rainbow', 'rainbow:', 'https://link.example.com/'),
)
const anyLink = fc.oneof(disguise, goodLink, fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), fc.anything())

const record = fc.record(
  {
    id: fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.anything()),
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.anything()),
    image_id: fc.oneof(fc.string(), fc.anything()),
    image_url: anyLink,
    homepage: anyLink,
    mobile_link: anyLink,
    desktop_link: anyLink,
    webapp_link: anyLink,
    app_store: anyLink,
    play_store: anyLink,
    chrome_store: anyLink,
    chains: fc.oneof(fc.array(fc.oneof(fc.string(), fc.anything()), { maxLength: 4 }), fc.anything()),
    rdns: fc.oneof(fc.string(), fc.anything()),
    injected: fc.oneof(fc.array(fc.oneof(fc.record({ namespace: fc.string(), injected_id: fc.string() }), fc.anything()), { maxLength: 3 }), fc.anything()),
    badge_type: fc.oneof(fc.constantFrom('none', 'certified', null), fc.anything()),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)

function expectSafe(link: string | null): void {
  if (link === null) return
  expect(typeof link).toBe('string')
  const scheme = browserScheme(link)
  expect(scheme).not.toBeNull()
  expect(DANGEROUS).not.toContain(scheme)
  expect(link).toContain(`wc?uri=${encodeURIComponent(URI)}`)
}

describe('wallet record and walletLink fuzz', () => {
  it('walletLink never gives a link that runs code or reads local data', () => {
    fc.assert(
      fc.property(anyLink, (link) => {
        expectSafe(walletLink(link as string, URI))
      }),
      fuzzParams('wallet links: walletLink', 3000),
    )
  })

  it('disguised dangerous links are always refused', () => {
    fc.assert(
      fc.property(disguise, (link) => {
        expect(walletLinkKind(link)).toBeNull()
        expect(walletLink(link, URI)).toBeNull()
      }),
      fuzzParams('wallet links: disguised schemes', 2000),
    )
  })

  it('a checked record holds only well-typed fields and safe links, and is stable', () => {
    fc.assert(
      fc.property(record, (raw) => {
        const parsed = parseWalletRecord(raw)
        if (parsed === null) {
          expect(typeof raw.id === 'string' && raw.id.trim() !== '' && typeof raw.name === 'string' && raw.name.trim() !== '').toBe(false)
          return
        }
        expect(parsed.id).toBe(raw.id)
        expect(parsed.name).toBe(raw.name)
        for (const [key, value] of Object.entries(parsed)) {
          if (['id', 'name', 'image_id', 'rdns'].includes(key)) expect(value === null || typeof value === 'string').toBe(true)
          else if (key === 'chains') expect((value as unknown[]).every((c) => typeof c === 'string')).toBe(true)
          else if (key === 'injected') expect(value === null || (value as { namespace: unknown }[]).every((i) => typeof i.namespace === 'string')).toBe(true)
          else if (key === 'badge_type') expect([null, 'none', 'certified']).toContain(value)
          else if (value !== null) {
            expect(typeof value).toBe('string')
            expect(DANGEROUS).not.toContain(browserScheme(value as string))
          } else expect(key).not.toBe('extra')
        }
        expect(parsed).not.toHaveProperty('extra')
        expect(parseWalletRecord(parsed)).toEqual(parsed)
        const links = walletLinks(parsed, URI)
        for (const link of [links.mobile, links.desktop, links.webapp]) expectSafe(link)
      }),
      fuzzParams('wallet records: parse', 1500),
    )
  })
})
