/**
 * The modal's languages. English is the source text: every string a view shows is written in
 * English and passed through `t`, which looks it up in the active language's catalogue (loaded
 * on demand, a chunk per language) and falls back to the English text when it has no
 * translation. `{name}` placeholders are filled from `vars`.
 */
import { createContext, useContext } from 'react'

/** The languages with a catalogue; any other tag shows English. */
export const LANGUAGES = ['en', 'es', 'ja', 'ar', 'zh', 'ko', 'ru', 'tr', 'hi'] as const
export type Language = (typeof LANGUAGES)[number]

/** English text → its translation. */
export type Catalogue = Readonly<Record<string, string>>

/**
 * The language a BCP 47 tag is shown in: its language subtag when there is a catalogue for it,
 * else English.
 *
 * @example
 * languageOf('es-MX') // 'es'
 * languageOf('fr') // 'en'
 */
export function languageOf(tag: string): Language {
  const language = tag.split('-')[0]?.toLowerCase()
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en'
}

/** Whether a language is written right to left. */
export const isRightToLeft = (language: Language): boolean => language === 'ar'

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
    const load: Promise<{ default: Catalogue }> =
      language === 'es' ? import('./locales/es/index.js')
      : language === 'ja' ? import('./locales/ja/index.js')
      : language === 'zh' ? import('./locales/zh/index.js')
      : language === 'ko' ? import('./locales/ko/index.js')
      : language === 'ru' ? import('./locales/ru/index.js')
      : language === 'tr' ? import('./locales/tr/index.js')
      : language === 'hi' ? import('./locales/hi/index.js')
      : import('./locales/ar/index.js')
    promise = load.then(
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
 * placeholders filled from `vars`.
 *
 * @example
 * translate({ 'Approve in {wallet}': 'Aprueba en {wallet}' }, 'Approve in {wallet}', { wallet: 'Rainbow' }) // 'Aprueba en Rainbow'
 */
export function translate(catalogue: Catalogue, text: string, vars?: Readonly<Record<string, string | number>>): string {
  const template = catalogue[text] ?? text
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** What views read: the language, its direction, the translate function and Intl formatters' locale. */
export type I18n = {
  language: Language
  /** The host's tag (e.g. 'es-MX'), for Intl's number, currency and time formats. */
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

/** The I18n value of a tag whose catalogue has loaded (English until it has). */
export function i18nFor(locale: string): I18n {
  const language = languageOf(locale)
  const catalogue = loadedCatalogue(language)
  if (!catalogue) return { ...ENGLISH, locale: 'en' }
  return { language, locale, dir: isRightToLeft(language) ? 'rtl' : 'ltr', t: (text, vars) => translate(catalogue, text, vars) }
}
