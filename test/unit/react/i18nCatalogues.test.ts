// Every English text a view passes to `t(...)` has a translation in each language's catalogue
// (every language of LANGUAGES, loaded as the modal loads it), with the same `{placeholders}`;
// plural forms only for Intl's categories of the language; no catalogue holds a text no view
// uses any more.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import ja from '../../../src/react/i18n/locales/ja/index'
import { i18nFor, isRightToLeft, LANGUAGES, languageOf, loadCatalogue, resolveLocale, translate, type Catalogue } from '../../../src/react/i18n/i18n'
import { SPEC_MESSAGES } from '../../../src/react/components/ErrorMessage'
import { VIEW_TITLES } from '../../../src/react/views/viewTitles'

const REACT = fileURLToPath(new URL('../../../src/react/', import.meta.url))
const LOCALES = join(REACT, 'i18n/locales')
const TRANSLATED = LANGUAGES.filter((language) => language !== 'en')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sources(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/**
 * The literal texts passed to t(…) (single-quoted, double-quoted or backquoted without ${}), and
 * the texts that reach t(…) through a variable: the spec's messages and the views' titles.
 */
function usedTexts(): Map<string, string> {
  const used = new Map<string, string>()
  for (const message of SPEC_MESSAGES) used.set(message, 'components/ErrorMessage.tsx (SPEC_MESSAGES)')
  for (const title of Object.values(VIEW_TITLES)) used.set(title, 'views/viewTitles.ts (VIEW_TITLES)')
  const call = /\bt\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\$]|\\.)*)`)/g
  for (const file of sources(REACT)) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(call)) {
      const raw = m[1] ?? m[2] ?? m[3] ?? ''
      used.set(raw.replace(/\\(['"`\\])/g, '$1'), file.replace(REACT, ''))
    }
  }
  return used
}

const placeholders = (text: string) => JSON.stringify([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort())

/**
 * What is wrong with a catalogue: the texts views use that it lacks, translations whose
 * placeholders differ from the English text's (a plural form may leave out `{count}`, as in
 * "one wallet", never add one), empty ones, plural forms of categories the language does not
 * have (Intl.PluralRules) or on a text without `{count}`, and texts no view uses.
 */
export function catalogueProblems(language: string, catalogue: Catalogue, used: ReadonlyMap<string, string>): string[] {
  const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories)
  const problems = [...used.keys()].filter((text) => !(text in catalogue)).map((text) => `missing (${used.get(text)}): ${text}`)
  for (const [text, translation] of Object.entries(catalogue)) {
    if (!used.has(text)) problems.push(`not used: ${text}`)
    if (typeof translation === 'string') {
      if (placeholders(translation) !== placeholders(text)) problems.push(`placeholders: ${text} → ${translation}`)
      if (translation.trim() === '') problems.push(`empty: ${text}`)
      continue
    }
    if (!text.includes('{count}')) problems.push(`plural forms without {count}: ${text}`)
    if (placeholders(translation.other) !== placeholders(text)) problems.push(`placeholders: ${text} → ${translation.other}`)
    for (const [category, form] of Object.entries(translation)) {
      if (!categories.has(category)) problems.push(`plural category ${category} is not ${language}'s: ${text}`)
      const extra = JSON.parse(placeholders(form)).filter((name: string) => !text.includes(`{${name}}`))
      if (extra.length || form.trim() === '') problems.push(`placeholders: ${text} → ${category} ${form}`)
    }
  }
  return problems
}

