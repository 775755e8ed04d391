import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { seriousViolations } from './support/axe'
import { browserPerFile, connectInjected, currentView, demoWithoutDevtools, inModal, modalState } from './support/demo'
import { connectDevSolana, openSolanaDemo } from './support/solana'
import { e2eStack } from './support/stack'

// Buying crypto (spec §7) in Chromium on the local stack: the Buy view quotes both dev providers
// through the gateway, opens the provider's page in a window, the page "takes payment" and the
// gateway delivers test USDC on chain; the modal sees it arrive.

const SECOND = 'dev.gangway.second'
const shared = browserPerFile()
const stack = () => e2eStack().config
const chain = () => stack().chains[0]!
const usdc = () => stack().tokens.find((t) => t.chainId === chain().chainId && t.symbol === 'USDC')!
const usdcOf = (address: Address) =>
  createPublicClient({ transport: http(chain().rpcUrl) }).readContract({ address: usdc().address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

describe('buy', () => {
  it('quotes both providers, buys through each one’s page, and the USDC arrives in the account and its activity', async () => {
    const { page, context } = await demoWithoutDevtools(shared)
    const address = await connectInjected(page, SECOND)
    if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-onramp').click()
    await expect.poll(() => currentView(page)).toBe('OnRamp')
    await expect.poll(() => inModal(page, 'view-onramp').getAttribute('data-status')).toBe('ready')
    expect(await inModal(page, 'onramp-payment-currency').inputValue()).toBe('USD')
    expect(await inModal(page, 'onramp-purchase-currency').inputValue()).toBe('USDC')

    // The currency paid with and the token bought show the directory's images, served by the gateway.
    for (const [id, path] of [['onramp-currency-icon-image', '/public/getCurrencyImage/USD'], ['onramp-token-icon-image', '/public/getTokenImage/USDC']] as const) {
      expect(new URL((await inModal(page, id).getAttribute('src'))!).pathname).toBe(path)
      await expect.poll(() => inModal(page, id).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    }

    // Out of the card's limits: said so, nothing quoted.
    await inModal(page, 'onramp-amount').fill('5')
    expect(await inModal(page, 'onramp-limits').textContent()).toBe('Amount must be between 10 and 7,500 USD')
    expect(await inModal(page, 'onramp-buy').getAttribute('aria-disabled')).toBe('true')
    await inModal(page, 'onramp-amount').fill('9000')
    expect(await inModal(page, 'onramp-limits').textContent()).toBe('Amount must be between 10 and 7,500 USD')
    // A bank account allows more.
    await inModal(page, 'onramp-method').selectOption('ach_bank_account')
    expect(await inModal(page, 'onramp-limits').textContent()).toBe('Between 10 and 25,000 USD')
    await inModal(page, 'onramp-method').selectOption('card')

    // 100 USD: Gangway Pay (1 %) and Dev Ramp (2 %) each quote, fees shown; the better one is chosen.
    await inModal(page, 'onramp-amount').fill('100')
    const quote = (provider: string) => inModal(page, 'onramp-quote').and(page.locator(`[data-provider="${provider}"]`))
    await expect.poll(() => quote('gangwaypay').locator('[data-testid="onramp-quote-amount"]').textContent(), { timeout: 20_000 }).toBe('98.9 USDC')
    expect(await quote('devramp').locator('[data-testid="onramp-quote-amount"]').textContent()).toBe('97.9 USDC')
    expect(await quote('gangwaypay').textContent()).toContain('Fees $1.10')
    expect(await quote('gangwaypay').getAttribute('aria-pressed')).toBe('true')
    expect(await inModal(page, 'onramp-buy').textContent()).toBe('Buy with Gangway Pay')

    const before = await usdcOf(address)
    const [provider] = await Promise.all([context.waitForEvent('page'), inModal(page, 'onramp-buy').click()])
    await provider.waitForURL(/\/onramp\/gangwaypay\//)
    expect(new URL(provider.url()).searchParams.get('address')).toBe(address)
    await expect.poll(() => inModal(page, 'onramp-purchase').getAttribute('data-status')).toBe('waiting')
    expect(await seriousViolations(page)).toEqual([])
    await provider.locator('#pay').click()
    await provider.locator('#done').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await usdcOf(address)).toBe(before + 98_900_000n)
    // The modal sees the USDC arrive.
    await inModal(page, 'onramp-delivered').waitFor({ timeout: 30_000 })
    expect(await inModal(page, 'onramp-delivered').textContent()).toMatch(/^Received 98\.9 USDC on \S/)
    // The delivery's transaction, from the account's on-ramp activity (history with onramp=coinbase).
    const paidTx = await provider.locator('#tx').textContent()
    await expect.poll(() => inModal(page, 'onramp-delivery-hash').getAttribute('title'), { timeout: 20_000 }).toBe(paidTx)
    expect(await seriousViolations(page)).toEqual([])
    await provider.close()
    await inModal(page, 'onramp-done').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await expect.poll(() => modalState(page, (s) => JSON.stringify(s)).then((s) => s.includes('"symbol":"USDC"'))).toBe(true)

    // Dev Ramp: its page gets the spec's query.
    await inModal(page, 'account-onramp').click()
    await inModal(page, 'onramp-amount').fill('50')
    await expect.poll(() => quote('devramp').locator('[data-testid="onramp-quote-amount"]').textContent(), { timeout: 20_000 }).toBe('48.9 USDC')
    await quote('devramp').click()
    expect(await inModal(page, 'onramp-buy').textContent()).toBe('Buy with Dev Ramp')
    const [ramp] = await Promise.all([context.waitForEvent('page'), inModal(page, 'onramp-buy').click()])
    await ramp.waitForURL(/\/onramp\/devramp\//)
    const query = new URL(ramp.url()).searchParams
    expect({
      publicKey: query.get('publicKey'),
      destinationCurrencyCode: query.get('destinationCurrencyCode'),
      walletAddress: query.get('walletAddress'),
      externalCustomerId: query.get('externalCustomerId'),
    }).toEqual({ publicKey: stack().projectId, destinationCurrencyCode: 'USDC', walletAddress: address, externalCustomerId: address })
    const middle = await usdcOf(address)
    await ramp.locator('#pay').click()
    await ramp.locator('#done').waitFor({ state: 'visible', timeout: 30_000 })
    await inModal(page, 'onramp-delivered').waitFor({ timeout: 30_000 })
    expect(await inModal(page, 'onramp-delivered').textContent()).toMatch(/^Received 48\.9 USDC on \S/)
    expect(await usdcOf(address)).toBe(middle + 48_900_000n)
    await inModal(page, 'onramp-done').click()

    // Activity lists the deliveries.
    await inModal(page, 'account-tab-activity').click()
    await expect.poll(() => inModal(page, 'activity-amount').allTextContents().then((all) => all.join(' ')), { timeout: 20_000 }).toContain('USDC')
  })

  it('on Solana it buys SOL, delivered by the local validator, and the balance shows it', async () => {
    const opened = await openSolanaDemo(shared.browser)
    shared.contexts.push(opened.context)
    const { page, context } = opened
    const address = await connectDevSolana(page)
    await page.evaluate(() => (window as unknown as { gangway: { open(o: unknown): void } }).gangway.open({ view: 'Account', namespace: 'solana' }))
    await expect.poll(() => currentView(page)).toBe('Account')
    // Swaps are EVM only; Buy is offered on Solana.
    expect(await inModal(page, 'account-swaps').count()).toBe(0)
    await inModal(page, 'account-onramp').click()
    await expect.poll(() => inModal(page, 'view-onramp').getAttribute('data-status')).toBe('ready')
    await expect.poll(() => inModal(page, 'onramp-purchase-currency').inputValue()).toBe('SOL')
    await inModal(page, 'onramp-amount').fill('30')
    // 30 USD less 1 % and the 0.10 network fee, at 150 USD per SOL: a quote shows every digit SOL's 9 decimals hold.
    await expect.poll(() => inModal(page, 'onramp-quote-amount').first().textContent(), { timeout: 20_000 }).toBe('0.197333333 SOL')
    const before = await modalState(page, (s) => JSON.stringify(s.tokenBalances))
    const [provider] = await Promise.all([context.waitForEvent('page'), inModal(page, 'onramp-buy').click()])
    await provider.waitForURL(/\/onramp\/gangwaypay\//)
    expect(new URL(provider.url()).searchParams.get('address')).toBe(address)
    await provider.locator('#pay').click()
    await provider.locator('#done').waitFor({ state: 'visible', timeout: 30_000 })
    await inModal(page, 'onramp-delivered').waitFor({ timeout: 30_000 })
    expect(await inModal(page, 'onramp-delivered').textContent()).toMatch(/^Received 0\.197333333 SOL on \S/)
    expect(await modalState(page, (s) => JSON.stringify(s.tokenBalances))).not.toBe(before)
  })
})
