import { InvalidInputError } from '../core/errors/base.js'
import { canonicalLocale, localeChanged } from '../core/events/modal/preferences.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.setLocale`: changes the modal's language (a BCP 47 tag, kept in its canonical form);
 * throws InvalidInputError for one that is not.
 *
 * @example
 * modal.setLocale('ja-JP')
 */
export function setLocale(store: Pick<Store, 'dispatch'>): (locale: string) => void {
  return (locale) =>
    hostCommand(store, 'setLocale', () => {
      const canonical = canonicalLocale(locale)
      if (canonical === null) throw new InvalidInputError('Invalid setLocale arguments', { details: `'${String(locale).slice(0, 64)}' is not a BCP 47 language tag` })
      return localeChanged({ locale: canonical })
    })
}
