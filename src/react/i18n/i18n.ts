/**
 * The modal's languages. English is the source text: every string a view shows is written in
 * English and passed through `t`, which looks it up in the active language's catalogue (loaded
 * on demand, a chunk per language) and falls back to the English text when it has no
 * translation. `{name}` placeholders are filled from `vars`.
 */
import { createContext, useContext, useEffect, useState } from 'react'

/**
 * The languages with a catalogue besides English, one line each: the language's loader, a chunk
 * of its own that the host loads only when the modal shows that language. Any other tag shows
 * English.
 */
const CATALOGUES = {
  es: () => import('./locales/es/index.js'),
  ja: () => import('./locales/ja/index.js'),
  ar: () => import('./locales/ar/index.js'),
  fr: () => import('./locales/fr/index.js'),
  de: () => import('./locales/de/index.js'),
  pt: () => import('./locales/pt/index.js'),
  he: () => import('./locales/he/index.js'),
  zh: () => import('./locales/zh/index.js'),
  ko: () => import('./locales/ko/index.js'),
  ru: () => import('./locales/ru/index.js'),
  tr: () => import('./locales/tr/index.js'),
  hi: () => import('./locales/hi/index.js'),
} satisfies Record<string, () => Promise<{ default: Catalogue }>>

export type Language = 'en' | keyof typeof CATALOGUES

/** Every language the modal shows: English (the source text) and those with a catalogue. */
export const LANGUAGES: readonly Language[] = ['en', ...(Object.keys(CATALOGUES) as (keyof typeof CATALOGUES)[])]

/**
 * A translation whose words depend on a number, `{count}`: a text per plural category of the
 * language (`Intl.PluralRules`: zero, one, two, few, many), `other` for the rest.
 */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>

/** English text → its translation. */
export type Catalogue = Readonly<Record<string, string | PluralForms>>

/** The `locale` that follows the browser's languages (`navigator.languages`); English on a server. */
export const AUTO_LOCALE = 'auto'

/**
 * The tag a locale stands for: `'auto'` is the first of the browser's preferred languages that
 * the modal shows (English when none is, or without a browser), any other tag itself.
 *
 * @example
 * // navigator.languages = ['fr-CA', 'en']
 * resolveLocale('auto') // 'fr-CA'
 * resolveLocale('ja-JP') // 'ja-JP'
 */
export function resolveLocale(locale: string, preferred: readonly string[] | undefined = browserLanguages()): string {
  if (locale !== AUTO_LOCALE) return locale
  return preferred?.find((tag) => catalogueLanguage(tag) !== undefined) ?? 'en'
}

function browserLanguages(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : undefined
}

function catalogueLanguage(tag: string): Language | undefined {
  const language = tag.split('-')[0]?.toLowerCase() ?? ''
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : undefined
}

/**
 * The language a BCP 47 tag is shown in: its language subtag when there is a catalogue for it,
 * else English; `'auto'` the browser's (see resolveLocale).
 *
 * @example
 * languageOf('es-MX') // 'es'
 * languageOf('sv') // 'en'
 */
export function languageOf(tag: string): Language {
  return catalogueLanguage(resolveLocale(tag)) ?? 'en'
}

/** Whether a language is written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'he', 'fa', 'ur'])
export const isRightToLeft = (language: string): boolean => RIGHT_TO_LEFT.has(language)

const loaded = new Map<Language, Catalogue>([['en', {}]])
const loading = new Map<Language, Promise<Catalogue>>()
const failed = new Set<Language>()

/** Whether the last load of a language's catalogue failed (its views then show English). */
export const loadFailed = (language: Language): boolean => failed.has(language)

/** The catalogue of a language if it has loaded (English always has: it is the source). */
export const loadedCatalogue = (language: Language): Catalogue | undefined => loaded.get(language)

/**
 * Loads a language's catalogue (once; a failed load is tried again next time). English needs none.
 *
 * @example
 * await loadCatalogue('ja')
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  const ready = loaded.get(language)
  if (ready) return Promise.resolve(ready)
  let promise = loading.get(language)
  if (!promise) {
    promise = CATALOGUES[language as keyof typeof CATALOGUES]().then(
      (m) => {
        loaded.set(language, m.default)
        failed.delete(language)
        return m.default
      },
      (error: unknown) => {
        loading.delete(language)
        failed.add(language)
        throw error
      },
    )
    loading.set(language, promise)
  }
  return promise
}

/**
 * `text` in the catalogue's language (English when it has no translation), its `{name}`
 * placeholders filled from `vars`: numbers in the locale's digits and separators (`Intl`), and
 * a translation with plural forms in the form `Intl.PluralRules` picks for `count`.
 *
 * @example
 * translate({ 'Approve in {wallet}': 'Aprueba en {wallet}' }, 'Approve in {wallet}', { wallet: 'Rainbow' }) // 'Aprueba en Rainbow'
 * translate({ '{count} active': { one: '{count} activa', other: '{count} activas' } }, '{count} active', { count: 1 }, 'es') // '1 activa'
 */
export function translate(catalogue: Catalogue, text: string, vars?: Readonly<Record<string, string | number>>, locale = 'en'): string {
  const translation = catalogue[text] ?? text
  const count = vars?.['count']
  const template =
    typeof translation === 'string' ? translation : (typeof count === 'number' ? translation[new Intl.PluralRules(locale).select(count)] : undefined) ?? translation.other
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(vars, name)) return whole
    const value = vars[name]!
    return typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value
  })
}

/** What views read: the language, its direction, the translate function and Intl formatters' locale. */
export type I18n = {
  language: Language
  /** The host's tag (e.g. 'es-MX'; the browser's for `'auto'`), for Intl's number, currency, time and plural rules. */
  locale: string
  dir: 'ltr' | 'rtl'
  t: (text: string, vars?: Readonly<Record<string, string | number>>) => string
}

const ENGLISH: I18n = { language: 'en', locale: 'en', dir: 'ltr', t: (text, vars) => translate({}, text, vars) }

export const I18nContext = createContext<I18n>(ENGLISH)

/**
 * The modal's language in a view.
 *
 * @example
 * const { t } = useI18n()
 * return <p>{t('Approve in {wallet}', { wallet: name })}</p>
 */
export function useI18n(): I18n {
  return useContext(I18nContext)
}

/** The I18n value of a tag (`'auto'`: the browser's) whose catalogue has loaded (English until it has). */
export function i18nFor(tag: string): I18n {
  const locale = resolveLocale(tag)
  const language = languageOf(locale)
  const catalogue = loadedCatalogue(language)
  if (!catalogue) return ENGLISH
  return { language, locale, dir: isRightToLeft(language) ? 'rtl' : 'ltr', t: (text, vars) => translate(catalogue, text, vars, locale) }
}

/**
 * The tag the modal shows for its `locale` (see resolveLocale): with `'auto'`, the browser's,
 * followed when the visitor changes the browser's languages (`languagechange`).
 *
 * @example
 * const locale = useResolvedLocale(useModalState((s) => s.preferences.locale))
 */
export function useResolvedLocale(locale: string): string {
  const [, languagesChanged] = useState(0)
  useEffect(() => {
    if (locale !== AUTO_LOCALE || typeof window === 'undefined') return
    const changed = () => languagesChanged((n) => n + 1)
    window.addEventListener('languagechange', changed)
    return () => window.removeEventListener('languagechange', changed)
  }, [locale])
  return resolveLocale(locale)
}
