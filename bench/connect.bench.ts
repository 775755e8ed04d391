/**
 * Connect benchmark: in headless Chromium on the built demo and the local stack, the time from a
 * click on a wallet in the Connect view to `connection/succeeded`, with the EIP-6963 dev wallet
 * approving by itself (`?autoApprove=1`). Measured in the page with `performance.now()`.
 *
 *   npx tsx bench/connect.bench.ts            (prints and rewrites its results.md section)
 *   npx tsx bench/connect.bench.ts --no-write (prints only)
 */
import { pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../dev/stack/chromium'
import { startStack } from '../dev/stack/startStack'
import { buildPages } from '../scripts/buildPages'
import { machineNote, today } from './support/machineNote'
import { median } from './support/median'
import { writeResultsSection } from './support/writeResultsSection'

const WALLET = 'dev.gangway.wallet'

export type ConnectSample = { clickToRequestedMs: number; clickToSucceededMs: number }
export type ConnectResults = { cold: ConnectSample[]; warm: ConnectSample[]; chromium: string }

/** One click on the wallet, timed in the page until `connection/succeeded` (the modal is open on Connect). */
function timeConnect(page: Page): Promise<ConnectSample> {
  return page.evaluate(
    (wallet) =>
      new Promise<ConnectSample>((resolve, reject) => {
        type Ev = { type: string }
        const modal = (window as unknown as { gangway: { event$: { subscribe(f: (e: Ev) => void): { unsubscribe(): void } } } }).gangway
        const button = document.querySelector('gangway-modal')?.shadowRoot?.querySelector<HTMLElement>(`[data-testid="wallet-${wallet}"]`)
        if (!button) return reject(new Error('no wallet button'))
        let requested = Number.NaN
        const t0 = performance.now()
        const sub = modal.event$.subscribe((e) => {
          if (e.type === 'connection/requested') requested = performance.now()
          if (e.type === 'connection/failed') reject(new Error('the connect failed'))
          if (e.type === 'connection/succeeded') {
            const t1 = performance.now()
            queueMicrotask(() => sub.unsubscribe())
            resolve({ clickToRequestedMs: requested - t0, clickToSucceededMs: t1 - t0 })
          }
        })
        button.click()
      }),
    WALLET,
  )
}

async function openConnectView(page: Page): Promise<void> {
  await page.getByTestId('open-modal').click()
  await page.locator(`gangway-modal [data-testid="wallet-${WALLET}"]`).waitFor()
}

/** Disconnects (which also revokes the site's permission in the dev wallet) and waits for the disconnect event. */
async function disconnect(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as { gangway: { disconnect(): Promise<void> } }).gangway.disconnect())
}

/**
 * `pages` fresh page loads: the first connect of each is "cold"; then `warmPerPage` more
 * connects in the same page after disconnecting are "warm".
 */
export async function runConnectBench(options: { pages?: number; warmPerPage?: number } = {}): Promise<ConnectResults> {
  const pages = options.pages ?? 15
  const warmPerPage = options.warmPerPage ?? 4
  await buildPages({ quiet: true })
  const stack = await startStack()
  const browser = await launchBrowser()
  const cold: ConnectSample[] = []
  const warm: ConnectSample[] = []
  try {
    for (let i = 0; i < pages; i++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${stack.urls.demo}?autoApprove=1`)
      await page.getByTestId('open-modal').waitFor()
      await openConnectView(page)
      cold.push(await timeConnect(page))
      for (let j = 0; j < warmPerPage; j++) {
        await disconnect(page)
        await openConnectView(page)
        warm.push(await timeConnect(page))
      }
      await context.close()
    }
    return { cold, warm, chromium: browser.version() }
  } finally {
    await browser.close()
    await stack.stop()
  }
}

const fmt = (n: number) => n.toFixed(1)
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? Number.NaN

export function connectSection(r: ConnectResults): string {
  const row = (label: string, samples: ConnectSample[]) => {
    const total = samples.map((s) => s.clickToSucceededMs)
    const dispatch = samples.map((s) => s.clickToRequestedMs)
    return `| ${label} | ${samples.length} | ${fmt(median(total))} ms | ${fmt(p95(total))} ms | ${fmt(median(dispatch))} ms |`
  }
  return `## Connect: click on a wallet → \`connection/succeeded\`

Command: \`npx tsx bench/connect.bench.ts\`. Machine: ${machineNote([`Chromium ${r.chromium}`])}. Date: ${today()}.

Headless Chromium on the built demo (development build) with the local stack on 127.0.0.1; the
EIP-6963 dev wallet approves by itself (\`?autoApprove=1\`). Timed in the page from the click on
the wallet in the Connect view to \`connection/succeeded\` on \`modal.event$\`: the reducer takes
the request, the EVM adapter asks the wallet (\`eth_requestAccounts\`, then \`eth_chainId\`) through
viem, and the outcome is reduced. "Cold" is the first connect after a page load; "warm" are later
connects in the same page after a disconnect (which revokes the permission, so the wallet is asked again).

| run | samples | median | p95 | click → \`connection/requested\` (median) |
|---|---:|---:|---:|---:|
${row('cold (first connect of a page)', r.cold)}
${row('warm (same page, after disconnect)', r.warm)}
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runConnectBench()
  const section = connectSection(results)
  console.log(section)
  if (!process.argv.includes('--no-write')) await writeResultsSection('connect', section)
}
