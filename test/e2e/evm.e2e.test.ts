import type { Browser, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { dialog, launchBrowser } from './support/browser'
import { connectInjected, currentView, eip155Connection, inModal, logWritten, modalState, openDemo, storedDurable } from './support/demo'
import { readQrCode } from './support/qr'
import { e2eStack } from './support/stack'

// A real EIP-6963 wallet (the dev wallet, with its own approve/reject prompt) on the local
// hardhat chains, driven through the modal in Chromium.

const MAIN = 'dev.gangway.wallet'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

type PageWindow = Window & { gangway: Modal; __gangwayDevWallets: Record<string, { approveNext(): boolean; rejectNext(): boolean; pending(): string[] }> }

const state = modalState
const eip155 = eip155Connection
const wallet = (page: Page, action: 'approveNext' | 'rejectNext', rdns = MAIN) =>
  page.evaluate(([a, r]) => (window as unknown as PageWindow).__gangwayDevWallets[r as string]![a as 'approveNext'](), [action, rdns])
/** The type names of the page modal's events from its last `type` event on. */
const eventsSince = (page: Page, type: string) =>
  page.evaluate((t) => {
    const types = (window as unknown as PageWindow).gangway.timeTravel.log.events.map((e) => e.type)
    return types.slice(types.lastIndexOf(t))
  }, type)
/** A request straight to the main dev wallet's provider, found the EIP-6963 way. */
const walletRequest = (page: Page, method: string) =>
  page.evaluate(
    ([rdns, m]) =>
      new Promise<unknown>((resolve, reject) => {
        const onAnnounce = (e: Event) => {
          const { info, provider } = (e as CustomEvent<{ info: { rdns: string }; provider: { request(a: { method: string }): Promise<unknown> } }>).detail
          if (info.rdns !== rdns) return
          window.removeEventListener('eip6963:announceProvider', onAnnounce)
          provider.request({ method: m as string }).then(resolve, reject)
        }
        window.addEventListener('eip6963:announceProvider', onAnnounce)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      }),
    [MAIN, method],
  )

function stack() {
  return e2eStack().config
}

function client(chainIndex = 0) {
  return createPublicClient({ transport: http(stack().chains[chainIndex]!.rpcUrl) })
}

const connect = (page: Page) => connectInjected(page, MAIN)

describe('an EIP-6963 wallet on the local chain', () => {
  it('lists both announced wallets and connects through the wallet prompt', async () => {
    const { page, context, errors } = await openDemo(browser)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    // Spec connector order: WalletConnect first, then the wallets found in this browser.
    const names = await page.locator('gangway-modal button[data-testid^="wallet-"]').evaluateAll((buttons) =>
      buttons.map((b) => [...b.children].filter((c) => !c.classList.contains('gw-wallet-icon') && !c.classList.contains('gw-badge')).map((c) => c.textContent).join('')),
    )
    expect(names.filter((n) => n !== 'WalletConnect')).toEqual(['Gangway Dev Wallet', 'Second Dev Wallet'])
    expect(await inModal(page, `wallet-${MAIN}`).locator('.gw-badge').textContent()).toBe('Installed')
    await inModal(page, `wallet-${MAIN}`).click()
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    expect(await inModal(page, 'view-connecting-external').getAttribute('data-status')).toBe('waiting')
    expect(await page.getByTestId('devwallet-method').textContent()).toBe('eth_requestAccounts')
    await page.getByTestId('devwallet-approve').click()
    // A successful connect closes the modal; opening it again shows the account.
    await expect.poll(() => dialog(page).count()).toBe(0)
    const address = stack().accounts[0]!.address
    expect(await eip155(page)).toEqual({
      status: 'connected',
      activeConnectorId: MAIN,
      connections: [{ connectorId: MAIN, accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:31337' }],
    })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${address.slice(0, 4)}…${address.slice(-6)}`)
    // The spec's 0.000 shows until the balance arrives; the dev account holds ETH.
    await expect.poll(() => inModal(page, 'account-balance').textContent()).toMatch(/^(?!0\.000 )\d{1,3}(?:,\d{3})*\.\d{3} ETH$/)
    expect(await inModal(page, 'account-network').textContent()).toContain('Gangway Local')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows a rejection, allows a retry only after 1 s, and the retry connects', async () => {
    const { page, context } = await openDemo(browser)
    await wallet(page, 'rejectNext')
    await page.getByTestId('open-modal').click()
    await inModal(page, `wallet-${MAIN}`).click()
    await expect.poll(() => inModal(page, 'connecting-error').textContent()).toBe('Connection rejected')
    const retry = inModal(page, 'connecting-retry')
    const disabled = await retry.isDisabled()
    const checkedAt = await page.evaluate(() => Date.now())
    const attempt = (await state(page, (s) => s.wallets.attempt))!
    expect(attempt).toMatchObject({ status: 'failed', error: { name: 'WalletRejectedError', kind: 'WALLET_REJECTED', shortMessage: 'Connection rejected', code: 4001 } })
    // Disabled for the attempt's first second: on a loaded machine that second may be over by the check.
    if (!disabled) expect(checkedAt - attempt.startedAt).toBeGreaterThanOrEqual(1_000)
    await expect.poll(() => retry.isEnabled(), { interval: 20 }).toBe(true)
    const enabledAt = await page.evaluate(() => Date.now())
    expect(enabledAt - attempt.startedAt).toBeGreaterThanOrEqual(1_000)
    await retry.click()
    expect(await page.getByTestId('devwallet-method').textContent()).toBe('eth_requestAccounts')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => eip155(page).then((ns) => ns?.status)).toBe('connected')
    expect(await state(page, (s) => s.lastError)).toMatchObject({ source: 'connection/failed', shortMessage: 'Connection rejected' })
    await context.close()
  })

  it('closing the modal during a connect rejects it with "Modal closed", shown nowhere on reopen', async () => {
    const { page, context } = await openDemo(browser)
    await page.getByTestId('open-modal').click()
    await inModal(page, `wallet-${MAIN}`).click()
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await state(page, (s) => s.wallets.attempt?.error)).toEqual({ name: 'ModalClosedError', shortMessage: 'Modal closed', kind: 'MODAL_CLOSED' })
    // The wallet approving afterwards is a stale outcome: nothing connects.
    await page.getByTestId('devwallet-approve').click()
    // The late approval has reached the modal (its connection/succeeded, after the failure).
    await expect.poll(() => eventsSince(page, 'connection/failed')).toContain('connection/succeeded')
    expect((await eip155(page))?.status).toBe('disconnected')
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    // Closing is the visitor's choice, not a failure to show them.
    expect(await inModal(page, 'connect-error').count()).toBe(0)
    await context.close()
  })

  it('signs a message that viem verifies for the account', async () => {
    const { page, context } = await openDemo(browser)
    const address = await connect(page)
    const message = 'Sign in to Gangway e2e'
    const signing = page.evaluate((m) => (window as unknown as PageWindow).gangway.signMessage(m), message)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    const signature = (await signing) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    expect(await verifyMessage({ address: stack().accounts[1]!.address, message, signature })).toBe(false)
    await context.close()
  })

  it('switches to the second chain through the add-chain path', async () => {
    const { page, context } = await openDemo(browser)
    await connect(page)
    await page.getByTestId('open-modal').click()
    await inModal(page, 'account-network').click()
    await expect.poll(() => currentView(page)).toBe('Networks')
    expect(await inModal(page, 'network-eip155:31337').getAttribute('aria-current')).toBe('true')
    await inModal(page, 'network-eip155:31338').click()
    await expect.poll(() => currentView(page)).toBe('SwitchNetwork')
    // The wallet knows only 31337: the switch fails with 4902 and the modal asks it to add the chain.
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('wallet_addEthereumChain')
    const details = await page.locator('[data-devwallet] pre').textContent()
    expect(details).toContain('Gangway Local 2 (31338)')
    expect(details).toContain(stack().chains[1]!.rpcUrl)
    await page.getByTestId('devwallet-approve').click()
    // Success goes back to the view before the network list.
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-network').textContent()).toContain('Gangway Local 2')
    expect((await eip155(page))?.connections[0]?.caipNetworkId).toBe('eip155:31338')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x7a6a')
    await context.close()
  })

  it('sends 0.01 ETH and 12.5 GUSD, and the node shows the new balances', async () => {
    const { page, context } = await openDemo(browser)
    const from = await connect(page)
    const receiver = stack().accounts[3]!.address
    const token = stack().tokens.find((t) => t.chainId === 31337)!
    const node = client()
    const ethBefore = await node.getBalance({ address: receiver })
    const gusdBefore = await node.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    const fromGusdBefore = await node.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [from] })

    const sendEth = page.evaluate(
      (to) => (window as unknown as PageWindow).gangway.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.01', receiver: to }),
      receiver,
    )
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    const eth = await sendEth
    expect(eth.hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await node.getBalance({ address: receiver })).toBe(ethBefore + 10_000_000_000_000_000n)
    expect(await state(page, (s) => s.account.send.status)).toBe('confirmed')

    const sendToken = page.evaluate(
      ([to, address]) =>
        (window as unknown as PageWindow).gangway.send({ token: { symbol: 'GUSD', decimals: 6, address: address as string }, amount: '12.5', receiver: to as string }),
      [receiver, token.address],
    )
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    const gusd = await sendToken
    const receipt = await node.getTransactionReceipt({ hash: gusd.hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(await node.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(gusdBefore + 12_500_000n)
    expect(await node.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [from] })).toBe(fromGusdBefore - 12_500_000n)

    // The form's own errors are the spec's.
    const missing = await page.evaluate(() =>
      (window as unknown as PageWindow).gangway.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '', receiver: '' }).then(
        () => 'sent',
        (e: { shortMessage: string }) => e.shortMessage,
      ),
    )
    expect(missing).toBe('An amount and receiver address are required')
    await context.close()
  })

  it('Receive shows the address as text and as a QR code that decodes to it', async () => {
    const { page, context } = await openDemo(browser)
    const address = await connect(page)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-receive').click()
    await expect.poll(() => currentView(page)).toBe('Receive')
    expect(await inModal(page, 'receive-address').textContent()).toBe(address)
    await inModal(page, 'receive-qr').waitFor()
    expect(await readQrCode(browser, page, 'receive-qr')).toBe(address)
    await context.close()
  })

  it('reconnects silently after a reload', async () => {
    const { page, context, reload } = await openDemo(browser)
    const address = await connect(page)
    // The connection is stored (what the reload reconnects from).
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { eip155: [MAIN] } } })
    await reload()
    await expect.poll(() => eip155(page).then((ns) => ns?.status)).toBe('connected')
    expect((await eip155(page))?.connections[0]?.accounts[0]?.address).toBe(address)
    // No prompt was needed.
    expect(await page.evaluate(() => (window as unknown as PageWindow).__gangwayDevWallets['dev.gangway.wallet']!.pending())).toEqual([])
    expect(await state(page, (s) => s.modal.open)).toBe(false)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await context.close()
  })

  it('disconnect: Connect view, and nothing in IndexedDB that would reconnect', async () => {
    const { page, context, reload } = await openDemo(browser)
    await connect(page)
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { eip155: [MAIN] } } })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-disconnect').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(await eip155(page)).toEqual({ status: 'disconnected', connections: [], activeConnectorId: null })
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { eip155: [] } } })
    // The recent wallet is remembered (badge), but not as something to reconnect.
    expect(await inModal(page, `wallet-${MAIN}`).textContent()).toContain('Recent')
    await logWritten(page)
    await reload()
    // Storage is read back: a stored connection would have started its reconnect by now.
    await expect.poll(() => eventsSince(page, 'session/started')).toContain('storage/hydrated')
    expect((await eip155(page))?.status ?? 'disconnected').toBe('disconnected')
    const log = await page.evaluate(() => (window as unknown as PageWindow).gangway.timeTravel.log.events.map((e) => e.type))
    expect(log.slice(log.lastIndexOf('session/started'))).not.toContain('connection/reconnectStarted')
    await context.close()
  })
})
