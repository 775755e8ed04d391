import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { formatAmount, formatFiat } from '../../src/core/domain/format'
import type { TokenBalance } from '../../src/core/domain/entities'
import type { ModalState } from '../../src/core/state'
import { dialog, launchBrowser } from './support/browser'
import { currentView, gatewayControl, openDemo } from './support/demo'
import { e2eStack } from './support/stack'

// The data plane in Chromium: the demo's modal reads wallet lists, balances and its project
// configuration from the local gateway, whose /_control switches drive the cases below.

const MAIN = 'dev.gangway.wallet'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await control('POST', '/_control/reset')
})

const stack = () => e2eStack().config
const networks = () => stack().chains.map((c) => `eip155:${c.chainId}`)

const control = gatewayControl

/** What the gateway itself answers, for comparing with what the modal shows. */
async function gateway<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const params = new URLSearchParams({ projectId: stack().projectId, ...query })
  const response = await fetch(`${stack().gatewayUrl}${path}?${params}`)
  return (await response.json()) as T
}

const state = <T,>(page: Page, pick: (s: ModalState) => T): Promise<T> =>
  page.evaluate((source) => (0, eval)(source)((window as unknown as { gangway: Modal }).gangway.getState()), pick.toString()) as Promise<T>
const inModal = (page: Page, testId: string) => page.locator(`gangway-modal [data-testid="${testId}"]`)
/**
 * Buttons in the modal are used from the keyboard: the demo's devtools panel sits above the
 * overlay beside the dialog and can lie over a button's centre, where a mouse click would land.
 */
const press = (locator: ReturnType<Page['locator']>) => locator.press('Enter')

async function openAllWallets(page: Page) {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  await press(inModal(page, 'all-wallets-entry'))
  await expect.poll(() => currentView(page)).toBe('AllWallets')
}

async function connect(page: Page) {
  await page.getByTestId('open-modal').click()
  await press(inModal(page, `wallet-${MAIN}`))
  await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
  await page.getByTestId('devwallet-approve').click()
  await expect.poll(() => state(page, (s) => s.connection.byNamespace.eip155?.status)).toBe('connected')
  await expect.poll(() => dialog(page).count()).toBe(0)
}