describe('message catalogues', () => {
  const used = usedTexts()

  it('views translate their texts (the catalogue is in use)', () => {
    expect(used.size).toBeGreaterThan(150)
  })

  it('the language list and the catalogues on disk agree: every language has a directory, every directory a language', () => {
    expect(readdirSync(LOCALES).sort()).toEqual([...TRANSLATED].sort())
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(8)
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length)
  })

  for (const language of TRANSLATED) {
    it(`${language}: every text has a translation with the same placeholders, and none is left over`, async () => {
      expect(catalogueProblems(language, await loadCatalogue(language), used)).toEqual([])
    })
  }

  it('the check finds a missing text, a wrong placeholder, a plural category the language lacks and a text no view uses', async () => {
    const es = { ...(await loadCatalogue('es')) } as Record<string, Catalogue[string]>
    delete es['Copy address']
    es['Approve in {wallet}'] = 'Aprueba en {billetera}'
    es['{count} active'] = { one: '{count} activa', two: '{count} activas', other: '{count} activas' }
    es['{count} wallets'] = { one: '{count} billetera de {wallet}', other: '{count} billeteras' }
    es['Nobody says this'] = 'Nadie'
    expect(catalogueProblems('es', es, used).sort()).toEqual(
      [
      `missing (${used.get('Copy address')}): Copy address`,
      'placeholders: Approve in {wallet} → Aprueba en {billetera}',
      "plural category two is not es's: {count} active",
      'placeholders: {count} wallets → one {count} billetera de {wallet}',
      'not used: Nobody says this',
      ].sort(),
    )
  })
})

describe('Japanese spacing', () => {
  it('no space between a {placeholder} and Japanese text, as in the rest of the catalogue', () => {
    const japanese = '[\\u3000-\\u30ff\\u4e00-\\u9fff\\uff00-\\uffef]'
    const spaced = new RegExp(`\\}[ \\u3000]+${japanese}|${japanese}[ \\u3000]+\\{`)
    expect(Object.values(ja).filter((text) => spaced.test(text))).toEqual([])
  })
})

describe('catalogue groups', () => {
  it('a text translated in several groups of views reads the same in each', async () => {
    const clashes: string[] = []
    for (const language of TRANSLATED) {
      const seen = new Map<string, [string, Catalogue[string]]>()
      for (const group of ['shell', 'connect', 'account', 'features', 'onboarding']) {
        const messages = (await import(`../../../src/react/i18n/locales/${language}/${group}.ts`)).default as Catalogue
        for (const [en, tr] of Object.entries(messages)) {
          const before = seen.get(en)
          if (before && JSON.stringify(before[1]) !== JSON.stringify(tr)) clashes.push(`${language} '${en}': ${before[0]} '${JSON.stringify(before[1])}' vs ${group} '${JSON.stringify(tr)}'`)
          else if (!before) seen.set(en, [group, tr])
        }
      }
    }
    expect(clashes).toEqual([])
  })
})

