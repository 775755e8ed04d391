import type { Page } from 'playwright-core'
import { formatUnits, parseEther, verifyMessage, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { approveInWallet, browserPerFile, connectInjected, currentView, demoWithoutDevtools, gatewayControl, inModal, modalState, rejectInWallet } from './support/demo'
import { freshAddress, gusd, gusdOf, node } from './support/localChain'
import { e2eStack } from './support/stack'
import { formatAmount } from '../../src/core/domain/format'

// The Send view and the feedback of every wallet request, in Chromium on the local stack: the
// injected dev wallet (its approve / reject prompt) on the hardhat chain, balances from the
// gateway, the transfers checked on the node.

const MAIN = 'dev.gangway.wallet'
const WALLET_NAME = 'Gangway Dev Wallet'

const shared = browserPerFile()
const stack = () => e2eStack().config

const demo = async (): Promise<Page> => (await demoWithoutDevtools(shared)).page

/** Connected, on the Send view, with the gateway's token balances in. */
async function sendView(page: Page): Promise<Address> {
  const from = await connectInjected(page, MAIN)
  if ((await currentView(page)) !== 'Account') {
    if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
  }
  await expect.poll(() => modalState(page, (s) => Object.values(s.tokenBalances.byAccount)[0]?.balances?.length ?? 0)).toBeGreaterThan(1)
  await inModal(page, 'account-send').click()
  await expect.poll(() => currentView(page)).toBe('WalletSend')
  await inModal(page, 'send-form').waitFor()
  return from
}

const text = (page: Page, testId: string) => inModal(page, testId).textContent()

describe('the Send view', () => {
  it("sends GUSD: each of the form's refusals first, then review with the fee, approve in the wallet, confirmed; the node has the new balances", async () => {
    const page = await demo()
    const from = await sendView(page)
    const token = gusd()
    const held = await gusdOf(from)

    // The token picker lists the native token first, then the ERC-20 held, each with its icon and balance.
    await inModal(page, 'send-token').click()
    const options = inModal(page, 'send-token-option')
    const symbols = await options.evaluateAll((items) => items.map((item) => item.getAttribute('data-symbol')))
    expect(symbols[0]).toBe('ETH')
    expect(symbols).toContain('GUSD')
    expect(await options.first().locator('[data-testid^="send-token-icon"]').count()).toBe(1)
    await page.locator(`gangway-modal [data-testid="send-token-option"][data-value="${token.address.toLowerCase()}"]`).click()
    expect(await modalState(page, (s) => s.account.send.token?.symbol)).toBe('GUSD')
    expect(await text(page, 'send-balance')).toBe(`Balance: ${formatAmount(held, { locale: 'en', decimals: 6, symbol: 'GUSD' })}`)

    // Nothing typed: the spec's message, and nothing reaches the wallet.
    await inModal(page, 'send-review').click()
    expect(await text(page, 'send-form-error')).toBe('An amount and receiver address are required')
    // Finer than the token's 6 decimals: refused as typed, never rounded.
    await inModal(page, 'send-amount').fill('1.1234567')
    expect(await text(page, 'send-amount-error')).toBe('GUSD has at most 6 decimals')
    // One smallest unit above the balance.
    await inModal(page, 'send-amount').fill(formatUnits(held + 1n, 6))
    expect(await text(page, 'send-amount-error')).toBe('Insufficient GUSD balance')
    // Max fills the whole balance, which passes.
    await inModal(page, 'send-max').click()
    expect(await inModal(page, 'send-amount').inputValue()).toBe(formatUnits(held, 6))
    expect(await inModal(page, 'send-amount-error').count()).toBe(0)
    // A receiver that is not an address.
    await inModal(page, 'send-amount').fill('2.5')
    await inModal(page, 'send-receiver').fill('0x1234')
    await inModal(page, 'send-review').click()
    expect(await text(page, 'send-form-error')).toBe('Invalid receiver address')
    expect(await page.getByTestId('devwallet-method').count()).toBe(0)

    const receiver = freshAddress()
    await inModal(page, 'send-receiver').fill(receiver)
    expect(await inModal(page, 'send-form-error').count()).toBe(0)
    await inModal(page, 'send-review').click()
    await inModal(page, 'send-review-step').waitFor()
    expect(await text(page, 'send-review-amount')).toMatch(/^2\.5 GUSD/)
    // The fee is the node's estimate for this transfer, in ETH.
    await expect.poll(() => inModal(page, 'send-review-fee').getAttribute('data-status')).toBe('ready')
    expect(await text(page, 'send-review-fee')).toMatch(/^≈ 0\.0000\d+ ETH$/)

    await inModal(page, 'send-confirm').click()
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status')).toBe('sending')
    expect(await inModal(page, 'send-progress').textContent()).toContain(`Approve in ${WALLET_NAME}`)
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed')
    expect(await text(page, 'send-success')).toBe('Sent 2.5 GUSD')
    const hash = (await inModal(page, 'send-hash').getAttribute('title')) as Hex
    const receipt = await node().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(token.address.toLowerCase())
    expect(await gusdOf(receiver)).toBe(2_500_000n)
    expect(await gusdOf(from)).toBe(held - 2_500_000n)
    // The Send view shows its own transaction: no toast repeats it.
    expect(await page.locator('gangway-modal [data-testid="gw-request-toast"]').count()).toBe(0)

    await inModal(page, 'send-done').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await modalState(page, (s) => s.account.send)).toMatchObject({ status: 'idle', amount: null, receiver: null })
    // The result stays in a success banner on Account, and focus is in Account, not lost to the page.
    expect(await inModal(page, 'gw-banner').textContent()).toContain('Sent 2.5 GUSD')
    expect(await inModal(page, 'gw-banner').getAttribute('role')).toBe('status')
    await expect
      .poll(() => page.evaluate(() => document.querySelector('gangway-modal')?.shadowRoot?.activeElement?.closest('[data-testid="view-Account"]') != null))
      .toBe(true)
    // Send again starts from an empty form, not from the last result.
    await inModal(page, 'account-send').click()
    await inModal(page, 'send-form').waitFor()
    expect(await inModal(page, 'send-amount').inputValue()).toBe('')
    expect(await inModal(page, 'send-receiver').inputValue()).toBe('')
    expect(await inModal(page, 'send-success').count()).toBe(0)
  })

  it("sends to a name: the gateway's name API resolves it as it is typed, review shows the name and its address, the node has the transfer; an unknown name is 'Error resolving name'", async () => {
    const page = await demo()
    await sendView(page)
    // The dev stack's names: the stack's account 1 is bobby.gangway (this file's accounts are its own).
    await inModal(page, 'send-amount').fill('0.125')
    await inModal(page, 'send-receiver').fill('bobby.gangway')
    await expect.poll(() => inModal(page, 'send-receiver-name').getAttribute('data-status')).toBe('resolved')
    expect(await inModal(page, 'send-receiver-name').locator('span').getAttribute('title')).toBe(stack().names['bobby.gangway'])

    await inModal(page, 'send-receiver').fill('nobody-here.gangway')
    await expect.poll(() => inModal(page, 'send-receiver-name').getAttribute('data-status')).toBe('failed')
    expect(await text(page, 'send-receiver-name-error')).toBe('Error resolving name')
    await inModal(page, 'send-review').click()
    expect(await inModal(page, 'send-review-step').count()).toBe(0)

    // A name of an address nobody has used, so what it holds afterwards is exactly what was sent.
    const receiver = freshAddress()
    const name = `fresh-${receiver.slice(2, 10).toLowerCase()}.gangway`
    await gatewayControl('PUT', `/_control/names/${name}`, { address: receiver })
    await inModal(page, 'send-receiver').fill(name)
    await expect.poll(() => inModal(page, 'send-receiver-name').getAttribute('data-status')).toBe('resolved')
    await inModal(page, 'send-review').click()
    await inModal(page, 'send-review-step').waitFor()
    expect(await text(page, 'send-review-name')).toBe(name)
    expect(await inModal(page, 'send-review-receiver').getAttribute('title')).toBe(receiver)
    await expect.poll(() => inModal(page, 'send-review-fee').getAttribute('data-status')).toBe('ready')
    await inModal(page, 'send-confirm').click()
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed')
    expect(await node().getBalance({ address: receiver })).toBe(parseEther('0.125'))
  })

  it("sends ETH: a refusal in the wallet is shown in the spec's words with a retry; the retry goes through", async () => {
    const page = await demo()
    await sendView(page)
    const receiver = freshAddress()
    expect(await modalState(page, (s) => s.account.send.token?.symbol)).toBe('ETH')
    await inModal(page, 'send-amount').fill('0.25')
    await inModal(page, 'send-receiver').fill(receiver)
    // Enter submits the form, as on any form.
    await inModal(page, 'send-receiver').press('Enter')
    await inModal(page, 'send-review-step').waitFor()
    await inModal(page, 'send-confirm').click()
    await rejectInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status')).toBe('failed')
    expect(await text(page, 'send-error')).toBe('User rejected the request')
    expect(await node().getBalance({ address: receiver })).toBe(0n)

    // Edit goes back to the form as it was.
    await inModal(page, 'send-edit-after-failure').click()
    expect(await inModal(page, 'send-amount').inputValue()).toBe('0.25')
    await inModal(page, 'send-review').click()
    await inModal(page, 'send-confirm').click()
    await rejectInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status')).toBe('failed')
    // Try again asks the wallet again, with the same transfer.
    await inModal(page, 'send-retry').click()
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed')
    expect(await node().getBalance({ address: receiver })).toBe(parseEther('0.25'))
  })
})

