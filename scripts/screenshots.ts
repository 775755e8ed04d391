// `npm run screenshots`: every view of the modal as a visitor meets it, in both themes, at
// desktop (1280 × 800) and phone (390 × 844) sizes, into docs/screenshots/ with an index
// (docs/screenshots/README.md). Runs the demo on the local stack (its own free ports, PGlite in
// memory) in headless Chromium with the dev wallets, its devtools docked beside the modal on
// wide screens; stops everything it started when done.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser } from '../dev/stack/chromium'
import { startStack } from '../dev/stack/startStack'
import { buildPages } from './buildPages'

const OUT = join(process.cwd(), 'docs', 'screenshots')
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
const THEMES = ['light', 'dark'] as const

type Shot = { file: string; view: string; theme: string; size: string }
type Scene = {
  name: string
  /** The demo's query string. */
  query?: string
  /** Brings the modal to the view; the screenshot is taken once `view` is on screen. */
  reach(page: Page): Promise<void>
  view: string
}

const state = <T>(page: Page, fn: (s: Record<string, any>) => T) =>
  page.evaluate((source) => new Function('s', `return (${source})(s)`)((window as any).gangway.getState()), fn.toString()) as Promise<T>
const inModal = (page: Page, testId: string) => page.locator(`gangway-modal [data-testid="${testId}"]`)
const until = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
const onView = (page: Page, view: string) => until(async () => (await state(page, (s) => s.router.view)) === view && (await state(page, (s) => s.modal.open)) === true, view)

