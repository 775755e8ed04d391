import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { BUILT_PAGES } from '../../dev/stack/startStack'
import { newPage } from './support/browser'
import { readQrCode } from './support/qr'
import { browserPerFile, currentView, eip155Connection, inModal, modalState, settled } from './support/demo'
import { demoUrl, e2eStack } from './support/stack'

// WalletConnect end to end in Chromium, offline: the modal's universal provider talks through
// the local relay to the dev wallet page (WalletKit) in a second page; transactions land on the
// local hardhat chain. Every request of both pages is watched: none may leave 127.0.0.1.

const shared = browserPerFile()
const contexts = shared.contexts
const offHost: string[] = []

type PageWindow = Window & { gangway: Modal }

const state = modalState
const eip155 = eip155Connection

/** Notes every request and WebSocket of `page` that goes anywhere but 127.0.0.1. */
function watchHosts(page: Page): void {
  const note = (url: string) => {
    const u = new URL(url)
    if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return
    if (u.hostname !== '127.0.0.1') offHost.push(url)
  }
  page.on('request', (r) => note(r.url()))
  page.on('websocket', (ws) => note(ws.url()))
}

async function demo(query = '') {
  const { context, page, errors } = await newPage(shared.browser)
  contexts.push(context)
  watchHosts(page)
  await page.goto(demoUrl(query))
  await page.getByTestId('open-modal').waitFor()
  return {
    page,
    errors,
    reload: async () => {
      await page.reload()
      await page.getByTestId('open-modal').waitFor()
    },
  }
}

/** The dev wallet page in its own context (own IndexedDB), ready to pair. */
async function walletPage(query = ''): Promise<Page> {
  const { context, page } = await newPage(shared.browser, { viewport: { width: 900, height: 900 } })
  contexts.push(context)
  watchHosts(page)
  await page.goto(e2eStack().urls.wallet + query)
  await page.locator('[data-testid="wallet-status"][data-status="ready"]').waitFor({ timeout: 40_000 })
  return page
}

/** Opens the modal, picks WalletConnect and returns the pairing URI read from the QR code. */
async function showQrCode(page: Page): Promise<string> {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, 'wallet-walletConnect').click()
  await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
  await inModal(page, 'wc-qr').waitFor()
  const uri = await readQrCode(shared.browser, page)
  expect(uri).toBe(await state(page, (s) => s.walletConnect.pairing?.uri ?? null))
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  return uri!
}

/** Pastes `uri` into the wallet and answers its proposal. */
async function pairInWallet(wallet: Page, uri: string, answer: 'approve' | 'reject'): Promise<void> {
  await wallet.getByTestId('uri-input').fill(uri)
  await wallet.getByTestId('pair-button').click()
  await wallet.getByTestId('proposal').waitFor({ timeout: 30_000 })
  await wallet.getByTestId(`proposal-${answer}`).click()
}

