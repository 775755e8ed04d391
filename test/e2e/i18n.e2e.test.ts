import { describe, expect, it } from 'vitest'
import ar from '../../src/react/i18n/locales/ar/index'
import es from '../../src/react/i18n/locales/es/index'
import ja from '../../src/react/i18n/locales/ja/index'
import { dialog } from './support/browser'
import { browserPerFile, currentView, demoWithoutDevtools, inModal, modalState } from './support/demo'
import { seriousViolations } from './support/axe'

// The modal in Spanish, Japanese and Arabic (right to left) in Chromium: the texts come from the
// catalogues, Arabic mirrors the layout, axe finds nothing serious, and the language switches at
// run time; a language without a catalogue shows English.

const shared = browserPerFile()
// The texts read here have one form each (no plural forms).
const CATALOGUES = { es, ja, ar } as Readonly<Record<'es' | 'ja' | 'ar', Readonly<Record<string, string>>>>
const title = (page: import('playwright-core').Page) => dialog(page).locator('#gw-dialog-title').textContent()

describe('languages', () => {
  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`${language}: Connect and Account in the catalogue's words, ${language === 'ar' ? 'right to left' : 'left to right'}`, async () => {
      const { page } = await demoWithoutDevtools(shared, { query: `?locale=${language}` })
      // axe reads colours as drawn: without motion no view is caught mid-fade.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.getByTestId('open-modal').click()
      await expect.poll(() => currentView(page)).toBe('Connect')
      expect(catalogue['Connect Wallet']).toBeTruthy()
      expect(await title(page)).toBe(catalogue['Connect Wallet'])
      const root = page.locator('gangway-modal .gw-root')
      expect([await root.getAttribute('lang'), await root.getAttribute('dir')]).toEqual([language, language === 'ar' ? 'rtl' : 'ltr'])
      // The header's Close sits at the line's end: on the left in Arabic.
      const close = await dialog(page).getByRole('button', { name: catalogue['Close'] }).boundingBox()
      const heading = await dialog(page).locator('#gw-dialog-title').boundingBox()
      expect(language === 'ar' ? close!.x < heading!.x : close!.x > heading!.x).toBe(true)
      expect(await seriousViolations(page)).toEqual([])

      await inModal(page, 'wallet-dev.gangway.wallet').click()
      await page.getByTestId('devwallet-approve').click()
      await expect.poll(() => modalState(page, (s) => s.connection.byNamespace.eip155?.status)).toBe('connected')
      if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
      await expect.poll(() => currentView(page)).toBe('Account')
      expect(await inModal(page, 'account-send').textContent()).toBe(catalogue['Send'])
      expect(await inModal(page, 'account-receive').textContent()).toBe(catalogue['Receive'])
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  it('switches at run time, and a language without a catalogue shows English', async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?locale=sv-SE' })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(await title(page)).toBe('Connect Wallet')
    expect(await page.locator('gangway-modal .gw-root').getAttribute('dir')).toBe('ltr')
    await page.getByTestId('demo-locale').selectOption('ja')
    await expect.poll(() => title(page)).toBe(ja['Connect Wallet'])
    await page.getByTestId('demo-locale').selectOption('ar')
    await expect.poll(() => page.locator('gangway-modal .gw-root').getAttribute('dir')).toBe('rtl')
    await page.getByTestId('demo-locale').selectOption('en')
    await expect.poll(() => title(page)).toBe('Connect Wallet')
    // A bad tag from the host is refused, the language unchanged.
    const refused = await page.evaluate(() => {
      try {
        ;(window as unknown as { gangway: { setLocale(l: string): void } }).gangway.setLocale('not a tag!')
        return null
      } catch (error) {
        return (error as { shortMessage?: string }).shortMessage
      }
    })
    expect(refused).toBe('Invalid setLocale arguments')
    expect(await modalState(page, (s) => s.preferences.locale)).toBe('en')
  })
})
