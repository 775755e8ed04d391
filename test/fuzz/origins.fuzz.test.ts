// Fuzz: origin allow-lists as the directory sends them, against the origin of the page. No
// origin may match unless a plain, obviously correct (and exponential) reference matcher says
// so; adversarial patterns stay fast; text that is not a URL with an origin is never allowed.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isOriginAllowed } from '../../src/core/domain/origins'
import { fuzzParams } from './fuzzParams'

const SEPARATORS = new Set(['/', '?', '#', '@', ':'])

/** The page's origin as browsers serialise it, or null (no origin: never allowed). */
function serialisedOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/** Reference glob: `*` is any run of characters other than the separators. Exponential, small inputs only. */
function referenceGlob(pattern: string, text: string): boolean {
  if (pattern === '') return text === ''
  if (pattern[0] === '*') {
    return referenceGlob(pattern.slice(1), text) || (text !== '' && !SEPARATORS.has(text[0]!) && referenceGlob(pattern, text.slice(1)))
  }
  return text !== '' && pattern[0] === text[0] && referenceGlob(pattern.slice(1), text.slice(1))
}

function referenceAllowed(origin: string, entries: readonly string[]): boolean {
  const current = serialisedOrigin(origin)
  if (current === null) return false
  return entries.some((entry) => {
    if (entry === '*') return true
    if (entry.includes('*')) return referenceGlob(entry.toLowerCase(), current.toLowerCase())
    return serialisedOrigin(entry) === current
  })
}

// Origins from a small alphabet so that patterns often come close to them.
const label = fc.stringMatching(/^[ab][ab0-9-]{0,4}$/)
const host = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'))
const origin = fc
  .record({
    scheme: fc.constantFrom('http', 'https', 'HTTPS'),
    host,
    port: fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
  })
  .map(({ scheme, host, port }) => `${scheme}://${host}${port === undefined ? '' : `:${port}`}`)

/** A pattern made from an origin: some runs replaced by stars, some characters changed. */
const patternNear = (base: fc.Arbitrary<string>) =>
  fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.constantFrom('*', '**', 'a', '.', ':', '/', '*.', '.*', '')), { maxLength: 4 }))
    .map(([text, edits]) => {
      let out = serialisedOrigin(text) ?? text
      for (const [at, length, insert] of edits) {
        const i = at % (out.length + 1)
        out = out.slice(0, i) + insert + out.slice(i + length)
      }
      return out
    })

const randomPattern = fc.stringMatching(/^[ab.:/*0-9-]{0,24}$/)

/** A pattern `page` matches by construction: runs inside its parts replaced by stars. */
const starredFrom = (page: string) =>
  fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 8 }).map((cuts) => {
    const parts = (serialisedOrigin(page) ?? page).split(/([/?#@:])/)
    cuts.forEach(([a, b, upper], n) => {
      const i = (2 * n) % parts.length
      const part = parts[i]!
      const from = a % (part.length + 1)
      const to = from + (b % (part.length - from + 1))
      parts[i] = `${part.slice(0, from)}*${part.slice(to)}`
      if (upper) parts[i] = parts[i]!.toUpperCase()
    })
    return parts.join('')
  })

/** A page and an allow-list: patterns made from the page (matching or nearly), random ones, other origins. */
const pageAndList = origin.chain((page) =>
  fc.tuple(
    fc.constant(page),
    fc.array(fc.oneof(starredFrom(page), patternNear(starredFrom(page)), patternNear(fc.constant(page)), randomPattern, origin), { minLength: 1, maxLength: 3 }),
  ),
)


describe('origin allow-list fuzz', () => {
  it('allows an origin only when the reference matcher does', () => {
    fc.assert(
      fc.property(pageAndList, ([page, list]) => {
        expect(isOriginAllowed(page, list)).toBe(referenceAllowed(page, list))
      }),
      fuzzParams('origins: reference matcher', 3000),
    )
  })

  it('agrees with the reference on dense star patterns inside one host label', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ab]{1,7}$/), fc.stringMatching(/^[ab*]{1,7}$/), (label, glob) => {
        const page = `https://${label}.x.test`
        const entry = `https://${glob}.x.test`
        expect(isOriginAllowed(page, [entry])).toBe(referenceAllowed(page, [entry]))
      }),
      fuzzParams('origins: dense stars', 3000),
    )
  })

  it('stays fast on adversarial patterns against long hosts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 10, max: 250 }),
        fc.constantFrom('a', 'ab', 'a.', '-'),
        fc.boolean(),
        (stars, length, piece, matching) => {
          const pattern = `https://${`*${piece}`.repeat(stars)}*b.example.com`
          const page = `https://${piece.replace('.', 'a').repeat(length)}${matching ? 'b' : ''}.example.com`
          const started = performance.now()
          isOriginAllowed(page, [pattern, pattern.replace('https', 'http'), `${pattern}:*`])
          // Backtracking on these takes seconds to years; the loose bound leaves room for a busy
          // machine's pauses, which reach tens of milliseconds.
          expect(performance.now() - started).toBeLessThan(1_000)
        },
      ),
      fuzzParams('origins: adversarial time', 300),
    )
  })

  it('never allows text that is not a URL with an origin, whatever the list', () => {
    const junk = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('null', 'javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'about:blank', 'blob:x', '//example.com', 'example.com', ' ', ''),
      fc.tuple(fc.constantFrom('javascript:', 'data:', 'file://', 'mailto:', 'a:'), fc.string({ maxLength: 20 })).map(([a, b]) => a + b),
    )
    fc.assert(
      fc.property(junk, fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('*'), fc.constant('https://*')), { maxLength: 4 }), (text, list) => {
        fc.pre(serialisedOrigin(text) === null)
        expect(isOriginAllowed(text, [text, '*', ...list])).toBe(false)
      }),
      fuzzParams('origins: junk refused', 2000),
    )
  })

  it('never throws on allow-lists of any shape', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (page, list) => {
        expect(typeof isOriginAllowed(page as string, list as string[])).toBe('boolean')
      }),
      fuzzParams('origins: any input', 1000),
    )
  })
})
