import type { Page } from 'playwright-core'
import { createWalletClient, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import type { TokenBalance, Transaction } from '../../src/core/domain/entities'
import { formatAmount, formatFiat, multiplyDecimals, sumTokenValues } from '../../src/core/domain/format'
import { browserPerFile, connectInjected, currentView, demoWithoutDevtools, gatewayControl, inModal, modalState } from './support/demo'
import { e2eStack } from './support/stack'

// The account sheet on the local stack: identity (name, avatar) and balances from the gateway,
// the Tokens tab priced by the gateway's price table, the Activity tab from the gateway's
// indexer of the hardhat chain's blocks, paged with its cursor as the list scrolls.

const MAIN = 'dev.gangway.wallet'
const shared = browserPerFile()
const stack = () => e2eStack().config
const chain = () => stack().chains[0]!

afterEach(async () => {
  await control('POST', '/_control/reset')
})

const control = gatewayControl

async function gateway<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const params = new URLSearchParams({ projectId: stack().projectId, ...query })
  return (await (await fetch(`${stack().gatewayUrl}${path}?${params}`)).json()) as T
}

const demo = async (): Promise<Page> => (await demoWithoutDevtools(shared, { permissions: ['clipboard-read', 'clipboard-write'] })).page

async function account(page: Page): Promise<Address> {
  const address = await connectInjected(page, MAIN)
  if ((await currentView(page)) !== 'Account') {
    if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
  }
  return address
}

