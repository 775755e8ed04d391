/**
 * Batched-calls benchmark: in headless Chromium on the built demo and the local stack, a host's
 * `modal.sendCalls` of two calls (atomic) to the injected dev wallet, which runs them as one
 * EIP-7702 transaction through Simple7702Account and approves by itself (`?autoApprove=1`).
 * Timed in the page with `performance.now()`: from the call to the batch id (the wallet took
 * it: signed and submitted), and to `calls/statusReceived` with status 200 (the modal knows the
 * batch is confirmed, with its receipt). The first batch of a page's account also upgrades it
 * (the EIP-7702 authorization); the others are plain transactions to itself.
 *
 *   npx tsx bench/batchedCalls.bench.ts            (prints and rewrites its results.md section)
 *   npx tsx bench/batchedCalls.bench.ts --no-write (prints only)
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

export type BatchSample = { toIdMs: number; toConfirmedMs: number }
export type BatchResults = { first: BatchSample[]; later: BatchSample[]; chromium: string }

/** One batch of two ETH transfers, timed in the page. */
function timeBatch(page: Page, to: string): Promise<BatchSample> {
  return page.evaluate(
    (receiver) =>
      new Promise<BatchSample>((resolve, reject) => {
        type Ev = { type: string; payload: { id?: string; status?: number } }
        const modal = (window as unknown as {
          gangway: { event$: { subscribe(f: (e: Ev) => void): { unsubscribe(): void } }; sendCalls(c: unknown, o: unknown): Promise<{ id: string }> }
        }).gangway
        let id: string | undefined
        let toId = Number.NaN
        const t0 = performance.now()
        const sub = modal.event$.subscribe((e) => {
          if (e.type === 'calls/statusReceived' && e.payload.id === id && e.payload.status === 200) {
            const t1 = performance.now()
            queueMicrotask(() => sub.unsubscribe())
            resolve({ toIdMs: toId, toConfirmedMs: t1 - t0 })
          }
        })
        modal.sendCalls([{ to: receiver, value: '1' }, { to: receiver, value: '2' }], { atomicRequired: true }).then((r) => {
          id = r.id
          toId = performance.now() - t0
        }, reject)
      }),
    to,
  )
}

export async function runBatchedCallsBench(options: { pages?: number; perPage?: number } = {}): Promise<BatchResults> {
  const pages = options.pages ?? 5
  const perPage = options.perPage ?? 8
  await buildPages({ quiet: true })
  const stack = await startStack()
  const browser = await launchBrowser()
  const first: BatchSample[] = []
  const later: BatchSample[] = []
  try {
    for (let i = 0; i < pages; i++) {
      // Each page's account starts as a plain EOA again (its delegation cleared), so its first batch upgrades it.
      await rpc(stack.config.chains[0]!.rpcUrl, 'hardhat_setCode', [stack.config.accounts[0]!.address, '0x'])
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${stack.urls.demo}?autoApprove=1`)
      await page.getByTestId('open-modal').click()
      await page.locator(`gangway-modal [data-testid="wallet-${WALLET}"]`).click()
      await page.waitForFunction(() => (window as unknown as { gangway: { getState(): { connection: { byNamespace: { eip155?: { status: string } } } } } }).gangway.getState().connection.byNamespace.eip155?.status === 'connected')
      const to = `0x${(0xbeef0000 + i).toString(16).padStart(40, '0')}`
      first.push(await timeBatch(page, to))
      for (let j = 0; j < perPage; j++) later.push(await timeBatch(page, to))
      await context.close()
    }
    return { first, later, chromium: browser.version() }
  } finally {
    await browser.close()
    await stack.stop()
  }
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

const fmt = (n: number) => n.toFixed(1)
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? Number.NaN

export function batchedCallsSection(r: BatchResults): string {
  const row = (label: string, samples: BatchSample[]) => {
    const id = samples.map((s) => s.toIdMs)
    const done = samples.map((s) => s.toConfirmedMs)
    return `| ${label} | ${samples.length} | ${fmt(median(id))} ms | ${fmt(p95(id))} ms | ${fmt(median(done))} ms | ${fmt(p95(done))} ms |`
  }
  return `## Batched calls: \`modal.sendCalls\` → batch id → confirmed in the modal

Command: \`npx tsx bench/batchedCalls.bench.ts\`. Machine: ${machineNote([`Chromium ${r.chromium}`])}. Date: ${today()}.

Headless Chromium on the built demo (development build) with the local stack on 127.0.0.1 (hardhat,
automining); the EIP-6963 dev wallet approves by itself (\`?autoApprove=1\`) and runs each batch
of two ETH transfers atomically as one EIP-7702 transaction to Simple7702Account's
\`executeBatch\`. Timed in the page from the \`sendCalls\` call to its batch id (the modal's request,
the wallet's checks, signing and submitting) and to \`calls/statusReceived\` with status 200 (the
modal asked \`wallet_getCallsStatus\` and has the receipt: at once, then every second). "First" is
the first batch of a page's account, which also signs the EIP-7702 authorization; "later" are the
next ones in the same page.

| batch | samples | → id (median) | → id (p95) | → confirmed in the modal (median) | → confirmed (p95) |
|---|---:|---:|---:|---:|---:|
${row("first (upgrades the account)", r.first)}
${row('later (same page)', r.later)}
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runBatchedCallsBench()
  const section = batchedCallsSection(results)
  console.log(section)
  if (!process.argv.includes('--no-write')) await writeResultsSection('batchedCalls', section)
}
