import type { Browser, BrowserContext, Page } from 'playwright-core'
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../../dev/stack/chromium'

/** A page with its own context (own IndexedDB and localStorage), collecting console errors. */
export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } })
  const page: Page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { context, page, errors }
}

/** The modal's shadow-root content is reachable through normal locators (Playwright pierces open shadow roots). */
export const dialog = (page: Page) => page.locator('gangway-modal [role=dialog]')
