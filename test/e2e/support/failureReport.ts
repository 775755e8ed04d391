import type { Page } from 'playwright-core'
import { afterEach } from 'vitest'

// When an end-to-end test fails, what its pages' modals did is printed beside the failure: the
// view shown and the newest events of each log, with their request ids. A failure on a loaded
// CI machine can then be read from its output instead of being guessed at.

const pages = new Set<Page>()

/** Has `page` reported if the running test fails (newPage registers every page it opens). */
export function reportOnFailure(page: Page): void {
  pages.add(page)
}

type LoggedEvent = { type: string; at: number; requestId?: string }
type Report = { url: string; view: string | null; events: LoggedEvent[] }

async function report(page: Page): Promise<Report | null> {
  if (page.isClosed()) return null
  return page
    .evaluate(() => {
      const modal = (window as unknown as { gangway?: { timeTravel: { log: { events: LoggedEvent[] } } } }).gangway
      const dialog = document.querySelector('gangway-modal')?.shadowRoot?.querySelector('[role=dialog]')
      const events = modal?.timeTravel.log.events.slice(-40).map(({ type, at, requestId }) => ({ type, at, requestId })) ?? []
      return { url: location.href, view: dialog?.getAttribute('data-view') ?? null, events }
    })
    .catch(() => null)
}

afterEach(async ({ task }) => {
  const open = [...pages]
  pages.clear()
  if (task.result?.state !== 'fail') return
  const reports = (await Promise.all(open.map(report))).filter((r): r is Report => r !== null)
  for (const r of reports) {
    const first = r.events[0]?.at ?? 0
    const lines = r.events.map((e) => `  +${e.at - first} ms ${e.type}${e.requestId ? ` (${e.requestId})` : ''}`)
    console.error(`[failed: ${task.name}] ${r.url}, view ${r.view ?? 'closed'}, newest events:\n${lines.join('\n')}`)
  }
})