async function connect(page: Page, wallet: Page): Promise<Address> {
  const uri = await showQrCode(page)
  await pairInWallet(wallet, uri, 'approve')
  await expect.poll(() => eip155(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
  return (await eip155(page))!.connections[0]!.accounts[0]!.address as Address
}

/** Approves the next request the wallet shows for `method`. */
async function approveRequest(wallet: Page, method: string): Promise<void> {
  const card = wallet.locator(`[data-testid="request"][data-method="${method}"]`)
  await card.waitFor({ timeout: 30_000 })
  await card.getByTestId('request-approve').click()
}

describe('WalletConnect through the local relay and the dev wallet', () => {
  // A pairing, a signature, a transaction and a batch, each through the relay and the wallet's
  // page: under a full test run it passed the default 120 s.
  it('QR code → the wallet pairs and approves → Account shows the address; personal_sign, a transaction and an atomic batch of calls', { timeout: 240_000 }, async () => {
    const { page, errors } = await demo()
    const wallet = await walletPage()
    const address = await connect(page, wallet)
    const stack = e2eStack().config
    expect(address).toBe(stack.accounts[0]!.address)
    expect((await eip155(page))!.connections[0]!.connectorId).toBe('walletConnect')

    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').getAttribute('title')).toBe(address)

    const message = 'Sign in to the Gangway demo'
    const signing = page.evaluate((m) => (window as unknown as PageWindow).gangway.signMessage(m), message)
    await approveRequest(wallet, 'personal_sign')
    const signature = (await signing) as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    const receiver = stack.accounts[3]!.address as Address
    const client = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
    const before = await client.getBalance({ address: receiver })
    const sending = page.evaluate(
      (to) => (window as unknown as PageWindow).gangway.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.5', receiver: to }),
      receiver,
    )
    await approveRequest(wallet, 'eth_sendTransaction')
    const { hash } = await sending
    const receipt = await client.getTransactionReceipt({ hash: hash as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.5'))

    // A host's batch goes through the session to the wallet, which runs it atomically; the modal follows it to its end.
    const [a, b] = [privateKeyToAddress(generatePrivateKey()), privateKeyToAddress(generatePrivateKey())]
    type Batches = { gangway: { sendCalls(c: unknown, o: unknown): Promise<{ id: string }>; getState(): { calls?: { batches: Record<string, { status: number; atomic: boolean }> } } } }
    const batching = page.evaluate(([x, y]) => (window as unknown as Batches).gangway.sendCalls([{ to: x, value: '5' }, { to: y, value: '6' }], { atomicRequired: true }), [a, b] as const)
    await approveRequest(wallet, 'wallet_sendCalls')
    const { id } = await batching
    await expect.poll(() => page.evaluate((x) => (window as unknown as Batches).gangway.getState().calls?.batches[x]?.status, id), { timeout: 30_000 }).toBe(200)
    expect(await client.getBalance({ address: a })).toBe(5n)
    expect(await client.getBalance({ address: b })).toBe(6n)
    expect(errors).toEqual([])
    expect(offHost).toEqual([])
  })

  it("the wallet rejects → 'Connection rejected', and a retry shows a new QR code", { timeout: 240_000 }, async () => {
    const { page } = await demo()
    const wallet = await walletPage()
    const uri = await showQrCode(page)
    await pairInWallet(wallet, uri, 'reject')
    await expect.poll(() => inModal(page, 'wc-error').textContent(), { timeout: 30_000 }).toBe('Connection rejected')
    expect((await eip155(page))?.status).toBe('disconnected')
    // The SDK's rejection (5000) is the same wallet error as an EIP-1193 4001, with its kind in the event.
    expect(await state(page, (s) => s.wallets.attempt?.error)).toMatchObject({
      name: 'WalletRejectedError',
      kind: 'WALLET_REJECTED',
      shortMessage: 'Connection rejected',
      code: 4001,
    })
    await inModal(page, 'wc-retry').click()
    await inModal(page, 'wc-qr').waitFor()
    const second = await readQrCode(shared.browser, page)
    expect(second).toMatch(/^wc:/)
    expect(second).not.toBe(uri)
    expect(offHost).toEqual([])
  })

  it("switches between the session's chains; a chain outside the session is 'Chain is not supported'", { timeout: 240_000 }, async () => {
    const { page } = await demo()
    const [first, second] = e2eStack().config.chains
    const both = await walletPage()
    await connect(page, both)
    const switchTo = (id: string) =>
      page.evaluate((c) => (window as unknown as PageWindow).gangway.switchNetwork(c).then(() => 'ok', (e: { shortMessage: string }) => e.shortMessage), id)
    expect(await switchTo(`eip155:${second!.chainId}`)).toBe('ok')
    expect((await eip155(page))!.connections[0]!.caipNetworkId).toBe(`eip155:${second!.chainId}`)
    // Disconnecting in the modal ends the session in the wallet too.
    await page.evaluate(() => (window as unknown as PageWindow).gangway.disconnect())
    await both.getByTestId('no-sessions').waitFor({ timeout: 30_000 })

    // A wallet that approves only the first chain.
    const one = await walletPage(`?chains=${first!.chainId}`)
    await connect(page, one)
    expect((await eip155(page))!.connections[0]!.caipNetworkId).toBe(`eip155:${first!.chainId}`)
    expect(await switchTo(`eip155:${second!.chainId}`)).toBe('Chain is not supported')
    expect((await eip155(page))!.connections[0]!.caipNetworkId).toBe(`eip155:${first!.chainId}`)
    expect(offHost).toEqual([])
  })

  it('a reload restores the session; the wallet deleting it disconnects the modal', async () => {
    const { page, reload } = await demo()
    const wallet = await walletPage()
    const address = await connect(page, wallet)
    await reload()
    await expect.poll(() => eip155(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
    expect((await eip155(page))!.connections[0]).toMatchObject({ connectorId: 'walletConnect', accounts: [{ address }] })

    // The restored session is live: the wallet still answers it.
    const signing = page.evaluate(() => (window as unknown as PageWindow).gangway.signMessage('after reload'))
    await approveRequest(wallet, 'personal_sign')
    expect(await verifyMessage({ address, message: 'after reload', signature: (await signing) as Hex })).toBe(true)

    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await wallet.getByTestId('session-disconnect').click()
    await expect.poll(() => eip155(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('disconnected')
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(offHost).toEqual([])
  })

  it('the built demo: the provider is a chunk of its own, outside the static imports of the app', () => {
    const assets = join(BUILT_PAGES, 'assets')
    const read = (file: string) => readFileSync(join(assets, file), 'utf8')
    const isProvider = (file: string) => /universal_provider|SignClient/.test(read(file))
    const entries = readdirSync(assets).filter((f) => /^(demo|main)-.*\.js$/.test(f))
    expect(entries.length).toBe(2)
    const initial = new Set<string>()
    const visit = (file: string) => {
      if (initial.has(file)) return
      initial.add(file)
      for (const m of read(file).matchAll(/^(?:import|export)[^;]*?from\s*"\.\/([^"]+\.js)"|^import\s*"\.\/([^"]+\.js)"/gm)) visit((m[1] ?? m[2])!)
    }
    entries.forEach(visit)
    expect([...initial].filter(isProvider)).toEqual([])
    // …and it is there, to be loaded later.
    expect(readdirSync(assets).filter((f) => f.endsWith('.js') && !initial.has(f) && read(f).includes('universal_provider'))).toHaveLength(1)
  })

  it('the provider is not in the initial bundle: it loads once the page is idle, and the click that opens the modal fetches no script', async () => {
    const { page } = await demo()
    const scripts = () =>
      page.evaluate(() => {
        const loadEnd = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => ({ name: e.name, afterLoad: e.startTime >= loadEnd }))
      })
    await expect.poll(() => state(page, (s) => s.walletConnect.provider), { timeout: 30_000 }).toBe('ready')
    // Everything the idle page loads ahead (the provider, the modal's UI, its views and the lazy
    // features' chunks) is in: the click must add nothing to it.
    await settled(page)
    await page.waitForLoadState('networkidle')
    const before = await scripts()
    // The provider's chunks came after the page had loaded, not with the host's first bundle.
    expect(before.some((e) => e.afterLoad)).toBe(true)
    await page.getByTestId('open-modal').click()
    await page.getByRole('dialog').waitFor()
    // Whatever the click set off has run its course (requests done, the page idle).
    await settled(page)
    const after = await scripts()
    expect(after.map((e) => e.name).filter((u) => !before.some((b) => b.name === u))).toEqual([])
    expect(offHost).toEqual([])
  })
})
