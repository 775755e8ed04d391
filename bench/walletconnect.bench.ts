/**
 * WalletConnect benchmark: in headless Chromium on the built demo and the local stack (relay on
 * 127.0.0.1), the time from a click on WalletConnect in the Connect view until its QR code is on
 * screen, with the provider prefetched when the page was idle and cold (`?wcPrefetch=0`: loaded by
 * the click); and the time from the dev wallet (WalletKit, approving by itself) pairing with the
 * URI until `connection/succeeded` in the modal.
 *
 *   npx tsx bench/walletconnect.bench.ts            (prints and rewrites its results.md section)
 *   npx tsx bench/walletconnect.bench.ts --no-write (prints only)
 */
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../dev/stack/chromium'
import { startStack } from '../dev/stack/startStack'
import { buildPages } from '../scripts/buildPages'
import { machineNote, today } from './support/machineNote'
import { median } from './support/median'
import { writeResultsSection } from './support/writeResultsSection'

/** Click → QR code drawn, and click → its pairing URI reduced (the rest is drawing it). */
export type QrSample = { qrMs: number; uriMs: number }

export type WalletConnectResults = {
  prefetched: QrSample[]
  cold: QrSample[]
  pairToConnected: number[]
  chromium: string
}

type PageWindow = Window & { gangway: { getState(): { walletConnect: { provider: string; pairing: { uri: string } | null } }; event$: { subscribe(f: (e: { type: string }) => void): { unsubscribe(): void } } } }

/** Clicks WalletConnect (the modal is open on Connect) and times, in the page, until the QR code is drawn. */
function timeClickToQr(page: Page): Promise<QrSample> {
  return page.evaluate(
    () =>
      new Promise<QrSample>((resolve, reject) => {
        const root = document.querySelector('gangway-modal')?.shadowRoot
        const button = root?.querySelector<HTMLElement>('[data-testid="wallet-walletConnect"]')
        if (!root || !button) return reject(new Error('no WalletConnect button'))
        const t0 = performance.now()
        const deadline = t0 + 30_000
        let uriAt = Number.NaN
        const sub = (window as unknown as PageWindow).gangway.event$.subscribe((e) => {
          if (e.type === 'walletConnect/pairingUriReceived' && Number.isNaN(uriAt)) uriAt = performance.now() - t0
        })
        const check = () => {
          // Drawn: the QR element exists; one more frame lets it reach the screen.
          if (root.querySelector('[data-testid="wc-qr"]')) {
            sub.unsubscribe()
            return requestAnimationFrame(() => resolve({ qrMs: performance.now() - t0, uriMs: uriAt }))
          }
          if (performance.now() > deadline) return reject(new Error('no QR code within 30 s'))
          requestAnimationFrame(check)
        }
        button.click()
        requestAnimationFrame(check)
      }),
  )
}

async function openConnect(browser: Browser, url: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  // Functions handed to page.evaluate keep their names under tsx, which calls a `__name` helper.
  await context.addInitScript({ content: 'globalThis.__name ??= (f) => f' })
  const page = await context.newPage()
  await page.goto(url)
  await page.getByTestId('open-modal').click()
  await page.locator('gangway-modal [data-testid="wallet-walletConnect"]').waitFor()
  return { page, close: () => context.close() }
}

/**
 * `samples` page loads per case. Prefetched: the modal opens, the provider loads, then the click.
 * Cold: the provider is loaded by the click. After each prefetched QR code the wallet pairs.
 */
