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
            expect((error as InvalidInputError).shortMessage).toMatch(/^Invalid (options|SIWX statement)$/)
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
})