describe('translate', () => {
  it('fills placeholders, falls back to English, and picks the language of a tag', async () => {
    expect(translate({ 'Approve in {wallet}': 'Aprueba en {wallet}' }, 'Approve in {wallet}', { wallet: 'Rainbow' })).toBe('Aprueba en Rainbow')
    expect(translate({}, 'Approve in {wallet}', { wallet: 'Rainbow' })).toBe('Approve in Rainbow')
    expect(translate({}, 'Keep {unknown}', {})).toBe('Keep {unknown}')
    expect([languageOf('es-MX'), languageOf('ja'), languageOf('ar-EG'), languageOf('fr-CA'), languageOf('he'), languageOf('sv'), languageOf('EN-gb')]).toEqual(['es', 'ja', 'ar', 'fr', 'he', 'en', 'en'])
    await loadCatalogue('ar')
    expect(i18nFor('ar-EG')).toMatchObject({ language: 'ar', locale: 'ar-EG', dir: 'rtl' })
    expect(i18nFor('sv')).toMatchObject({ language: 'en', locale: 'sv', dir: 'ltr' })
  })

  it('right to left: Arabic and Hebrew (and Persian, Urdu), not the others', async () => {
    expect(LANGUAGES.filter(isRightToLeft).sort()).toEqual(['ar', 'he'])
    expect([isRightToLeft('fa'), isRightToLeft('ur'), isRightToLeft('en')]).toEqual([true, true, false])
    await loadCatalogue('he')
    expect(i18nFor('he-IL')).toMatchObject({ language: 'he', locale: 'he-IL', dir: 'rtl' })
    await loadCatalogue('de')
    expect(i18nFor('de-AT')).toMatchObject({ language: 'de', dir: 'ltr' })
  })

  it('plural forms by Intl.PluralRules of the locale, numbers in its digits and separators', () => {
    const catalogue: Catalogue = {
      '{count} wallets': { one: 'ארנק אחד', two: 'שני ארנקים', other: '{count} ארנקים' },
      'every {count} days': { one: 'tous les {count} jours', other: 'tous les {count} jours' },
      '{count} active': { one: '{count} activa', other: '{count} activas' },
    }
    expect([1, 2, 3, 1000].map((count) => translate(catalogue, '{count} wallets', { count }, 'he'))).toEqual(['ארנק אחד', 'שני ארנקים', '3 ארנקים', '1,000 ארנקים'])
    expect([1, 0, 2].map((count) => translate(catalogue, '{count} active', { count }, 'es'))).toEqual(['1 activa', '0 activas', '2 activas'])
    expect(translate(catalogue, '{count} active', { count: 1234 }, 'de-DE')).toBe('1.234 activas')
    // A count given as text picks `other`; without a catalogue entry the English text is used.
    expect(translate(catalogue, '{count} active', { count: '1' }, 'es')).toBe('1 activas')
    expect(translate({}, '{count} wallets', { count: 12345 }, 'en')).toBe('12,345 wallets')
    expect(translate({}, 'Keep {constructor}', {})).toBe('Keep {constructor}')
  })

  it('the shipped catalogues pluralise where the language needs it', async () => {
    const t = async (language: Parameters<typeof loadCatalogue>[0], text: string, count: number) => translate(await loadCatalogue(language), text, { count }, language)
    expect([await t('he', 'every {count} days', 2), await t('he', 'every {count} days', 5)]).toEqual(['כל יומיים', 'כל 5 ימים'])
    expect([await t('fr', '{count} wallets', 1), await t('fr', '{count} wallets', 40)]).toEqual(['1 portefeuille', '40 portefeuilles'])
    expect([await t('pt', '{count} active', 1), await t('pt', '{count} active', 3), await t('es', '{count} active', 1)]).toEqual(['1 ativa', '3 ativas', '1 activa'])
  })
})

describe("locale 'auto'", () => {
  it("follows the browser's languages: the first the modal shows, English when none is or without a browser", () => {
    expect(resolveLocale('auto', ['sv-SE', 'pt-BR', 'en'])).toBe('pt-BR')
    expect(resolveLocale('auto', ['he', 'en-US'])).toBe('he')
    expect(resolveLocale('auto', ['sv-SE', 'fi'])).toBe('en')
    expect(resolveLocale('auto', [])).toBe('en')
    expect(resolveLocale('auto', undefined)).toBe('en')
    expect(resolveLocale('ja-JP', ['fr'])).toBe('ja-JP')
  })

  it("reads navigator.languages where there is one; a server (none) shows English", () => {
    vi.stubGlobal('navigator', { languages: ['de-CH', 'fr'], language: 'de-CH' })
    try {
      expect(resolveLocale('auto')).toBe('de-CH')
      expect(languageOf('auto')).toBe('de')
    } finally {
      vi.unstubAllGlobals()
    }
    vi.stubGlobal('navigator', undefined)
    try {
      expect(resolveLocale('auto')).toBe('en')
      expect(i18nFor('auto')).toMatchObject({ language: 'en', locale: 'en', dir: 'ltr' })
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('a tag of each language picks its own catalogue, loaded from its own chunk', async () => {
    for (const language of TRANSLATED) {
      const own = (await import(`../../../src/react/i18n/locales/${language}/index.ts`)).default as Catalogue
      expect(languageOf(`${language.toUpperCase()}-XX`)).toBe(language)
      expect(await loadCatalogue(language)).toBe(own)
      expect(i18nFor(`${language}-XX`)).toMatchObject({ language, locale: `${language}-XX`, dir: isRightToLeft(language) ? 'rtl' : 'ltr' })
      expect(i18nFor(language).t('Approve in {wallet}', { wallet: 'Rainbow' })).toBe(translate(own, 'Approve in {wallet}', { wallet: 'Rainbow' }))
    }
  })
})