describe('feedback for the wallet requests a host makes with { feedback: true }', () => {
  it('sign message, sign typed data and send from the demo: approve in the wallet, then signed, refused, or the transaction with its hash', async () => {
    const page = await demo()
    const from = await connectInjected(page, MAIN)
    // The modal closed: the feedback shows over the page.
    if (await modalState(page, (s) => s.modal.open)) await page.keyboard.press('Escape')
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
    const toast = page.locator('gangway-modal [data-testid="gw-request-toast"]')
    const toastTitle = () => page.locator('gangway-modal [data-testid="gw-request-toast-title"]').textContent()

    await page.getByTestId('demo-sign-message').click()
    await expect.poll(toastTitle).toBe(`Approve in ${WALLET_NAME}`)
    expect(await toast.getAttribute('data-variant')).toBe('loading')
    await approveInWallet(page, 'personal_sign')
    await expect.poll(toastTitle).toBe('Signed')
    expect(await toast.getAttribute('data-variant')).toBe('success')
    await expect.poll(() => page.getByTestId('demo-request-outcome').textContent()).toMatch(/^Sign message: 0x[0-9a-f]+$/)
    const signature = (await page.getByTestId('demo-request-outcome').textContent())!.split(': ')[1] as Hex
    expect(await verifyMessage({ address: from, message: 'Hello from the Gangway demo', signature })).toBe(true)

    await page.getByTestId('demo-sign-typed-data').click()
    await expect.poll(toastTitle).toBe(`Approve in ${WALLET_NAME}`)
    await rejectInWallet(page, 'eth_signTypedData_v4')
    await expect.poll(toastTitle).toBe('Not signed')
    expect(await toast.getAttribute('data-variant')).toBe('error')
    expect(await toast.getAttribute('role')).toBe('alert')
    expect(await page.locator('gangway-modal [data-testid="gw-request-toast-text"]').textContent()).toBe('Error signing message')
    // A failure stays until dismissed.
    await toast.getByRole('button', { name: 'Dismiss notification' }).click()
    expect(await toast.count()).toBe(0)

    const receiver = stack().accounts[1]!.address as Address
    const before = await node().getBalance({ address: receiver })
    await page.getByTestId('demo-send').click()
    await expect.poll(toastTitle).toBe(`Approve in ${WALLET_NAME}`)
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(toastTitle, { timeout: 30_000 }).toBe('Transaction confirmed')
    const hash = (await page.locator('gangway-modal [data-testid="gw-request-toast-hash"]').getAttribute('title')) as Hex
    expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
    expect(await node().getBalance({ address: receiver })).toBeGreaterThanOrEqual(before + parseEther('0.001'))
    // A success leaves by itself.
    await expect.poll(() => toast.count(), { timeout: 20_000 }).toBe(0)
  })
})
