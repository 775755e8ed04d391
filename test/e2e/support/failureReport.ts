import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach } from 'vitest'

// When an end-to-end test fails, what its pages' modals did is printed beside the failure: the
// view shown and the newest events of each log, with their request ids. A failure on a loaded
// CI machine can then be read from its output instead of being guessed at. Pages are read just
// before their context closes (tests and hooks close them after a failure) or, if still open,
// after the test's hooks.

type Running = { name: string; result?: { state?: string } }
let running: Running | undefined
const open = new Set<Page>()

beforeEach(({ task }) => {
  running = task
})

afterEach(async () => {
  await Promise.all([...open].map(reportIfFailed))
  open.clear()
})

/** Has `page` report if the running test fails (newPage registers every page it opens). */
export function reportOnFailure(page: Page, context: BrowserContext): void {
  open.add(page)
  const close = context.close.bind(context)
  context.close = async (options) => {
    await reportIfFailed(page)
    return close(options)
  }
}

type LoggedEvent = { type: string; at: number; requestId?: string }

async function reportIfFailed(page: Page): Promise<void> {
  const test = running
  if (test?.result?.state !== 'fail' || !open.delete(page) || page.isClosed()) return
  const report = await page
    .evaluate(() => {
      const modal = (window as unknown as { gangway?: { timeTravel: { log: { events: LoggedEvent[] } } } }).gangway
      const dialog = document.querySelector('gangway-modal')?.shadowRoot?.querySelector('[role=dialog]')
      const events = modal?.timeTravel.log.events.slice(-40).map(({ type, at, requestId }) => ({ type, at, requestId })) ?? []
      return { url: location.href, view: dialog?.getAttribute('data-view') ?? null, events }
    })
    .catch(() => null)
  if (!report) return
  const first = report.events[0]?.at ?? 0
  const lines = report.events.map((e) => `  +${e.at - first} ms ${e.type}${e.requestId ? ` (${e.requestId})` : ''}`)
  console.error(`[failed: ${test.name}] ${report.url}, view ${report.view ?? 'closed'}, newest events:\n${lines.join('\n')}`)
}
