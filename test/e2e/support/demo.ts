import type { Browser, Page } from 'playwright-core'
import { inject } from 'vitest'
import { dialog, newPage } from './browser'

/** Opens the demo in a fresh browser context and waits until the modal is ready. */
export async function openDemo(browser: Browser, options: { query?: string; viewport?: { width: number; height: number } } = {}) {
  const { urls } = inject('stack')
  const opened = await newPage(browser, options.viewport ? { viewport: options.viewport } : {})
  await opened.page.goto(urls.demo + (options.query ?? ''))
  await opened.page.getByTestId('open-modal').waitFor()
  return { ...opened, reload: () => reloadDemo(opened.page) }
}

async function reloadDemo(page: Page) {
  await page.reload()
  await page.getByTestId('open-modal').waitFor()
}

/** The modal's current view name, read from the dialog (null when closed). */
export async function currentView(page: Page): Promise<string | null> {
  if ((await dialog(page).count()) === 0) return null
  return dialog(page).getAttribute('data-view')
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
