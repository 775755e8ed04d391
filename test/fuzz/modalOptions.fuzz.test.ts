import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidInputError } from '../../src/core/errors/base'
import { createTestModal } from '../support/testModal'
import { fuzzParams } from './fuzzParams'

// Fuzz: the options a host passes that end up in views (legal links, the sign-in statement).
// createModal either refuses them with an InvalidInputError or keeps only what is safe to show:
// http(s) links, a one-line statement.

const url = fc.oneof(
  fc.constantFrom('https://example.com/terms', 'http://127.0.0.1:5173/privacy', 'javascript:alert(1)', 'data:text/html,x', '//example.com', 'https://', 'https://a b.com', ''),
  fc.webUrl(),
  fc.string({ maxLength: 40 }),
  fc.anything(),
)

describe('createModal options (fuzz)', () => {
  it('legal links and the SIWX statement are refused, or kept only as http(s) URLs and one line', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ termsUrl: url, privacyUrl: url }, { requiredKeys: [] }),
        fc.option(fc.oneof(fc.string({ maxLength: 60 }), fc.constant('line one\nline two')), { nil: undefined }),
        async (legal, statement) => {
          let created: Awaited<ReturnType<typeof createTestModal>> | undefined
          try {
            created = await createTestModal({ legal: legal as never, ...(statement === undefined ? {} : { siwx: { statement } }) })
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidInputError)
            expect((error as InvalidInputError).message).toMatch(/^Invalid options: (legal\.(termsUrl|privacyUrl) must be an http\(s\) URL|legal must be an object|siwx\.statement must be one line)/)
            return
          }
          const settings = created.modal.getState().settings
          for (const link of Object.values(settings.legal ?? {})) expect(link).toMatch(/^https?:\/\/\S+$/)
          if (settings.siwx?.statement !== undefined) expect(settings.siwx.statement).not.toMatch(/[\r\n]/)
          created.modal.destroy()
        },
      ),
      fuzzParams('createModal options', 150),
    )
  })

  it('swap chains are refused unless every one is an EIP-155 CAIP-2 id; kept ones are exactly those, once each', async () => {
    const chainId = fc.oneof(
      fc.integer({ min: 1, max: 2 ** 40 }).map((n) => `eip155:${n}`),
      fc.constantFrom('eip155:0', 'eip155:', 'eip155:01', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '8453', 'eip155:8453 ', 'EIP155:1'),
      fc.string({ maxLength: 20 }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(chainId, { maxLength: 5 }), fc.anything()), async (swapChains) => {
        let created: Awaited<ReturnType<typeof createTestModal>> | undefined
        try {
          created = await createTestModal({ swapChains: swapChains as never })
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as InvalidInputError).message).toMatch(/^Invalid options: swapChains(\[\d+\])? must be /)
          expect(Array.isArray(swapChains) && swapChains.every((c) => typeof c === 'string' && /^eip155:[1-9]\d{0,15}$/.test(c))).toBe(false)
          return
        }
        const kept = created.modal.getState().settings.swapChains
        if (swapChains === undefined) expect(kept).toBeUndefined()
        else expect(kept).toEqual([...new Set(swapChains as string[])])
        for (const c of kept ?? []) expect(c).toMatch(/^eip155:[1-9]\d{0,15}$/)
        created.modal.destroy()
      }),
      fuzzParams('createModal swapChains', 100),
    )
  })

  it('a locale is refused unless it is a BCP 47 tag, and kept in its canonical form; setLocale likewise', async () => {
    const tag = fc.oneof(
      fc.constantFrom('es', 'ES-mx', 'ja-JP', 'ar', 'zh-Hant-TW', 'en-US-u-nu-arab', 'x', '', 'en_US', '123', 'not a tag', 'a'.repeat(80)),
      fc.string({ maxLength: 20 }),
      fc.anything(),
    )
    await fc.assert(
      fc.asyncProperty(tag, tag, async (initial, later) => {
        const canonical = (value: unknown) => {
          if (typeof value !== 'string' || value === '' || value.length > 64) return null
          try {
            return Intl.getCanonicalLocales(value)[0] ?? null
          } catch {
            return null
          }
        }
        let created: Awaited<ReturnType<typeof createTestModal>> | undefined
        try {
          created = await createTestModal({ locale: initial as never })
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect((error as InvalidInputError).message).toMatch(/^Invalid options: locale must be a BCP 47 language tag/)
          expect(canonical(initial)).toBeNull()
          return
        }
        const { modal } = created
        expect(modal.getState().preferences.locale).toBe(initial === undefined ? 'en' : canonical(initial))
        const before = modal.getState().preferences.locale
        try {
          modal.setLocale(later as never)
          expect(modal.getState().preferences.locale).toBe(canonical(later))
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError)
          expect(canonical(later)).toBeNull()
          expect(modal.getState().preferences.locale).toBe(before)
        }
        modal.destroy()
      }),
      fuzzParams('createModal locale', 100),
    )
  })
})
