/**
 * AllWallets benchmark: the view on a wallet directory of 5,000 wallets in headless Chromium.
 * A production build of a minimal host page (the modal with `apiUrl`, no devtools) talks to an
 * in-process gateway serving 5,000 wallets. Measured in the page:
 * - time to first render: `open('AllWallets')` → wallet rows in the DOM and the next frame, on
 *   a fresh page (first page of 40 fetched on open) and on a reopen (lists already loaded);
 * - loading all 5,000 by scrolling to the end (125 pages of 40, one after the other);
 * - scroll frame times: the list scrolled by a fixed step every animation frame, at reading
 *   speed (one row a frame) and as a fling (the whole list in 600 frames), against an idle
 *   baseline of the same frame loop without scrolling.
 *
 *   npx tsx bench/allWallets.bench.ts            (prints and rewrites its results.md section)
 *   npx tsx bench/allWallets.bench.ts --no-write (prints only)
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import { startGateway } from '../dev/gateway/startGateway'
import { launchBrowser } from '../dev/stack/chromium'
import { serveStatic } from '../dev/stack/serveStatic'
import { machineNote, today } from './support/machineNote'
import { median } from './support/median'
import { writeResultsSection } from './support/writeResultsSection'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Under dist/ (ignored by git) so the page's imports resolve from the repository's node_modules. */
const WORK_DIR = join(ROOT, 'dist', 'bench-allwallets')

export const WALLETS = 5_000
const VIEWPORT = { width: 1280, height: 800 }

export type FrameStats = { frames: number; medianMs: number; p95Ms: number; p99Ms: number; maxMs: number; over25Ms: number }
export type ScrollRun = FrameStats & { pxPerFrame: number; maxRowsInDom: number }
export type AllWalletsResults = {
  wallets: number
  chromium: string
  /** open → rows in the DOM / next frame, fresh page: the first page is fetched on open. */
  cold: { domMs: number; frameMs: number }[]
  /** The same on a reopen with the lists already loaded (40 and 5,000 wallets loaded). */
  warm: { domMs: number; frameMs: number }[]
  warmAllLoaded: { domMs: number; frameMs: number }[]
  loadAllMs: number
  pagesLoaded: number
  idle: FrameStats[]
  reading: ScrollRun[]
  fling: ScrollRun[]
}

const HOST_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>AllWallets bench host</title></head>
  <body><div id="root"></div><script type="module" src="./main.tsx"></script></body>
</html>
`

// The host as the README tells one to set up Gangway, pointed at the gateway named in the query.
const HOST_MAIN = (src: string) => `import { createRoot } from 'react-dom/client'
import { createModal } from '${src}/index'
import { ModalProvider } from '${src}/react/index'

