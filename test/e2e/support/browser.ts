import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/** Debian's chromium; the test command installs it when missing. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep Chromium from reaching out on a machine without internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** A headless Chromium; Playwright gives every launch a fresh temporary profile. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

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