export async function runWalletConnectBench(options: { samples?: number } = {}): Promise<WalletConnectResults> {
  const samples = options.samples ?? 10
  await buildPages({ quiet: true })
  const stack = await startStack()
  const browser = await launchBrowser()
  const results: WalletConnectResults = { prefetched: [], cold: [], pairToConnected: [], chromium: browser.version() }
  try {
    const walletContext = await browser.newContext()
    const wallet = await walletContext.newPage()
    await wallet.goto(`${stack.urls.wallet}?autoApprove=1&storage=memory`)
    await wallet.locator('[data-testid="wallet-status"][data-status="ready"]').waitFor({ timeout: 30_000 })

    for (let i = 0; i < samples; i++) {
      const { page, close } = await openConnect(browser, stack.urls.demo)
      await page.waitForFunction(() => (window as unknown as PageWindow).gangway.getState().walletConnect.provider === 'ready', undefined, { timeout: 30_000 })
      results.prefetched.push(await timeClickToQr(page))

      const uri = await page.evaluate(() => (window as unknown as PageWindow).gangway.getState().walletConnect.pairing!.uri)
      await page.evaluate(() => {
        const w = window as unknown as PageWindow & { __connectedAt?: Promise<number> }
        w.__connectedAt = new Promise<number>((resolve) => {
          const sub = w.gangway.event$.subscribe((e) => {
            if (e.type !== 'connection/succeeded') return
            queueMicrotask(() => sub.unsubscribe())
            resolve(Date.now())
          })
        })
      })
      const t0 = Date.now()
      await wallet.evaluate((u) => void (window as unknown as { gangwayWallet: { wallet: { pair(uri: string): Promise<void> } } }).gangwayWallet.wallet.pair(u), uri)
      const connectedAt = await page.evaluate(() => (window as unknown as { __connectedAt: Promise<number> }).__connectedAt)
      results.pairToConnected.push(connectedAt - t0)
      await close()
    }

    for (let i = 0; i < samples; i++) {
      const { page, close } = await openConnect(browser, `${stack.urls.demo}?wcPrefetch=0`)
      const provider = await page.evaluate(() => (window as unknown as PageWindow).gangway.getState().walletConnect.provider)
      if (provider !== 'idle') throw new Error(`the provider should be cold, it is ${provider}`)
      results.cold.push(await timeClickToQr(page))
      await close()
    }
    await walletContext.close()
    return results
  } finally {
    await browser.close()
    await stack.stop()
  }
}

const fmt = (n: number) => n.toFixed(0)
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? Number.NaN

export function walletConnectSection(r: WalletConnectResults): string {
  const row = (label: string, xs: number[], uri?: number[]) =>
    `| ${label} | ${xs.length} | ${fmt(median(xs))} ms | ${fmt(p95(xs))} ms | ${uri ? `${fmt(median(uri))} ms` : '–'} |`
  const qr = (xs: QrSample[]) => xs.map((x) => x.qrMs)
  const uri = (xs: QrSample[]) => xs.map((x) => x.uriMs)
  return `## WalletConnect: click → QR code, pair → connected

Command: \`npx tsx bench/walletconnect.bench.ts\`. Machine: ${machineNote([`Chromium ${r.chromium}`])}. Date: ${today()}.

Headless Chromium on the built demo (development build), the local relay and chains on
127.0.0.1, one fresh page per sample. Click → QR code is timed in the page from the click on
WalletConnect in the Connect view until the QR code element exists plus one animation frame: the
connect request is reduced, the universal provider creates a pairing on the relay and reports its
URI, and the QR library (loaded with the view) draws it. "Prefetched": the provider was loaded
when the modal opened; "cold" (\`?wcPrefetch=0\`): the click loads the provider's chunk and starts
it. Pair → connected is timed from the dev wallet (WalletKit, in another page, approving by
itself) being handed the URI until \`connection/succeeded\` in the modal (wall clock of both pages).

| figure | samples | median | p95 | of which click → pairing URI (median) |
|---|---:|---:|---:|---:|
${row('click → QR code, provider prefetched', qr(r.prefetched), uri(r.prefetched))}
${row('click → QR code, provider cold', qr(r.cold), uri(r.cold))}
${row('pair → connected', r.pairToConnected)}
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runWalletConnectBench()
  const section = walletConnectSection(results)
  console.log(section)
  if (!process.argv.includes('--no-write')) await writeResultsSection('walletconnect', section)
}