const apiUrl = new URLSearchParams(location.search).get('api') ?? ''
const modal = createModal({ projectId: 'bench', adapters: ['eip155'], apiUrl, persistLog: false })
;(window as unknown as { gangway: typeof modal }).gangway = modal
modal.ready.then(() => document.body.setAttribute('data-ready', 'true'))
createRoot(document.getElementById('root') as HTMLElement).render(<ModalProvider modal={modal} />)
`

/** Builds the host page for production (what a host ships: React production build, no devtools). */
async function buildHostPage(): Promise<string> {
  const appDir = join(WORK_DIR, 'app')
  const outDir = join(WORK_DIR, 'out')
  await rm(WORK_DIR, { recursive: true, force: true })
  await mkdir(appDir, { recursive: true })
  await writeFile(join(appDir, 'index.html'), HOST_HTML)
  await writeFile(join(appDir, 'main.tsx'), HOST_MAIN(join(ROOT, 'src').replaceAll('\\', '/')))
  await build({ configFile: false, root: appDir, base: './', logLevel: 'warn', mode: 'production', build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 } })
  return outDir
}

type PageWindow = Window & { gangway: { open(view: string): void; close(): void; getState(): { walletList: { lists: { all: { wallets: unknown[]; count: number | null; status: string } } } } } }

/** open('AllWallets') → the first wallet row in the shadow DOM, and the frame after it. */
function timeFirstRender(page: Page): Promise<{ domMs: number; frameMs: number }> {
  return page.evaluate(
    () =>
      new Promise<{ domMs: number; frameMs: number }>((resolve, reject) => {
        const w = window as unknown as PageWindow
        const host = document.querySelector('gangway-modal')
        const shadow = host?.shadowRoot
        if (!shadow) return reject(new Error('no modal host'))
        const hasRows = () => shadow.querySelector('[data-testid="all-wallets-row"]') !== null
        const t0 = performance.now()
        const done = () => {
          const domMs = performance.now() - t0
          requestAnimationFrame(() => resolve({ domMs, frameMs: performance.now() - t0 }))
        }
        const observer = new MutationObserver(() => {
          if (!hasRows()) return
          observer.disconnect()
          done()
        })
        observer.observe(shadow, { childList: true, subtree: true })
        w.gangway.open('AllWallets')
        if (hasRows()) {
          observer.disconnect()
          done()
        }
        setTimeout(() => reject(new Error('no wallet rows after 10 s')), 10_000)
      }),
  )
}

/** Scrolls to the end until every wallet is loaded; resolves the time it took and the pages loaded. */
function loadEverything(page: Page): Promise<{ ms: number; pages: number }> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; pages: number }>((resolve, reject) => {
        const w = window as unknown as PageWindow
        const list = document.querySelector('gangway-modal')?.shadowRoot?.querySelector<HTMLElement>('[data-testid="all-wallets-list"]')
        if (!list) return reject(new Error('no wallet list'))
        const t0 = performance.now()
        const start = w.gangway.getState().walletList.lists.all.wallets.length
        const step = () => {
          const all = w.gangway.getState().walletList.lists.all
          if (all.count !== null && all.wallets.length >= all.count) {
            resolve({ ms: performance.now() - t0, pages: Math.round((all.wallets.length - start) / 40) })
            return
          }
          if (all.status === 'failed') return reject(new Error('a page failed to load'))
          list.scrollTop = list.scrollHeight
          requestAnimationFrame(step)
        }
        step()
      }),
  )
}

/**
 * Frame intervals of a requestAnimationFrame loop of `frames` frames; with `pxPerFrame` the list
 * scrolls by that much each frame (wrapping to the top at the end).
 */
function frameRun(page: Page, pxPerFrame: number, frames: number): Promise<{ intervals: number[]; maxRowsInDom: number }> {
  return page.evaluate(
    ([step, count]) =>
      new Promise<{ intervals: number[]; maxRowsInDom: number }>((resolve, reject) => {
        const shadow = document.querySelector('gangway-modal')?.shadowRoot
        const list = shadow?.querySelector<HTMLElement>('[data-testid="all-wallets-list"]')
        if (!shadow || !list) return reject(new Error('no wallet list'))
        list.scrollTop = 0
        const intervals: number[] = []
        let maxRowsInDom = 0
        let last: number | null = null
        let n = 0
        const frame = (t: number) => {
          if (last !== null) intervals.push(t - last)
          last = t
          maxRowsInDom = Math.max(maxRowsInDom, shadow.querySelectorAll('[data-testid="all-wallets-row"]').length)
          if (++n > count) return resolve({ intervals, maxRowsInDom })
          if (step > 0) {
            const next = list.scrollTop + step
            list.scrollTop = next >= list.scrollHeight - list.clientHeight ? 0 : next
          }
          requestAnimationFrame(frame)
        }
        // Two frames to settle before counting.
        requestAnimationFrame(() => requestAnimationFrame(frame))
      }),
    [pxPerFrame, frames] as const,
  )
}

function stats(intervals: number[]): FrameStats {
  const sorted = [...intervals].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? Number.NaN
  return {
    frames: intervals.length,
    medianMs: median(intervals),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
    over25Ms: intervals.filter((x) => x > 25).length,
  }
}

/** Runs the benchmark: `pageLoads` fresh pages for the cold figure, `runs` of each scroll. */
export async function runAllWalletsBench(options: { pageLoads?: number; runs?: number; wallets?: number } = {}): Promise<AllWalletsResults> {
  const pageLoads = options.pageLoads ?? 10
  const runs = options.runs ?? 3
  const wallets = options.wallets ?? WALLETS
  const outDir = await buildHostPage()
  const gateway = await startGateway({ chains: [], tokens: [] })
  gateway.control.setWalletCount(wallets)
  const web = await serveStatic({ root: outDir })
  const browser = await launchBrowser()
  const url = `${web.url}/?api=${encodeURIComponent(gateway.url)}`
  try {
    const openPage = async () => {
      const context = await browser.newContext({ viewport: VIEWPORT })
      // tsx keeps function names with a \`__name\` helper that the page does not have.
      await context.addInitScript({ content: 'window.__name = (f) => f' })
      const page = await context.newPage()
      await page.goto(url)
      await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' })
      await page.locator('gangway-modal').waitFor({ state: 'attached' })
      return { context, page }
    }
    const reopen = async (page: Page) => {
      await page.evaluate(() => (window as unknown as PageWindow).gangway.close())
      return timeFirstRender(page)
    }

    const cold: AllWalletsResults['cold'] = []
    const warm: AllWalletsResults['warm'] = []
    for (let i = 0; i < pageLoads; i++) {
      const { context, page } = await openPage()
      cold.push(await timeFirstRender(page))
      warm.push(await reopen(page))
      await context.close()
    }

    const { context, page } = await openPage()
    await timeFirstRender(page)
    const loaded = await loadEverything(page)
    const count = await page.evaluate(() => (window as unknown as PageWindow).gangway.getState().walletList.lists.all.wallets.length)
    if (count !== wallets) throw new Error(`expected ${wallets} wallets loaded, got ${count}`)
    const warmAllLoaded: AllWalletsResults['warmAllLoaded'] = []
    for (let i = 0; i < pageLoads; i++) warmAllLoaded.push(await reopen(page))

    const rowHeight = await page.evaluate(() => {
      const row = document.querySelector('gangway-modal')?.shadowRoot?.querySelector<HTMLElement>('[data-testid="all-wallets-row"]')
      return row?.getBoundingClientRect().height ?? 0
    })
    const FRAMES = 600
    const flingStep = Math.ceil((wallets * rowHeight) / FRAMES)
    const idle: FrameStats[] = []
    const reading: ScrollRun[] = []
    const fling: ScrollRun[] = []
    for (let r = 0; r < runs; r++) {
      idle.push(stats((await frameRun(page, 0, FRAMES)).intervals))
      const slow = await frameRun(page, rowHeight, FRAMES)
      reading.push({ ...stats(slow.intervals), pxPerFrame: rowHeight, maxRowsInDom: slow.maxRowsInDom })
      const fast = await frameRun(page, flingStep, FRAMES)
      fling.push({ ...stats(fast.intervals), pxPerFrame: flingStep, maxRowsInDom: fast.maxRowsInDom })
    }
    await context.close()
    return { wallets, chromium: browser.version(), cold, warm, warmAllLoaded, loadAllMs: loaded.ms, pagesLoaded: loaded.pages, idle, reading, fling }
  } finally {
    await browser.close()
    await web.stop()
    await gateway.stop()
  }
}

const ms = (n: number) => `${n.toFixed(1)} ms`
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? Number.NaN

export function allWalletsSection(r: AllWalletsResults): string {
  const renderRow = (label: string, samples: { domMs: number; frameMs: number }[]) =>
    `| ${label} | ${samples.length} | ${ms(median(samples.map((s) => s.domMs)))} | ${ms(median(samples.map((s) => s.frameMs)))} | ${ms(p95(samples.map((s) => s.frameMs)))} |`
  const pick = (runs: FrameStats[], key: keyof FrameStats) => median(runs.map((s) => s[key] as number))
  const frameRow = (label: string, runs: (FrameStats & { maxRowsInDom?: number })[]) =>
    `| ${label} | ${runs.length} × ${runs[0]?.frames ?? 0} | ${ms(pick(runs, 'medianMs'))} | ${ms(pick(runs, 'p95Ms'))} | ${ms(pick(runs, 'p99Ms'))} | ${ms(Math.max(...runs.map((s) => s.maxMs)))} | ${runs.reduce((n, s) => n + s.over25Ms, 0)} | ${runs[0]?.maxRowsInDom ?? '—'} |`
  const flingPx = r.fling[0]?.pxPerFrame ?? 0
  const readingPx = r.reading[0]?.pxPerFrame ?? 0
  return `## AllWallets: ${r.wallets.toLocaleString('en-US')} wallets — first render and scroll frames

