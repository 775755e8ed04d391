import type { Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { browserPerFile, currentView, demoWithoutDevtools, eip155Connection, focusedTestId, gatewayControl, modalState, rejectInWallet, tabTo } from './support/demo'
import { e2eStack } from './support/stack'

// The visitor's paths with the keyboard alone, in Chromium on the local stack: open, pick the
// wallet, then from Account: send, swap, buy, register a name, receive, switch network, and
// sign in. The wallet's own prompt (the dev wallet's page overlay) is clicked: it is the
// wallet's UI, not the modal's.

const shared = browserPerFile()

/**
 * Opens the modal with Enter, picks an injected dev wallet by Tab and Enter (its prompt is
 * clicked: the wallet's UI), and opens the modal again on Account, all by key.
 */
async function connectByKey(page: Page, walletId: string): Promise<void> {
  await page.getByTestId('open-modal').focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => currentView(page)).toBe('Connect')
  await tabTo(page, `wallet-${walletId}`)
  await page.keyboard.press('Enter')
  await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
  await page.getByTestId('devwallet-approve').click()
  await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
  // Open again on Account (the connect closed the modal).
  if (!(await modalState(page, (s) => s.modal.open))) {
    await page.getByTestId('open-modal').focus()
    await page.keyboard.press('Enter')
  }
  await expect.poll(() => currentView(page)).toBe('Account')
}

describe('keyboard only', () => {
  it('connect, send ETH through the review, switch tabs, go back and close: every step by key', async () => {
    const { page } = await demoWithoutDevtools(shared)
    const node = createPublicClient({ transport: http(e2eStack().config.chains[0]!.rpcUrl) })
    const receiver: Address = privateKeyToAddress(generatePrivateKey())

    await connectByKey(page, 'dev.gangway.wallet')
    // The tabs: arrow keys move the selection and the focus.
    await tabTo(page, 'account-tab-tokens')
    await page.keyboard.press('ArrowRight')
    expect(await focusedTestId(page)).toBe('account-tab-nfts')
    expect(await modalState(page, (s) => s.accountSheet!.tab)).toBe('nfts')

    await tabTo(page, 'account-send')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('WalletSend')
    await tabTo(page, 'send-amount')
    await page.keyboard.type('0.125')
    await tabTo(page, 'send-receiver')
    await page.keyboard.type(receiver)
    // Enter submits the form: the review, with focus on its Send.
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedTestId(page)).toBe('send-confirm')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => modalState(page, (s) => s.account.send.status), { timeout: 30_000 }).toBe('confirmed')
    expect(await node.getBalance({ address: receiver })).toBe(parseEther('0.125'))
    // Done has focus; Enter returns to Account.
    await expect.poll(() => focusedTestId(page)).toBe('send-done')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Account')

    // Escape closes, and focus goes back to the page's button.
    await page.keyboard.press('Escape')
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
    expect(await focusedTestId(page)).toBe('open-modal')
  })

  it('swap with the picker and buy with a provider: every step in the modal by key', async () => {
    const { page, context } = await demoWithoutDevtools(shared)
    await connectByKey(page, 'dev.gangway.second')

    // Swap: the amount field has focus; the token picker opens, searches and picks by key.
    await tabTo(page, 'account-swaps')
    await page.keyboard.press('Enter')
    await expect.poll(() => modalState(page, (s) => s.swap!.tokens?.status)).toBe('loaded')
    await expect.poll(() => focusedTestId(page)).toBe('swap-from-amount')
    await tabTo(page, 'swap-to-token')
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedTestId(page)).toBe('swap-token-search')
    await page.keyboard.type('USDC')
    await tabTo(page, 'swap-token-option')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('gangway-modal [data-testid="swap-to-token"]').textContent()).toBe('USDC')
    await tabTo(page, 'swap-from-amount')
    await page.keyboard.type('0.01')
    await expect.poll(() => page.locator('gangway-modal [data-testid="swap-action"]').textContent(), { timeout: 20_000 }).toBe('Review swap')
    // Enter in the form opens the review, whose Confirm has focus; Enter there swaps.
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedTestId(page)).toBe('swap-review-confirm')
    await expect.poll(() => page.locator('gangway-modal [data-testid="swap-review-confirm"]').textContent(), { timeout: 20_000 }).toBe('Confirm swap')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => modalState(page, (s) => s.swap!.step?.status), { timeout: 30_000 }).toBe('confirmed')
    await expect.poll(() => focusedTestId(page)).toBe('swap-done')
    await page.keyboard.press('Enter')
    await expect.poll(() => modalState(page, (s) => s.swap!.step)).toBeNull()

    // Back to Account, then Buy: amount, the provider's quote, Buy opens its page.
    await page.keyboard.press('Escape')
    await page.getByTestId('open-modal').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Account')
    await tabTo(page, 'account-onramp')
    await page.keyboard.press('Enter')
    await expect.poll(() => focusedTestId(page)).toBe('onramp-amount')
    await page.keyboard.type('25')
    await expect.poll(() => modalState(page, (s) => s.onramp!.selectedProvider), { timeout: 20_000 }).toBe('gangwaypay')
    const [provider] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')])
    await provider.waitForURL(/\/onramp\/gangwaypay\//)
    await provider.locator('#pay').focus()
    await provider.keyboard.press('Enter')
    await page.locator('gangway-modal [data-testid="onramp-delivered"]').waitFor({ timeout: 40_000 })
    await expect.poll(() => focusedTestId(page)).toBe('onramp-done')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Account')
  })

  it('register a name, copy the address in Receive, switch network: by key, and Back returns to Account', async () => {
    const { page } = await demoWithoutDevtools(shared, { permissions: ['clipboard-read', 'clipboard-write'] })
    await connectByKey(page, 'dev.gangway.wallet')
    const address = (await eip155Connection(page))!.connections[0]!.accounts[0]!.address
    const name = `key-${Date.now().toString(36)}.gangway`
    try {
      // A name: the field has focus, Enter registers once the name is free, Done returns.
      await tabTo(page, 'account-choose-name')
      await page.keyboard.press('Enter')
      await expect.poll(() => focusedTestId(page)).toBe('name-input')
      await page.keyboard.type(name.replace('.gangway', ''))
      await expect.poll(() => page.locator('gangway-modal [data-testid="name-note"]').textContent()).toBe(`${name} is available`)
      await page.keyboard.press('Enter')
      await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
      await page.getByTestId('devwallet-approve').click()
      await expect.poll(() => currentView(page)).toBe('RegisterAccountNameSuccess')
      await expect.poll(() => focusedTestId(page)).toBe('name-done')
      await page.keyboard.press('Enter')
      await expect.poll(() => currentView(page)).toBe('Account')
      expect(await page.locator('gangway-modal [data-testid="account-name"]').textContent()).toBe(name)
    } finally {
      await gatewayControl('DELETE', `/_control/names/${name}`)
    }

    // Receive: Copy by key puts the address on the clipboard; Back by key returns to Account.
    await tabTo(page, 'account-receive')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Receive')
    await tabTo(page, 'receive-copy')
    await page.keyboard.press('Enter')
    await expect.poll(() => modalState(page, (s) => s.banner.message)).toBe('Address copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    await tabTo(page, 'modal-back')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Account')

    // Networks: Tab to the second chain, Enter; the wallet adds it; Account again, with focus in the modal.
    await tabTo(page, 'account-network')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Networks')
    await tabTo(page, 'network-eip155:31338')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('wallet_addEthereumChain')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect((await eip155Connection(page))?.connections[0]?.caipNetworkId).toBe('eip155:31338')
    await expect.poll(() => focusedTestId(page)).not.toBe('BODY')
    await tabTo(page, 'account-network')
    expect(await page.locator('gangway-modal [data-testid="account-network"]').textContent()).toContain('Gangway Local 2')
  })

  it('sign in with the wallet after connecting: Sign has focus, Enter asks the wallet, the session is kept', async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?siwx=required' })
    await page.getByTestId('open-modal').focus()
    await page.keyboard.press('Enter')
    await tabTo(page, 'wallet-dev.gangway.wallet')
    await page.keyboard.press('Enter')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
    await expect.poll(() => focusedTestId(page)).toBe('siwx-sign')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
    expect(Object.keys(await modalState(page, (s) => s.siwx.sessions))).toHaveLength(1)
    // Focus goes back to the page's button.
    expect(await focusedTestId(page)).toBe('open-modal')
  })
})

