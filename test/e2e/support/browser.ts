import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core'
import { reportOnFailure } from './failureReport'
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchBrowser } from '../../../dev/stack/chromium'

/** The requests of each page of `newPage` that have not finished yet. */
const inFlight = new WeakMap<Page, Set<Request>>()

/** How many requests of `page` (opened by `newPage`) are under way. */
export function requestsInFlight(page: Page): number {
  const requests = inFlight.get(page)
  if (!requests) throw new Error('requestsInFlight: the page was not opened by newPage')
  return requests.size
}

/** A page with its own context (own IndexedDB and localStorage), collecting console errors. */
/** How long a page's wait (an element, a navigation, an action's target) may take before it fails. */
export const PAGE_WAIT_MS = 60_000

export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}) {
  const context: BrowserContext = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } })
  // Waits for an element or a navigation end when it happens; the limit only bounds a failure. In
  // a full run (four e2e workers beside the unit suite and the smoke test's builds on two cores) a
  // reload took more than Playwright's default 30 s to draw the demo again.
  context.setDefaultTimeout(PAGE_WAIT_MS)
  const page: Page = await context.newPage()
  const errors: string[] = []
  const requests = new Set<Request>()
  inFlight.set(page, requests)
  reportOnFailure(page, context)
  page.on('request', (r) => requests.add(r))
  page.on('requestfinished', (r) => requests.delete(r))
  page.on('requestfailed', (r) => requests.delete(r))
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return { context, page, errors }
}

/** The modal's shadow-root content is reachable through normal locators (Playwright pierces open shadow roots). */
export const dialog = (page: Page) => page.locator('gangway-modal [role=dialog]')

/**
 * Waits until every finite animation and transition in `target` and below has finished (an
 * entrance, a sheet sliding up, a height following new content), including any that the frames
 * after the call start; infinite ones (spinners) are not waited for.
 */
export async function animationsDone(target: Locator): Promise<void> {
  await target.evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    for (;;) {
      await frame()
      await frame()
      const running = element
        .getAnimations({ subtree: true })
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
      if (running.length === 0) return
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
    }
  })
}
