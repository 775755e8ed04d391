import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Address } from 'viem'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import type { ModalState } from '../../../src/core/state'
import { dialog, launchBrowser, newPage, PAGE_WAIT_MS, requestsInFlight } from './browser'
import { demoUrl, e2eStack } from './stack'

/** Opens the demo in a fresh browser context (its devtools panel only with `devtools`) and waits until the modal is ready. */
export async function openDemo(browser: Browser, options: { query?: string; viewport?: { width: number; height: number }; devtools?: boolean } = {}) {
  const opened = await newPage(browser, options.viewport ? { viewport: options.viewport } : {})
  await opened.page.goto(demoUrl(options.query, { devtools: options.devtools ?? false }))
  await opened.page.getByTestId('open-modal').waitFor()
  return { ...opened, reload: () => reloadDemo(opened.page) }
}

async function reloadDemo(page: Page) {
  await page.reload()
  await page.getByTestId('open-modal').waitFor()
}

/**
 * The modal's current view name, read from the dialog, once the view is drawn: while its part of
 * the UI is still loading (the dialog shows its header and a placeholder) it is `<name> (loading)`.
 * Null when closed.
 */
export async function currentView(page: Page): Promise<string | null> {
  if ((await dialog(page).count()) === 0) return null
  return dialog(page).evaluate((el) => {
    const view = el.getAttribute('data-view')
    return el.querySelector('[data-testid="view-loading"]') ? `${view} (loading)` : view
  })
}

/** Which element has focus, seen through the modal's shadow root. */
export function focusedInModal(page: Page): Promise<{ insideDialog: boolean; label: string }> {
  return page.evaluate(() => {
    const host = document.querySelector('gangway-modal')
    const active = document.activeElement === host ? host?.shadowRoot?.activeElement ?? null : null
    const dialogEl = host?.shadowRoot?.querySelector('[role=dialog]')
    return {
      insideDialog: !!active && !!dialogEl?.contains(active),
      label: active ? active.getAttribute('aria-label') ?? active.textContent ?? active.tagName : String(document.activeElement?.tagName),
    }
  })
}

type GangwayWindow = Window & { gangway: { getState(): ModalState } }

/** Part of the page's modal state (`pick` runs in the page, so it may use no outer variable). */
export const modalState = <T,>(page: Page, pick: (s: ModalState) => T): Promise<T> =>
  page.evaluate((source) => (0, eval)(source)((window as unknown as GangwayWindow).gangway.getState()), pick.toString()) as Promise<T>

/** The page modal's eip155 connections (null before any). */
export const eip155Connection = (page: Page) => modalState(page, (s) => s.connection.byNamespace.eip155 ?? null)

/** An element of the modal by its test id (Playwright pierces the open shadow root). */
export const inModal = (page: Page, testId: string) => page.locator(`gangway-modal [data-testid="${testId}"]`)

/** Approves the dev wallet's prompt once it asks for `method` (`eth_sendTransaction`, …). */
export async function approveInWallet(page: Page, method: string): Promise<void> {
  await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe(method)
  await page.getByTestId('devwallet-approve').click()
}

/** Rejects the dev wallet's prompt once it asks for `method`, as a visitor refusing it. */
export async function rejectInWallet(page: Page, method: string): Promise<void> {
  await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe(method)
  await page.getByTestId('devwallet-reject').click()
}

/** Opens the modal and connects an injected dev wallet by approving its prompt; the connected address. */
export async function connectInjected(page: Page, connectorId: string): Promise<Address> {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, `wallet-${connectorId}`).click()
  await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
  await page.getByTestId('devwallet-approve').click()
  await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
  return (await eip155Connection(page))!.connections[0]!.accounts[0]!.address as Address
}

/**
 * One Chromium for a test file, and the contexts its tests open, closed after each test:
 * push a context onto `contexts` to have it closed.
 */
export function browserPerFile(): { readonly browser: Browser; readonly contexts: BrowserContext[] } {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)))
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll')
      return browser
    },
    contexts,
  }
}

/**
 * The demo in a fresh context of `shared`'s browser (closed after the test), without its
 * devtools panel (see `demoUrl`).
 *
 * @example
 * const { page } = await demoWithoutDevtools(shared, { query: '?siwx=1' })
 */