Command: \`npx tsx bench/allWallets.bench.ts\`. Machine: ${machineNote([`Chromium ${r.chromium}`])}. Date: ${today()}.

Headless Chromium (viewport ${VIEWPORT.width}×${VIEWPORT.height}) on a production build of a minimal
host page (the modal with \`apiUrl\`, no devtools) against an in-process gateway serving
${r.wallets.toLocaleString('en-US')} wallets on 127.0.0.1. Timed in the page with \`performance.now()\`.

**Time to first render**: \`open('AllWallets')\` until the first wallet row is in the DOM, and
until the animation frame after it. "Fresh page" includes fetching the first page of 40 (the
open prefetches it); "reopen" renders lists already in the state.

| case | samples | open → rows in DOM (median) | open → next frame (median) | next frame p95 |
|---|---:|---:|---:|---:|
${renderRow('fresh page (first page fetched on open)', r.cold)}
${renderRow('reopen, 40 wallets loaded', r.warm)}
${renderRow(`reopen, all ${r.wallets.toLocaleString('en-US')} loaded`, r.warmAllLoaded)}

Loading all ${r.wallets.toLocaleString('en-US')} by keeping the list scrolled to its end (infinite scroll, ${r.pagesLoaded} pages of
40 requested one after the other): ${(r.loadAllMs / 1000).toFixed(2)} s.

**Scroll frame times** with all ${r.wallets.toLocaleString('en-US')} loaded: a requestAnimationFrame loop sets the list's
\`scrollTop\` forward each frame; the intervals between frames are what the visitor sees (16.7 ms
at 60 Hz). "Reading" moves one row (${readingPx} px) a frame; "fling" crosses the whole list
(${flingPx} px a frame, every row in view new each frame); "idle" is the same loop without scrolling.
Rows in the DOM stay at what fits the viewport plus overscan, whatever the list's length.

| loop | runs × frames | median | p95 | p99 | max | frames > 25 ms | most rows in the DOM |
|---|---:|---:|---:|---:|---:|---:|---:|
${frameRow('idle (no scrolling)', r.idle)}
${frameRow('reading (1 row / frame)', r.reading)}
${frameRow('fling (whole list in 600 frames)', r.fling)}
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runAllWalletsBench()
  const section = allWalletsSection(results)
  console.log(section)
  if (!process.argv.includes('--no-write')) await writeResultsSection('allwallets', section)
}
