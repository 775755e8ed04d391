import type { Page } from 'playwright-core'
import { createPublicClient, formatEther, http, parseEther, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { seriousViolations } from './support/axe'
import { approveInWallet, browserPerFile, connectInjected, currentView, demoWithoutDevtools, inModal, modalState, rejectInWallet } from './support/demo'
import { freshAddress, gusd, gusdOf, node } from './support/localChain'
import { e2eStack } from './support/stack'

// Pay (`modal.pay`, the `pay()` module; the demo with ?pay=1), in Chromium on the local stack: the
// injected dev wallet (its approve / reject prompt) on the hardhat chains, what moved checked on
// the nodes.

const MAIN = 'dev.gangway.wallet'
const WALLET_NAME = 'Gangway Dev Wallet'

const shared = browserPerFile()
const stack = () => e2eStack().config

type PageWindow = Window & { gangway: Modal; __payment?: Promise<unknown> }
type Settled = { hash: string; blockNumber: string; network: string } | { error: { name: string; kind: string; shortMessage: string; code?: number } }

const demo = async (): Promise<Page> => (await demoWithoutDevtools(shared, { query: '?pay=1' })).page

/** `modal.pay` in the page, started (its outcome is read later with `outcome`). */
const startPayment = (page: Page, payment: Parameters<Modal['pay']>[0]) =>
  page.evaluate((p) => {
    const w = window as unknown as PageWindow
    w.__payment = w.gangway.pay(p).then(
      (r) => r,
      (e: { name: string; kind: string; shortMessage: string; code?: number }) => ({ error: { name: e.name, kind: e.kind, shortMessage: e.shortMessage, code: e.code } }),
    )
  }, payment)
/** What the payment started in the page settled with. */
const outcome = (page: Page) => page.evaluate(() => (window as unknown as PageWindow).__payment) as Promise<Settled>

const text = (page: Page, testId: string) => inModal(page, testId).textContent()
const status = (page: Page) => inModal(page, 'view-pay').getAttribute('data-status')

/** Connected with the dev wallet, the modal closed again: a host page ready to ask for a payment. */
async function connectedDemo(): Promise<{ page: Page; from: Address }> {
  const page = await demo()
  const from = await connectInjected(page, MAIN)
  if (await modalState(page, (s) => s.modal.open)) await page.keyboard.press('Escape')
  await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
  return { page, from }
}

/** Pay shows the payment, its fee estimated for the connected account. */
async function reviewShown(page: Page): Promise<void> {
  await expect.poll(() => currentView(page)).toBe('Pay')
  await expect.poll(() => inModal(page, 'view-pay').getAttribute('data-step')).toBe('ready')
  await expect.poll(() => inModal(page, 'pay-fee').getAttribute('data-status')).toBe('ready')
  expect(await text(page, 'pay-fee')).toMatch(/^≈ 0\.0000\d+ ETH$/)
}

describe('Pay', () => {
  it("pays 0.01 ETH from the demo's Pay button: the review with its fee, approve in the wallet, confirmed; the node has it", async () => {
    const { page, from } = await connectedDemo()
    const recipient = stack().accounts[1]!.address as Address
    const before = await node().getBalance({ address: recipient })
    await page.getByTestId('demo-pay-eth').click()
    await reviewShown(page)
    expect(await text(page, 'pay-amount')).toBe('0.01 ETH')
    expect(await inModal(page, 'pay-recipient').getAttribute('title')).toBe(recipient)
    expect(await text(page, 'pay-network')).toBe(stack().chains[0]!.name)
    expect(await inModal(page, 'pay-from').getAttribute('title')).toBe(from)
    // Nothing is asked of the wallet before the visitor chooses Pay.
    expect(await page.getByTestId('devwallet-method').count()).toBe(0)

    await inModal(page, 'pay-confirm').click()
    await expect.poll(() => status(page)).toBe('paying')
    expect(await inModal(page, 'view-pay').textContent()).toContain(`Approve in ${WALLET_NAME}`)
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('confirmed')
    expect(await text(page, 'pay-success')).toBe('Paid 0.01 ETH')
    const hash = (await inModal(page, 'pay-hash').getAttribute('title')) as Hex
    const receipt = await node().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(recipient.toLowerCase())
    expect(await node().getBalance({ address: recipient })).toBe(before + parseEther('0.01'))
    // The host's promise settled with the same transaction.
    await expect.poll(() => page.getByTestId('demo-pay-outcome').textContent()).toBe(`Pay 0.01 ETH: ${hash}`)
    // Done ends the payment on Account, its result in a banner there.
    await inModal(page, 'pay-done').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'gw-banner').textContent()).toContain('Paid 0.01 ETH')
  })

  it('pays GUSD (an ERC-20) to a fresh address for a visitor who connects first from Pay; the promise resolves with the transaction', async () => {
    const page = await demo()
    const token = gusd()
    const recipient = freshAddress()
    await startPayment(page, { recipient, amount: '2.5', asset: { address: token.address, symbol: 'GUSD', decimals: 6 }, network: `eip155:${stack().chains[0]!.chainId}` })
    await expect.poll(() => currentView(page)).toBe('Pay')
    expect(await inModal(page, 'view-pay').getAttribute('data-step')).toBe('connect')
    await inModal(page, 'pay-connect').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await inModal(page, `wallet-${MAIN}`).click()
    await page.getByTestId('devwallet-approve').click()
    // Connected: back on the payment, not closed.
    await reviewShown(page)
    const from = (await inModal(page, 'pay-from').getAttribute('title')) as Address
    const held = await gusdOf(from)
    expect(await text(page, 'pay-amount')).toBe('2.5 GUSD')

    await inModal(page, 'pay-confirm').click()
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('confirmed')
    const paid = await outcome(page)
    expect(paid).toMatchObject({ network: `eip155:${stack().chains[0]!.chainId}` })
    const hash = (paid as { hash: Hex }).hash
    const receipt = await node().getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(token.address.toLowerCase())
    expect(await gusdOf(recipient)).toBe(2_500_000n)
    expect(await gusdOf(from)).toBe(held - 2_500_000n)
  })

  it("on the other chain: the visitor switches first, comes back to Pay and pays there", async () => {
    const { page } = await connectedDemo()
    const other = stack().chains[1]!
    const chainTwo = createPublicClient({ transport: http(other.rpcUrl) })
    const recipient = freshAddress()
    await startPayment(page, { recipient, amount: '0.02', asset: 'native', network: `eip155:${other.chainId}` })
    await expect.poll(() => currentView(page)).toBe('Pay')
    expect(await inModal(page, 'view-pay').getAttribute('data-step')).toBe('switch')
    expect(await text(page, 'pay-switch')).toBe(`Switch to ${other.name}`)
    await inModal(page, 'pay-switch').click()
    await expect.poll(() => currentView(page)).toBe('SwitchNetwork')
    // The wallet knows only the first chain: it is asked to add this one (4902's path), then it is on it.
    await approveInWallet(page, 'wallet_addEthereumChain')
    await reviewShown(page)
    expect(await modalState(page, (s) => s.connection.byNamespace.eip155?.connections[0]?.caipNetworkId)).toBe(`eip155:${other.chainId}`)
    await inModal(page, 'pay-confirm').click()
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('confirmed')
    const paid = (await outcome(page)) as { hash: Hex; network: string }
    expect(paid.network).toBe(`eip155:${other.chainId}`)
    expect((await chainTwo.getTransactionReceipt({ hash: paid.hash })).status).toBe('success')
    expect(await chainTwo.getBalance({ address: recipient })).toBe(parseEther('0.02'))
    expect(await node().getBalance({ address: recipient })).toBe(0n)
  })

  it('pays 0.01 ETH from the dev exchange with no wallet connected: its page opens, Confirm withdrawal there, Paid; the node has it and the promise resolves with that transaction', async () => {
    const { page, context } = await demoWithoutDevtools(shared, { query: '?pay=1' })
    const recipient = freshAddress()
    await startPayment(page, { recipient, amount: '0.01', asset: 'native', network: `eip155:${stack().chains[0]!.chainId}` })
    await expect.poll(() => currentView(page)).toBe('Pay')
    const exchange = inModal(page, 'pay-exchange').and(page.locator('[data-exchange="devexchange"]'))
    await exchange.waitFor()
    expect(await exchange.textContent()).toBe('Dev Exchange')
    expect(await seriousViolations(page)).toEqual([])
    const [exchangePage] = await Promise.all([context.waitForEvent('page'), exchange.click()])
    await exchangePage.waitForURL(/\/exchange\/devexchange\/pay\//)
    expect(await exchangePage.locator('#amount').textContent()).toBe('0.01 ETH')
    expect(await exchangePage.locator('#recipient').textContent()).toBe(recipient)
    await expect.poll(() => inModal(page, 'pay-exchange-waiting').textContent()).toBe('Waiting for Dev Exchange…')
    expect(await seriousViolations(page)).toEqual([])
    await exchangePage.getByRole('button', { name: 'Confirm withdrawal' }).click()
    await exchangePage.getByText(/^Withdrawal sent/).waitFor({ timeout: 10_000 })
    await expect.poll(() => status(page), { timeout: 10_000 }).toBe('confirmed')
    expect(await text(page, 'pay-success')).toBe('Paid 0.01 ETH')
    const hash = (await inModal(page, 'pay-hash').getAttribute('title')) as Hex
    expect(await node().getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
    expect(await outcome(page)).toMatchObject({ hash, network: `eip155:${stack().chains[0]!.chainId}` })
    await exchangePage.close()
  })

  it("a refusal in the wallet rejects in the spec's words and moves nothing; so does Cancel; more than the balance is refused before anything shows", async () => {
    const { page, from } = await connectedDemo()
    const recipient = freshAddress()
    const network = `eip155:${stack().chains[0]!.chainId}`
    const fromBefore = await node().getBalance({ address: from })

    await startPayment(page, { recipient, amount: '0.05', asset: 'native', network })
    await reviewShown(page)
    await inModal(page, 'pay-confirm').click()
    await rejectInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => status(page)).toBe('failed')
    expect(await text(page, 'pay-error')).toBe('User rejected the request')
    expect(await outcome(page)).toEqual({ error: expect.objectContaining({ kind: 'WALLET_REJECTED', shortMessage: 'User rejected the request', code: 4001 }) })
    await inModal(page, 'pay-close').click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)

    await startPayment(page, { recipient, amount: '0.05', asset: 'native', network })
    await expect.poll(() => currentView(page)).toBe('Pay')
    await inModal(page, 'pay-cancel').click()
    expect(await outcome(page)).toEqual({ error: expect.objectContaining({ kind: 'WALLET_REJECTED', shortMessage: 'User rejected the request' }) })
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)

    // More than the account holds: refused at once, the modal stays closed.
    const held = await node().getBalance({ address: from })
    await startPayment(page, { recipient, amount: formatEther(held + 1n), asset: 'native', network })
    expect(await outcome(page)).toEqual({ error: expect.objectContaining({ name: 'InvalidInputError', shortMessage: 'Insufficient ETH balance' }) })
    expect(await modalState(page, (s) => s.modal.open)).toBe(false)

    // Nothing moved, not even gas: no transaction left the account.
    expect(await node().getBalance({ address: recipient })).toBe(0n)
    expect(await node().getBalance({ address: from })).toBe(fromBefore)
    expect(await node().getTransactionCount({ address: recipient })).toBe(0)
  })
})