describe('the account sheet', () => {
  it('shows the identity (name and avatar), the address with copy, the dollar total and the tokens with their worth', async () => {
    const address = (stack().accounts[0]!.address as Address)
    await control('PUT', '/_control/prices', { prices: { ETH: 2000, GUSD: 1.005 } })
    await control('PUT', `/_control/identity/${address}`, { name: 'gangway.eth', avatar: `${stack().gatewayUrl}/public/getAssetImage/avatar` })
    const page = await demo()
    expect(await account(page)).toBe(address)

    await expect.poll(() => inModal(page, 'account-name').textContent()).toBe('gangway.eth')
    await inModal(page, 'account-avatar').waitFor()
    // The avatar loaded: an image of real size, not the broken-image glyph.
    await expect.poll(() => inModal(page, 'account-avatar').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)

    const { balances } = await gateway<{ balances: TokenBalance[] }>(`/v1/account/${address}/balance`, { chainId: `eip155:${chain().chainId}`, currency: 'usd' })
    const onChain = balances.filter((b) => b.chainId === `eip155:${chain().chainId}`)
    await expect.poll(() => inModal(page, 'account-total').textContent()).toBe(formatFiat(sumTokenValues(onChain)))

    // Tokens: native first, then GUSD, each with its amount (3 decimals, truncated) and its exact worth.
    const rows = inModal(page, 'token-row')
    await expect.poll(() => rows.count()).toBe(onChain.length)
    expect(await rows.nth(0).getAttribute('data-symbol')).toBe('ETH')
    const gusd = onChain.find((b) => b.symbol === 'GUSD')!
    const gusdRow = page.locator('gangway-modal [data-testid="token-row"][data-symbol="GUSD"]')
    expect(await gusdRow.getByTestId('token-quantity').textContent()).toBe(formatAmount(gusd.quantity.numeric, { locale: 'en', symbol: 'GUSD' }))
    expect(await gusdRow.getByTestId('token-value').textContent()).toBe(formatFiat(multiplyDecimals(gusd.quantity.numeric, 1.005)!))

    await inModal(page, 'account-copy').click()
    await expect.poll(() => inModal(page, 'gw-banner').textContent()).toContain('Address copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  })

  it('with a wallet that lists its assets (EIP-7811): the balances are the wallet\'s, priced by the gateway\'s fungible prices, while its balance API is down', async () => {
    const address = stack().accounts[0]!.address as Address
    const network = `eip155:${chain().chainId}`
    const { balances } = await gateway<{ balances: TokenBalance[] }>(`/v1/account/${address}/balance`, { chainId: network, currency: 'usd' })
    const held = balances.filter((b) => b.chainId === network)
    await control('PUT', '/_control/prices', { prices: { ETH: 2000, GUSD: 1.005, USDC: 0.999 } })
    // The data API's balances fail from now on: what Account shows can only be the wallet's.
    await control('PUT', '/_control/fault', { status: 500, pathPrefix: '/v1/account/', count: 1000 })
    const { page } = await demoWithoutDevtools(shared, { query: '?assets=1' })
    expect(await account(page)).toBe(address)
    await expect.poll(() => inModal(page, 'account-balance').getAttribute('data-source')).toBe('wallet')
    const rows = inModal(page, 'token-row')
    await expect.poll(() => rows.count()).toBe(held.length)
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-symbol')))).toEqual(held.map((b) => b.symbol))
    // Priced by POST /v1/fungible/price: the wallet gives no prices.
    const price: Record<string, number> = { ETH: 2000, GUSD: 1.005, USDC: 0.999 }
    for (const b of held) {
      const row = page.locator(`gangway-modal [data-testid="token-row"][data-symbol="${b.symbol}"]`)
      expect(await row.getByTestId('token-quantity').textContent()).toBe(formatAmount(b.quantity.numeric, { locale: 'en', symbol: b.symbol }))
      await expect.poll(() => row.getByTestId('token-value').textContent()).toBe(formatFiat(multiplyDecimals(b.quantity.numeric, price[b.symbol]!)!))
    }
    await expect.poll(() => inModal(page, 'account-total').textContent()).toBe(formatFiat(held.reduce((sum, b) => sum + Number(multiplyDecimals(b.quantity.numeric, price[b.symbol]!)), 0)))
  })

  it('without an identity: an identicon, the same for the same address, and no name', async () => {
    const page = await demo()
    await account(page)
    await inModal(page, 'account-identicon').waitFor()
    expect(await inModal(page, 'account-name').count()).toBe(0)
    const first = await inModal(page, 'account-identicon').getAttribute('style')
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-identicon').getAttribute('style')).toBe(first)
  })

  it("Activity lists the account's real transfers by month, pages with the cursor as it scrolls, and shows a new send once", async () => {
    // 23 transfers to the account from another dev account: more than one page of 20.
    const funder = privateKeyToAccount(stack().accounts[4]!.privateKey)
    const me = stack().accounts[0]!.address as Address
    const client = createWalletClient({ account: funder, transport: http(chain().rpcUrl), chain: { id: chain().chainId, name: chain().name, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chain().rpcUrl] } } } })
    for (let i = 0; i < 23; i++) await client.sendTransaction({ to: me, value: parseEther('0.001') + BigInt(i) })
    const history = await gateway<{ data: Transaction[]; next: string | null }>(`/v1/account/${me}/history`, { chainId: `eip155:${chain().chainId}` })
    expect(history.next).not.toBeNull()

    const page = await demo()
    await account(page)
    await inModal(page, 'account-tab-activity').click()
    expect(await inModal(page, 'account-tab-activity').getAttribute('aria-selected')).toBe('true')
    await expect.poll(() => inModal(page, 'activity-row').count()).toBeGreaterThanOrEqual(20)
    // Newest first: the last transfer in, with its amount (3 decimals) and direction.
    const top = inModal(page, 'activity-row').first()
    expect(await top.getAttribute('data-hash')).toBe(history.data[0]!.metadata.hash)
    expect(await top.getByTestId('activity-title').textContent()).toBe('Received')
    expect(await top.getByTestId('activity-amount').textContent()).toBe(`+${formatAmount(parseEther('0.001') + 22n, { locale: 'en', decimals: 18, symbol: 'ETH' })}`)
    const month = new Date(history.data[0]!.metadata.minedAt)
    expect(await inModal(page, 'activity-month').first().locator('h3').textContent()).toBe(
      `${month.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${month.getUTCFullYear()}`,
    )

    // Scrolling to the end of the list fetches the next page with the cursor.
    const firstPage = await inModal(page, 'activity-row').count()
    await inModal(page, 'activity-more').scrollIntoViewIfNeeded()
    await expect.poll(() => inModal(page, 'activity-row').count()).toBeGreaterThan(firstPage)
    const hashes = await inModal(page, 'activity-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-hash')))
    expect(new Set(hashes).size).toBe(hashes.length)

    // A send from the account appears at the top once it is mined, shown once.
    await page.evaluate((to) => void (window as unknown as { gangway: { send(f: unknown): Promise<unknown> } }).gangway.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.002', receiver: to }), stack().accounts[3]!.address)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => modalState(page, (s) => s.account.send.status), { timeout: 30_000 }).toBe('confirmed')
    const hash = await modalState(page, (s) => s.account.send.hash)
    await expect.poll(() => inModal(page, 'activity-row').first().getAttribute('data-hash'), { timeout: 30_000 }).toBe(hash)
    expect(await inModal(page, 'activity-row').first().getByTestId('activity-title').textContent()).toBe('Sent')
    expect(await inModal(page, 'activity-row').first().getByTestId('activity-amount').textContent()).toBe('-0.002 ETH')
    const after = await inModal(page, 'activity-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-hash')))
    expect(after.filter((h) => h === hash)).toHaveLength(1)
  })

  it('NFTs: the pass minted to the dev account with its picture; the airdropped spam is not shown', async () => {
    const page = await demo()
    await account(page)
    await inModal(page, 'account-tab-nfts').click()
    await expect.poll(() => inModal(page, 'account-nfts').getAttribute('aria-busy')).toBe('false')
    expect(await inModal(page, 'nft-name').allTextContents()).toEqual(['Gangway Pass #1'])
    await expect.poll(() => inModal(page, 'nft-image').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    // The gateway does list the airdrop, flagged spam: the tab leaves it out.
    const { nfts } = await gateway<{ nfts: { name: string; spam: boolean }[] }>(`/v1/account/${stack().accounts[0]!.address}/nfts`, { chainId: `eip155:${chain().chainId}` })
    expect(nfts.filter((n) => n.spam).map((n) => n.name)).toEqual(['Free Claim #1'])
    // Arrow keys move between the tabs.
    await inModal(page, 'account-tab-nfts').press('ArrowRight')
    expect(await inModal(page, 'account-tab-activity').getAttribute('aria-selected')).toBe('true')
    await inModal(page, 'account-tab-activity').press('ArrowLeft')
    expect(await inModal(page, 'account-tab-nfts').getAttribute('aria-selected')).toBe('true')
  })

  it("a failing history API shows 'Failed to fetch transactions' with a retry that recovers", async () => {
    const page = await demo()
    await account(page)
    await control('PUT', '/_control/fault', { status: 500, pathPrefix: '/v1/account/', count: 100 })
    await inModal(page, 'account-tab-activity').click()
    await expect.poll(() => inModal(page, 'activity-error').textContent(), { timeout: 40_000 }).toBe('Failed to fetch transactions')
    await control('DELETE', '/_control/fault')
    await inModal(page, 'activity-retry').click()
    await expect.poll(() => inModal(page, 'activity-row').count()).toBeGreaterThan(0)
    expect(await inModal(page, 'activity-error').count()).toBe(0)
  })
})
