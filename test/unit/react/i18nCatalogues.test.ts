// Every English text a view passes to `t(...)` has a translation in each language's catalogue,
// with the same `{placeholders}`; no catalogue holds a text no view uses any more.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import ar from '../../../src/react/i18n/locales/ar/index'
import es from '../../../src/react/i18n/locales/es/index'
import ja from '../../../src/react/i18n/locales/ja/index'
import hi from '../../../src/react/i18n/locales/hi/index'
import tr from '../../../src/react/i18n/locales/tr/index'
import ru from '../../../src/react/i18n/locales/ru/index'
import ko from '../../../src/react/i18n/locales/ko/index'
import zh from '../../../src/react/i18n/locales/zh/index'
import { i18nFor, languageOf, loadCatalogue, translate } from '../../../src/react/i18n/i18n'
import { SPEC_MESSAGES } from '../../../src/react/components/ErrorMessage'
import { VIEW_TITLES } from '../../../src/react/views/viewTitles'

const REACT = fileURLToPath(new URL('../../../src/react/', import.meta.url))

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

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('message catalogues', () => {
  const used = usedTexts()

  it('views translate their texts (the catalogue is in use)', () => {
    expect(used.size).toBeGreaterThan(150)
  })

  for (const [language, catalogue] of Object.entries({ es, ja, ar, zh, ko, ru, tr, hi })) {
    it(`${language}: every text has a translation with the same placeholders, and none is left over`, () => {
      const missing = [...used.keys()].filter((text) => !(text in catalogue)).map((text) => `${used.get(text)}: ${text}`)
      expect(missing).toEqual([])
      const wrong = Object.entries(catalogue).filter(([en, tr]) => JSON.stringify(placeholders(en)) !== JSON.stringify(placeholders(tr)) || tr.trim() === '')
      expect(wrong).toEqual([])
      expect(Object.keys(catalogue).filter((text) => !used.has(text))).toEqual([])
    })
  }
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
    for (const language of ['es', 'ja', 'ar', 'zh', 'ko', 'ru', 'tr', 'hi']) {
      const seen = new Map<string, [string, string]>()
      for (const group of ['shell', 'connect', 'account', 'features', 'onboarding']) {
        const messages = (await import(`../../../src/react/i18n/locales/${language}/${group}.ts`)).default as Record<string, string>
        for (const [en, tr] of Object.entries(messages)) {
          const before = seen.get(en)
          if (before && before[1] !== tr) clashes.push(`${language} '${en}': ${before[0]} '${before[1]}' vs ${group} '${tr}'`)
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
    expect([languageOf('es-MX'), languageOf('ja'), languageOf('ar-EG'), languageOf('fr'), languageOf('EN-gb')]).toEqual(['es', 'ja', 'ar', 'en', 'en'])
    await loadCatalogue('ar')
    expect(i18nFor('ar-EG')).toMatchObject({ language: 'ar', locale: 'ar-EG', dir: 'rtl' })
    expect(i18nFor('fr')).toMatchObject({ language: 'en', dir: 'ltr' })
  })

  it('a tag of each newer language picks its own catalogue, loaded from its own chunk', async () => {
    const catalogues = { zh, ko, ru, tr, hi }
    for (const [language, catalogue] of Object.entries(catalogues)) {
      expect(languageOf(`${language.toUpperCase()}-XX`)).toBe(language)
      expect(await loadCatalogue(languageOf(language))).toBe(catalogue)
      expect(i18nFor(`${language}-XX`)).toMatchObject({ language, locale: `${language}-XX`, dir: 'ltr' })
      expect(i18nFor(language).t('Approve in {wallet}', { wallet: 'Rainbow' })).toBe(translate(catalogue, 'Approve in {wallet}', { wallet: 'Rainbow' }))
    }
  })
})
