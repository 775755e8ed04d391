// The example's wallet flow end to end, offline: the local stack from gangway-kit-testing, the
// app built in `test` mode and served by Vite's preview server, and the dev wallet in Chromium,
// approving as a visitor would. docs/testing.md shows the first test as it is here.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { build, preview } from 'vite'
import { verifyMessage } from 'viem'
import { DEV_WALLET, devWallet, installDevWallet, startTestStack } from 'gangway-kit-testing'

const root = fileURLToPath(new URL('..', import.meta.url))
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
let stack, server, browser

before(async () => {
  stack = await startTestStack() // chains, gateway, relay, validator on free ports
  // `test` mode: the only build in which the app reads the stack from its URL (below).
  await build({ root, mode: 'test', logLevel: 'warn', build: { outDir: 'dist-test' } })
  server = await preview({ root, logLevel: 'warn', build: { outDir: 'dist-test' }, preview: { host: '127.0.0.1', port: 0 } })
  browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox'] })
})

after(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.httpServer.close(resolve) : resolve()))
  await stack?.stop()
})

/** The app in a new page, the dev wallet installed and connected through the modal. */
async function connectedPage() {
  const page = await browser.newPage()
  // Before the page's own scripts: the wallet is there when the modal looks for wallets.
  await installDevWallet(page, stack.config)
  await page.goto(`${server.resolvedUrls.local[0]}?stack=${encodeURIComponent(JSON.stringify(stack.config))}`)

  const wallet = devWallet(page)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.locator(`gangway-modal [data-testid="wallet-${DEV_WALLET.rdns}"]`).click()
  assert.equal(await wallet.approve(), 'eth_requestAccounts')
  return { page, wallet }
}

test('a visitor connects the dev wallet and signs a message', async () => {
  const { page, wallet } = await connectedPage()
  await page.getByRole('button', { name: 'Sign a message' }).click()
  assert.equal(await wallet.approve(), 'personal_sign')
  const signature = await page.getByTestId('signature').textContent()
  const address = stack.config.accounts[0].address
  assert.equal(await verifyMessage({ address, message: 'Hello from the Gangway example', signature }), true)
})

test('a refusal in the wallet reaches the app as the spec says it', async () => {
  const { page, wallet } = await connectedPage()
  await page.getByRole('button', { name: 'Sign a message' }).click()
  assert.equal(await wallet.reject(), 'personal_sign')
  assert.equal(await page.getByTestId('problem').textContent(), 'Error signing message')
})