/** Connects the injected dev wallet (account 0) and lands on Account. */
async function connect(page: Page): Promise<void> {
  await page.getByTestId('open-modal').click()
  await inModal(page, 'wallet-dev.gangway.wallet').click()
  await page.getByTestId('devwallet-approve').click()
  await until(async () => (await state(page, (s) => s.connection.byNamespace.eip155?.status)) === 'connected', 'the connection')
  // A connect closes the modal; opening it again lands on Account.
  if (!(await state(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
  await onView(page, 'Account')
  await until(async () => (await inModal(page, 'account-total').count()) > 0, 'the balances')
}

/** Connected, on Swap with 0.25 ETH quoted. */
async function swapQuoted(page: Page): Promise<void> {
  await connect(page)
  await inModal(page, 'account-swaps').click()
  await inModal(page, 'swap-from-amount').fill('0.25')
  await until(async () => (await inModal(page, 'swap-action').textContent()) === 'Review swap', 'the quote')
}

/** Connected, on Buy with 100 USD quoted by both dev providers. */
async function buyQuoted(page: Page): Promise<void> {
  await connect(page)
  await inModal(page, 'account-onramp').click()
  await inModal(page, 'onramp-amount').fill('100')
  await until(async () => (await inModal(page, 'onramp-quote-amount').count()) === 2, 'the quotes')
}

const SCENES: Scene[] = [
  { name: 'connect', view: 'Connect', reach: async (page) => page.getByTestId('open-modal').click() },
  {
    name: 'all-wallets',
    view: 'AllWallets',
    reach: async (page) => {
      await page.getByTestId('open-modal').click()
      await inModal(page, 'all-wallets-entry').click()
    },
  },
  {
    name: 'connecting',
    view: 'ConnectingExternal',
    reach: async (page) => {
      await page.getByTestId('open-modal').click()
      await inModal(page, 'wallet-dev.gangway.wallet').click()
    },
  },
  { name: 'account', view: 'Account', reach: connect },
  {
    name: 'account-activity',
    view: 'Account',
    reach: async (page) => {
      await connect(page)
      await inModal(page, 'account-tab-activity').click()
    },
  },
  { name: 'networks', view: 'Networks', reach: async (page) => (await connect(page), inModal(page, 'account-network').click()) },
  { name: 'receive', view: 'Receive', reach: async (page) => (await connect(page), inModal(page, 'account-receive').click()) },
  { name: 'send', view: 'WalletSend', reach: async (page) => (await connect(page), inModal(page, 'account-send').click()) },
  {
    name: 'swap',
    view: 'Swap',
    reach: swapQuoted,
  },
  {
    name: 'swap-review',
    view: 'Swap',
    reach: async (page) => {
      await swapQuoted(page)
      await inModal(page, 'swap-action').click()
      await until(async () => (await inModal(page, 'swap-review').count()) > 0, 'the review')
    },
  },
  { name: 'buy', view: 'OnRamp', reach: buyQuoted },
  {
    name: 'buy-waiting',
    view: 'OnRamp',
    reach: async (page) => {
      await buyQuoted(page)
      await inModal(page, 'onramp-buy').click()
      await until(async () => (await inModal(page, 'onramp-purchase').getAttribute('data-status')) === 'waiting', 'the wait')
      await page.bringToFront()
    },
  },
  {
    name: 'buy-delivered',
    view: 'OnRamp',
    reach: async (page) => {
      await buyQuoted(page)
      const [provider] = await Promise.all([page.context().waitForEvent('page'), inModal(page, 'onramp-buy').click()])
      await provider.locator('#pay').click()
      await provider.locator('#done').waitFor({ state: 'visible', timeout: 30_000 })
      await provider.close()
      await page.bringToFront()
      await until(async () => (await inModal(page, 'onramp-delivery-hash').count()) > 0, 'the delivery')
    },
  },
  {
    name: 'pay',
    view: 'Pay',
    query: '?pay=1',
    reach: async (page) => {
      await connect(page)
      await page.keyboard.press('Escape')
      await page.getByTestId('demo-pay-eth').click()
      await until(async () => (await inModal(page, 'pay-fee').getAttribute('data-status')) === 'ready', 'the fee')
    },
  },
  {
    name: 'pay-exchanges',
    view: 'Pay',
    query: '?pay=1',
    reach: async (page) => {
      await page.getByTestId('demo-pay-eth').click()
      await until(async () => (await inModal(page, 'pay-exchanges').getAttribute('data-status')) === 'loaded', 'the exchanges')
    },
  },
  {
    name: 'pay-exchange-waiting',
    view: 'Pay',
    query: '?pay=1',
    reach: async (page) => {
      await page.getByTestId('demo-pay-eth').click()
      await inModal(page, 'pay-exchange').first().click()
      await until(async () => (await inModal(page, 'pay-exchange-open').count()) > 0, 'the wait')
      await page.bringToFront()
    },
  },
  { name: 'connect-arabic', view: 'Connect', query: '?locale=ar', reach: async (page) => page.getByTestId('open-modal').click() },
  { name: 'connect-email', view: 'Connect', query: '?email=1', reach: async (page) => page.getByTestId('open-modal').click() },
  {
    name: 'email-login',
    view: 'EmailLogin',
    query: '?email=1',
    reach: async (page) => {
      await page.getByTestId('open-modal').click()
      await inModal(page, 'email-input').fill(`visitor-${Date.now().toString(36)}@example.com`)
      await inModal(page, 'email-submit').click()
      await until(async () => (await inModal(page, 'view-email-login').getAttribute('data-step')) === 'verifyDevice', 'the device approval step')
    },
  },
  {
    name: 'farcaster',
    view: 'ConnectingFarcaster',
    query: '?email=1',
    reach: async (page) => {
      await page.getByTestId('open-modal').click()
      await inModal(page, 'social-farcaster').click()
      await until(async () => (await inModal(page, 'farcaster-qr').count()) > 0, 'the QR code')
    },
  },
  {
    name: 'account-japanese',
    view: 'Account',
    query: '?locale=ja',
    reach: connect,
  },
  { name: 'new-to-wallets', view: 'WhatIsAWallet', reach: async (page) => (await page.getByTestId('open-modal').click(), inModal(page, 'new-to-wallets').click()) },
  { name: 'choose-name', view: 'RegisterAccountName', reach: async (page) => (await connect(page), inModal(page, 'account-choose-name').click()) },
  {
    name: 'sign-in',
    view: 'SIWXSignMessage',
    query: '?siwx=1',
    reach: async (page) => {
      await page.getByTestId('open-modal').click()
      await inModal(page, 'wallet-dev.gangway.wallet').click()
      await page.getByTestId('devwallet-approve').click()
    },
  },
]

async function shoot(browser: Browser, demoUrl: string, scene: Scene, theme: string, size: keyof typeof SIZES): Promise<Shot> {
  const context = await browser.newContext({ viewport: SIZES[size], deviceScaleFactor: 1, reducedMotion: 'reduce' })
  try {
    const page = await context.newPage()
    // The demo docks its devtools beside the modal on wide screens (the replayable event log).
    await page.goto(demoUrl + (scene.query ?? ''))
    await page.getByTestId('open-modal').waitFor()
    await page.evaluate((mode) => (window as any).gangway.setThemeMode(mode), theme)
    await scene.reach(page)
    await onView(page, scene.view)
    // Let lazy parts, images and fetched data settle.
    await page.waitForLoadState('networkidle').catch(() => {})
    await page.waitForTimeout(400)
    const file = `${scene.name}-${theme}-${size}.png`
    await page.screenshot({ path: join(OUT, file) })
    return { file, view: scene.view, theme, size }
  } finally {
    await context.close()
  }
}

await buildPages({ quiet: true })
const stack = await startStack({ database: {} })
let browser: Browser | undefined
try {
  browser = await launchBrowser()
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const shots: Shot[] = []
  for (const scene of SCENES) {
    for (const theme of THEMES) {
      for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
        shots.push(await shoot(browser, stack.urls.demo, scene, theme, size))
        process.stdout.write(`${shots.at(-1)!.file}\n`)
      }
    }
  }
  const rows = SCENES.map((scene) => {
    const cells = THEMES.flatMap((theme) => (['desktop', 'phone'] as const).map((size) => `[${theme}, ${size}](${scene.name}-${theme}-${size}.png)`))
    return `| ${scene.view} (${scene.name}) | ${cells.join(' · ')} |`
  })
  writeFileSync(
    join(OUT, 'README.md'),
    `# Screenshots\n\nEvery view as a visitor meets it on the local stack, written by \`npm run screenshots\` (scripts/screenshots.ts): light and dark themes, desktop (1280 × 800) and phone (390 × 844).\n\n| view | shots |\n|---|---|\n${rows.join('\n')}\n\n![Account, light, desktop](account-light-desktop.png)\n`,
  )
  process.stdout.write(`${shots.length} screenshots in ${OUT}\n`)
} finally {
  await browser?.close()
  await stack.stop()
}