export async function demoWithoutDevtools(
  shared: { readonly browser: Browser; readonly contexts: BrowserContext[] },
  options: { query?: string; permissions?: string[] } = {},
) {
  const opened = await newPage(shared.browser)
  shared.contexts.push(opened.context)
  if (options.permissions) await opened.context.grantPermissions(options.permissions)
  await opened.page.goto(demoUrl(options.query))
  await opened.page.getByTestId('open-modal').waitFor()
  return opened
}

/** A call to the local gateway's `/_control` switches (faults, prices, identities); its JSON answer. */
export async function gatewayControl(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${e2eStack().config.gatewayUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  })
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`)
  return response.json().catch(() => undefined)
}

/** The data-testid of the element focused inside the modal's shadow root (or the page's). */
export const focusedTestId = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector('gangway-modal')
    const active = document.activeElement === host ? (host?.shadowRoot?.activeElement ?? null) : document.activeElement
    return active?.getAttribute('data-testid') ?? active?.tagName ?? null
  })

/** Presses Tab until the element with `testId` has focus (at most 40 presses); fails otherwise. */
export async function tabTo(page: Page, testId: string): Promise<void> {
  // The element is on screen first (a lazy part of a view may still be loading).
  await page.locator(`[data-testid="${testId}"]`).first().waitFor()
  for (let i = 0; i < 40; i++) {
    if ((await focusedTestId(page)) === testId) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`Tab never reached ${testId} (focus is on ${await focusedTestId(page)})`)
}

type LogWindow = Window & { gangway: { timeTravel: { log: { lastSeq: number } } } }

/** The seq of the page modal's newest event. */
const lastSeq = (page: Page) => page.evaluate(() => (window as unknown as LogWindow).gangway.timeTravel.log.lastSeq)

/** A value the modal stored in IndexedDB (`gangway` database, `keyval` store), undefined when absent. */
export const storedValue = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<unknown>((resolve, reject) => {
        const req = indexedDB.open('gangway')
        req.onerror = () => reject(req.error)
        req.onsuccess = () => {
          const db = req.result
          if (!db.objectStoreNames.contains('keyval')) {
            db.close()
            resolve(undefined)
            return
          }
          const get = db.transaction('keyval').objectStore('keyval').get(k)
          get.onsuccess = () => {
            db.close()
            resolve(get.result)
          }
          get.onerror = () => reject(get.error)
        }
      }),
    key,
  )

/** The seq of the newest event this tab's stored log holds (`gangway:eventLog.<tab id>`), null without one. */
const storedLastSeq = async (page: Page) => {
  const tab = await page.evaluate(() => sessionStorage.getItem('gangway:tab'))
  // A stored record keeps its events as one JSON string, and the seq of the last one.
  const record = (await storedValue(page, `gangway:eventLog.${tab}`)) as { lastSeq?: number } | undefined
  return record?.lastSeq ?? null
}

/** The modal's durable record in IndexedDB (`gangway:durable`: preferences, wallets, sign-in sessions), if written. */
export const storedDurable = (page: Page) =>
  storedValue(page, 'gangway:durable') as Promise<{ wallets?: { connected?: Record<string, string[]> } } | undefined>

/**
 * Waits until this tab's stored log holds every event of the page's modal so far (its batched
 * write is done). As long as a page waits for an element: in a full run on 2 cores the write
 * behind a burst of events took more than the 20 s a poll gets by default.
 */
export async function logWritten(page: Page): Promise<void> {
  await expect.poll(async () => (await storedLastSeq(page)) === (await lastSeq(page)), { timeout: PAGE_WAIT_MS }).toBe(true)
}

/**
 * Waits until the page has settled: none of its requests under way, its main thread idle, the
 * modal's log written to IndexedDB and drawn, and no new event through all of that (what a
 * prefetch or a reply set off is waited for in turn). `page` must come from `newPage`.
 */
export async function settled(page: Page): Promise<void> {
  for (;;) {
    const seq = await lastSeq(page)
    await expect.poll(() => requestsInFlight(page)).toBe(0)
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
    await logWritten(page)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    if ((await lastSeq(page)) === seq && requestsInFlight(page) === 0) return
  }
}