describe('AllWallets against the gateway', () => {
  it('scrolls through pages of 40 with only the rows in view in the page, and searches', async () => {
    const { page, context, errors } = await openDemo(browser)
    const listed = await gateway<{ count: number }>('/getWallets', { page: '1', entries: '1', chains: networks().join(',') })
    await openAllWallets(page)
    await expect.poll(() => inModal(page, 'all-wallets-count').textContent()).toBe(`${listed.count.toLocaleString('en-US')} wallets`)
    expect(await state(page, (s) => s.walletList.lists.all.wallets.length)).toBe(40)

    const list = inModal(page, 'all-wallets-list')
    for (const loaded of [80, 120]) {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
      await expect.poll(() => state(page, (s) => s.walletList.lists.all.wallets.length)).toBe(loaded)
    }
    // Windowed: a handful of rows of tiles in the DOM (of 120 wallets), the last ones of what is loaded.
    await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
    const tiles = inModal(page, 'all-wallets-row')
    expect(await tiles.count()).toBeLessThanOrEqual(8 * 4)
    // Reaching the end loads the next page, so scroll again until the newest last row is drawn.
    await expect
      .poll(async () => {
        await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
        const lastId = await state(page, (s) => s.walletList.lists.all.wallets[s.walletList.lists.all.wallets.length - 1]!.id)
        return page.locator(`gangway-modal [data-wallet-id="${lastId}"]`).count()
      })
      .toBe(1)

    const search = await gateway<{ count: number; data: { name: string }[] }>('/getWallets', {
      page: '1',
      entries: '100',
      search: 'vault',
      chains: networks().join(','),
    })
    await inModal(page, 'all-wallets-search').fill('Vault')
    await expect.poll(() => inModal(page, 'all-wallets-count').textContent()).toBe(`${search.count} wallets found`)
    const names = await page.locator('gangway-modal [data-testid="all-wallets-row"] .gw-wallet-name').allTextContents()
    expect(names.length).toBeGreaterThan(0)
    expect(names).toEqual(search.data.slice(0, names.length).map((w) => w.name))

    await inModal(page, 'all-wallets-search').fill('no such wallet')
    await expect.poll(() => inModal(page, 'all-wallets-empty').textContent()).toBe('No wallet found for “no such wallet”.')
    await inModal(page, 'all-wallets-search').fill('')
    await expect.poll(() => tiles.count()).toBeGreaterThan(0)
    // Icons are the gateway's (no failed image loads), each behind a placeholder until loaded.
    await expect.poll(() => page.locator('gangway-modal [data-testid="directory-wallet-image"]').count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('is used from the keyboard: arrows, Enter on a wallet not in this browser goes to WalletConnect', async () => {
    const { page, context } = await openDemo(browser)
    await openAllWallets(page)
    await expect.poll(() => inModal(page, 'all-wallets-row').count()).toBeGreaterThan(0)
    await inModal(page, 'all-wallets-search').focus()
    // Down into the grid's first tile, then along the row.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    const third = await state(page, (s) => s.walletList.lists.all.wallets[2]!)
    expect(await page.locator('gangway-modal [role=option][aria-selected=true]').getAttribute('data-wallet-id')).toBe(third.id)
    await page.keyboard.press('Enter')
    await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
    await context.close()
  })
})

describe('balances from the gateway', () => {
  it('the account balance shown is the gateway one, priced by its price table, and falls back to RPC when it fails', async () => {
    await control('PUT', '/_control/prices', { prices: { ETH: 1234.5 } })
    const { page, context, reload } = await openDemo(browser)
    await connect(page)
    const address = await state(page, (s) => s.connection.byNamespace.eip155!.connections[0]!.accounts[0]!.address)
    const { balances } = await gateway<{ balances: TokenBalance[] }>(`/v1/account/${address}/balance`, { chainId: networks()[0]!, currency: 'usd' })
    const native = balances.find((b) => !b.address)!
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await expect.poll(() => inModal(page, 'account-balance').getAttribute('data-source')).toBe('api')
    expect(await inModal(page, 'account-balance').textContent()).toBe(formatAmount(native.quantity.numeric, { locale: 'en', symbol: 'ETH' }))
    expect(await inModal(page, 'account-balance-usd').textContent()).toBe(formatFiat(native.value!))
    expect(native.value).toBeCloseTo(Number(native.quantity.numeric) * 1234.5, 2)

    // The API failing (after its retries) leaves the balance unknown there: the RPC one shows.
    await control('PUT', '/_control/fault', { status: 500, pathPrefix: '/v1/account' })
    await reload()
    await expect.poll(() => state(page, (s) => s.connection.byNamespace.eip155?.status)).toBe('connected')
    const apiAnswer = () => state(page, (s) => Object.values(s.tokenBalances.byAccount).map((e) => e.balances))
    await expect.poll(apiAnswer, { timeout: 40_000 }).toEqual([null])
    await page.getByTestId('open-modal').click()
    await expect.poll(() => inModal(page, 'account-balance').getAttribute('data-source')).toBe('rpc')
    expect(await inModal(page, 'account-balance').textContent()).toMatch(/^\d{1,3}(?:,\d{3})*\.\d{3} ETH$/)
    expect(await inModal(page, 'account-balance-usd').count()).toBe(0)
    await context.close()
  })
})

describe('remote configuration and faults', () => {
  it('a feature turned off in the gateway configuration is hidden after a reload', async () => {
    const { page, context, reload } = await openDemo(browser)
    await expect.poll(() => state(page, (s) => s.remoteFeatures !== null)).toBe(true)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => inModal(page, 'all-wallets-entry').count()).toBe(1)

    await control('PUT', '/_control/features/allWallets', { isEnabled: false })
    await reload()
    await expect.poll(() => state(page, (s) => s.remoteFeatures?.allWallets)).toBe(false)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(await inModal(page, `wallet-${MAIN}`).count()).toBe(1)
    expect(await inModal(page, 'all-wallets-entry').count()).toBe(0)
    await context.close()
  })

  it('a 429 from the gateway shows Rate Limited and the modal keeps working', async () => {
    const { page, context } = await openDemo(browser)
    await control('PUT', '/_control/fault', { status: 429, pathPrefix: '/getWallets' })
    await openAllWallets(page)
    // The client retries with backoff (1 s, 2 s, 4 s) before giving up.
    await expect.poll(() => page.locator('gangway-modal .gw-banner-message').textContent(), { timeout: 40_000 }).toBe('Rate Limited')
    await expect.poll(() => inModal(page, 'all-wallets-error').count(), { timeout: 40_000 }).toBe(1)
    expect(await page.locator('gangway-modal [data-testid="all-wallets-error"] .gw-error-text').textContent()).toBe('Rate Limited')

    await control('DELETE', '/_control/fault')
    await press(page.locator('gangway-modal [data-testid="all-wallets-error"] button'))
    await expect.poll(() => inModal(page, 'all-wallets-row').count()).toBeGreaterThan(0)
    await press(page.locator('gangway-modal [aria-label="Dismiss notification"]'))
    await expect.poll(() => inModal(page, 'gw-banner').count()).toBe(0)
    await press(page.locator('gangway-modal [aria-label="Back"]'))
    await expect.poll(() => currentView(page)).toBe('Connect')
    await press(inModal(page, `wallet-${MAIN}`))
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => state(page, (s) => s.connection.byNamespace.eip155?.status)).toBe('connected')
    await context.close()
  })
})