/** The focused element (inside the modal's shadow root too): its test id, whether Chromium shows it a ring (`:focus-visible`), and its outline. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    if (!active) return null
    return { id: active.getAttribute('data-testid') ?? active.getAttribute('aria-label') ?? active.tagName, ring: active.matches(':focus-visible'), outline: getComputedStyle(active).outlineStyle }
  })

describe('focus rings', () => {
  it('focus the modal moves by script shows a ring after the keyboard and none after the mouse; so does focus given back to the page on close', async () => {
    const { page } = await demoWithoutDevtools(shared)
    const dialog = page.locator('gangway-modal [role=dialog]')

    // By mouse: the first focusable on open, the next view's after a click on a wallet, the page's button on close: no ring.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await expect.poll(async () => (await focusRing(page))?.id).not.toBe('open-modal')
    expect(await focusRing(page)).toMatchObject({ ring: false, outline: 'none' })
    await page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]').click()
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    await expect.poll(async () => (await focusRing(page))?.id).not.toBe('wallet-dev.gangway.wallet')
    expect(await focusRing(page)).toMatchObject({ ring: false, outline: 'none' })
    // Refused in the wallet (its own prompt, clicked): Try again takes focus, without a ring.
    await rejectInWallet(page, 'eth_requestAccounts')
    await expect.poll(async () => (await focusRing(page))?.id).toBe('connecting-retry')
    expect(await focusRing(page)).toMatchObject({ ring: false, outline: 'none' })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
    expect(await focusRing(page)).toEqual({ id: 'open-modal', ring: false, outline: 'none' })

    // By keyboard: the same moves, each with its ring.
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('Connect')
    await expect.poll(async () => (await focusRing(page))?.id).not.toBe('open-modal')
    expect(await focusRing(page)).toMatchObject({ ring: true, outline: 'solid' })
    await tabTo(page, 'wallet-dev.gangway.wallet')
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    await expect.poll(async () => (await focusRing(page))?.id).not.toBe('wallet-dev.gangway.wallet')
    expect(await focusRing(page)).toMatchObject({ ring: true, outline: 'solid' })
    await page.keyboard.press('Escape')
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
    // The demo's own button: the browser's ring.
    expect(await focusRing(page)).toEqual({ id: 'open-modal', ring: true, outline: 'auto' })
  })
})
