import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { browserPerFile, connectInjected, currentView, demoWithoutDevtools, inModal, modalState } from './support/demo'
import { seriousViolations } from './support/axe'
import { e2eStack } from './support/stack'

// Swaps (spec §4) in Chromium on the local stack: the Second Dev Wallet (account 1) swaps on the
// dev chain's Uniswap V2 pools through the gateway's swap API; balances change on chain.

const SECOND = 'dev.gangway.second'
const shared = browserPerFile()
const stack = () => e2eStack().config
const chain = () => stack().chains[0]!
const gusd = () => stack().tokens.find((t) => t.chainId === chain().chainId && t.symbol === 'GUSD')!
const client = () => createPublicClient({ transport: http(chain().rpcUrl) })
const gusdOf = (address: Address) => client().readContract({ address: gusd().address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

async function approveInWallet(page: import('playwright-core').Page, method: string) {
  await expect.poll(() => page.getByTestId('devwallet-method').textContent(), { timeout: 30_000 }).toBe(method)
  await page.getByTestId('devwallet-approve').click()
}

describe('swap', () => {
  it('ETH → GUSD, then GUSD → ETH through the approval step: the quote, its details and the balances on chain', async () => {
    const { page } = await demoWithoutDevtools(shared)
    const address = await connectInjected(page, SECOND)
    if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-swaps').click()
    await expect.poll(() => currentView(page)).toBe('Swap')
    await expect.poll(() => inModal(page, 'view-swap').getAttribute('data-status')).toBe('ready')
    expect(await inModal(page, 'swap-from-token').textContent()).toBe('ETH')
    expect(await inModal(page, 'swap-to-token').textContent()).toBe('GUSD')
    expect(await inModal(page, 'swap-action').textContent()).toBe('Enter an amount')
    expect(await inModal(page, 'swap-action').getAttribute('aria-disabled')).toBe('true')

    // ETH → GUSD: the pools quote it, with the rate, price impact, minimum received and fee.
    await inModal(page, 'swap-from-amount').fill('0.5')
    await expect.poll(() => inModal(page, 'swap-action').textContent(), { timeout: 20_000 }).toBe('Review swap')
    const quoted = await modalState(page, (s) => s.swap!.quote!.toAmount!)
    // 0.5 ETH in a 100 ETH : 300,000 GUSD pool (less the 0.3 % fee), give or take earlier swaps.
    expect(Number(quoted) / 1e6).toBeGreaterThan(1400)
    expect(Number(quoted) / 1e6).toBeLessThan(1500)
    expect(await inModal(page, 'swap-rate').textContent()).toMatch(/^1 ETH ≈ [\d,.]+ GUSD$/)
    expect(await inModal(page, 'swap-price-impact').textContent()).toMatch(/^[\d.]+ %$/)
    expect(await inModal(page, 'swap-minimum').textContent()).toMatch(/ GUSD$/)
    await expect.poll(() => inModal(page, 'swap-fee').textContent()).toMatch(/^≈ [\d.]+ ETH/)
    const before = await gusdOf(address)
    // The review before the wallet: what is paid and received, the minimum, the fee and the route.
    await inModal(page, 'swap-action').click()
    await inModal(page, 'swap-review').waitFor()
    expect(await inModal(page, 'swap-review-pay').textContent()).toMatch(/^0\.5 ETH/)
    expect(await inModal(page, 'swap-review-receive').textContent()).toMatch(/^≈ [\d,.]+ GUSD/)
    expect(await inModal(page, 'swap-review-minimum').textContent()).toMatch(/ GUSD$/)
    expect(await inModal(page, 'swap-review-route').textContent()).toBe('ETH → GUSD')
    expect(await seriousViolations(page)).toEqual([])
    // Back keeps the form's input; the wallet was not asked.
    await inModal(page, 'swap-review-back').click()
    expect(await inModal(page, 'swap-from-amount').inputValue()).toBe('0.5')
    await inModal(page, 'swap-action').click()
    await expect.poll(() => inModal(page, 'swap-review-confirm').textContent(), { timeout: 20_000 }).toBe('Confirm swap')
    await inModal(page, 'swap-review-confirm').click()
    await approveInWallet(page, 'eth_sendTransaction')
    await inModal(page, 'swap-success').waitFor({ timeout: 30_000 })
    expect(await inModal(page, 'swap-success').textContent()).toMatch(/^Swapped 0\.5 ETH for [\d,.]+ GUSD$/)
    const received = (await gusdOf(address)) - before
    // Received at least the minimum (1 % slippage) and at most what was quoted.
    expect(received).toBeGreaterThanOrEqual((BigInt(quoted) * 99n) / 100n)
    expect(received).toBeLessThanOrEqual(BigInt(quoted))
    const swapHash = await modalState(page, (s) => s.swap!.step!.hash!)
    // Done ends the swap on Account, its result in a banner; Swap opens again on an empty form.
    await inModal(page, 'swap-done').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'gw-banner').textContent()).toMatch(/Swapped 0\.5 ETH for/)
    // Activity shows the swap with both tokens: what went out and what came in.
    await inModal(page, 'account-tab-activity').click()
    const row = page.locator(`gangway-modal [data-testid="activity-row"][data-hash="${swapHash}"]`)
    await row.waitFor({ timeout: 20_000 })
    expect(await row.getByTestId('activity-title').textContent()).toBe('Swapped')
    expect(await row.getByTestId('activity-amount').allTextContents()).toEqual(['-0.500 ETH', expect.stringMatching(/^\+[\d,]+\.\d{3} GUSD$/)])
    await inModal(page, 'account-tab-tokens').click()
    await inModal(page, 'account-swaps').click()
    await expect.poll(() => inModal(page, 'view-swap').getAttribute('data-status')).toBe('ready')
    expect(await inModal(page, 'swap-from-amount').inputValue()).toBe('')

    // GUSD → ETH: the router may not spend GUSD yet, so ApproveTransaction comes first.
    await inModal(page, 'swap-switch').click()
    expect(await inModal(page, 'swap-from-token').textContent()).toBe('GUSD')
    await inModal(page, 'swap-from-amount').fill('1000')
    await expect.poll(() => inModal(page, 'swap-action').textContent(), { timeout: 20_000 }).toBe('Review swap')
    const ethBefore = await client().getBalance({ address })
    const gusdBefore = await gusdOf(address)
    await inModal(page, 'swap-action').click()
    await expect.poll(() => inModal(page, 'swap-review-confirm').textContent(), { timeout: 20_000 }).toBe('Confirm swap')
    await inModal(page, 'swap-review-confirm').click()
    await expect.poll(() => currentView(page)).toBe('ApproveTransaction')
    expect(await inModal(page, 'approve-explanation').textContent()).toContain('allow the swap router to spend your GUSD')
    // A refused approval stays here with the wallet's error.
    await inModal(page, 'approve-confirm').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-reject').click()
    await inModal(page, 'approve-error').waitFor()
    expect(await inModal(page, 'approve-error').textContent()).toBe('User rejected the request')
    expect(await gusdOf(address)).toBe(gusdBefore)
    await inModal(page, 'approve-confirm').click()
    await approveInWallet(page, 'eth_sendTransaction')
    // The approval is mined, Swap comes back and the swap itself goes to the wallet, as its progress says.
    await expect.poll(() => inModal(page, 'swap-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('swapping')
    await approveInWallet(page, 'eth_sendTransaction')
    await expect.poll(() => currentView(page)).toBe('Swap')
    await inModal(page, 'swap-success').waitFor({ timeout: 30_000 })
    expect(await gusdOf(address)).toBe(gusdBefore - 1_000_000_000n)
    // About 1000 / 3000 ETH less the fees and gas.
    const gained = Number((await client().getBalance({ address })) - ethBefore) / 1e18
    expect(gained).toBeGreaterThan(0.3)
    expect(gained).toBeLessThan(0.34)
    // Account shows the new balances.
    await inModal(page, 'swap-done').click()
    await page.keyboard.press('Escape')
  })

  it("a network outside the swap chains says 'Network not supported for Swaps'", async () => {
    const { page } = await demoWithoutDevtools(shared, { query: '?swapChains=31338' })
    await connectInjected(page, SECOND)
    if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-swaps').click()
    await inModal(page, 'swap-error').waitFor()
    expect(await inModal(page, 'swap-error').textContent()).toBe('Network not supported for Swaps')
    expect(await inModal(page, 'view-swap').getAttribute('data-status')).toBe('unsupported')
  })
})
