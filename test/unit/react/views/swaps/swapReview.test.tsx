// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Modal } from '../../../../../src/createModal'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { formatAmount, formatFiat } from '../../../../../src/core/domain/format'
import { tokenBalancesFetched } from '../../../../../src/core/events/data/tokenBalances'
import { swapQuoteRequested } from '../../../../../src/core/events/swaps/swap'
import { swaps } from '../../../../../src/features/swaps'
import { loadCatalogue } from '../../../../../src/react/i18n/i18n'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { createFakeChainAdapter } from '../../../../support/fakeChainAdapter'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { createTestModal } from '../../../../support/testModal'
import { until } from '../../../../support/until'
import { ACCOUNT_A, NETWORKS } from '../../../connection/support'

const mount = modalUiPerFile()
afterEach(() => vi.useRealTimers())

const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const GUSD = 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3'
const WETH = 'eip155:1:0x00000000000000000000000000000000000000ee'
const ROUTER = '0x00000000000000000000000000000000000000bb'
const HASH = `0x${'cd'.repeat(32)}`

/** A port answered by the test: each call waits until `answer(method, value)` (or answers at once through `auto`). */
function fakeApi(auto: Record<string, (params: Record<string, string>) => unknown>) {
  const pending: { method: string; params: unknown; resolve: (v: unknown) => void }[] = []
  const calls: string[] = []
  const api = new Proxy(
    {},
    {
      get: (_t, name) =>
        (params: Record<string, string>) => {
          const method = String(name)
          calls.push(method)
          if (auto[method]) return Promise.resolve(auto[method](params))
          return new Promise((resolve) => pending.push({ method, params, resolve }))
        },
    },
  ) as BlockchainApi
  const answer = (method: string, value: unknown) => {
    const i = pending.findIndex((p) => p.method === method)
    if (i < 0) throw new Error(`no pending ${method}`)
    pending.splice(i, 1)[0]!.resolve(value)
  }
  return { api, calls, answer, hasPending: (method: string) => pending.some((p) => p.method === method) }
}

/** ETH at $3,000 and GUSD at $1; the pools give `rate` GUSD for 1 ETH (and the inverse). */
async function setup() {
  const market = { rate: 2960n, impact: 0.42 as number | undefined }
  const remote = fakeApi({
    getSwapTokens: () => [
      { address: NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18, logoUri: '', price: 3000 },
      { address: GUSD, symbol: 'GUSD', name: 'Gangway USD', decimals: 6, logoUri: '', price: 1 },
    ],
    getGasPrice: () => ({ standard: '2000000000', fast: '2000000000', instant: '2000000000' }),
    getSwapQuotes: ({ amount, from, to }) => [
      {
        fromAmount: amount,
        fromAccount: from,
        toAccount: to,
        toAmount: from === NATIVE ? ((BigInt(amount!) * market.rate) / 10n ** 12n).toString() : ((BigInt(amount!) * 10n ** 12n) / market.rate).toString(),
        ...(market.impact !== undefined ? { priceImpact: market.impact } : {}),
        path: from === NATIVE ? [WETH, to] : [from, WETH],
      },
    ],
  })
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, modules: [swaps()], blockchainApi: remote.api })
  const c = t.modal.connect('a')
  fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
  await c
  await t.modal.whenLoaded()
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  t.modal.dispatch(
    tokenBalancesFetched({
      caipAddress: `eip155:1:${ACCOUNT_A}`,
      balances: [
        { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 3000, value: 30000, quantity: { decimals: '18', numeric: '10' } },
        { name: 'Gangway USD', symbol: 'GUSD', chainId: 'eip155:1', address: GUSD, price: 1, value: 5000, quantity: { decimals: '6', numeric: '5000' } },
      ],
    }),
  )
  const ui = mount(t.modal)
  const driver = viewDriver(t.time, ui)
  // The quote's 15 s refresh is the test's to trigger.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  await act(async () => t.modal.open('Swap'))
  await driver.shown('view-swap')
  await vi.waitFor(async () => {
    await driver.settle()
    expect(ui.byTestId('view-swap')!.getAttribute('data-status')).toBe('ready')
  })
  /** Types in the amount to pay, then lets the quote's 300 ms pause pass and its answer arrive. */
  const type = async (value: string) => {
    const input = ui.byTestId('swap-from-amount') as HTMLInputElement
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await quoted()
  }
  const quoted = async () => {
    await act(async () => void (await t.time.advanceBy(300)))
    await act(() => until(() => t.modal.getState().swap?.quote?.status === 'loaded'))
    await driver.settle()
  }
  return { ...t, ...ui, ...driver, fake, remote, market, type, quoted }
}

/** The types of the events in the modal's log, oldest first. */
const eventTypes = (t: { modal: Modal }) => t.modal.timeTravel.log.snapshot().events.map((e) => e.type)

describe('Swap: the review before the wallet, and a progress that follows the real step', () => {
  it('form → review → Back keeps the input → review → Confirm → the wallet → pending → done, every step from the events', async () => {
    const t = await setup()
    await t.type('0.5')
    expect(t.text('swap-action')).toBe('Review swap')
    expect((t.q('swap-to-amount') as HTMLInputElement).value).toBe('1480')
    expect(t.text('swap-rate')).toBe('1 ETH ≈ 2,960 GUSD')
    expect(t.text('swap-price-impact')).toBe('0.42 %')
    expect(t.text('swap-minimum')).toBe('1,465.2 GUSD')
    // 150,000 gas at 2 gwei = 0.0003 ETH, $0.90 at $3,000.
    expect(t.text('swap-fee')).toBe('≈ 0.0003 ETH ($0.90)')
    expect(t.remote.calls).not.toContain('buildSwapTransaction')

    // The form's action opens the review: nothing reaches the wallet yet.
    await t.click('swap-action')
    await t.shown('swap-review')
    expect(eventTypes(t)).toContain('swap/reviewOpened')
    expect(t.q('view-swap')).toBeNull()
    expect(t.text('swap-review-pay')).toBe('0.5 ETH')
    expect(t.text('swap-review-pay-usd')).toBe('≈ $1,500.00')
    expect(t.text('swap-review-receive')).toBe('≈ 1,480 GUSD')
    expect(t.text('swap-review-receive-usd')).toBe('≈ $1,480.00')
    expect(t.text('swap-review-minimum')).toBe('1,465.2 GUSD')
    expect(t.text('swap-review-price-impact')).toBe('0.42 %')
    expect(t.text('swap-review-fee')).toBe('≈ 0.0003 ETH ($0.90)')
    expect(t.text('swap-review-route')).toBe('ETH → GUSD')
    expect(t.text('swap-review-confirm')).toBe('Confirm swap')
    expect(t.fake.hasPending('sendTransaction')).toBe(false)
    expect(t.remote.calls).not.toContain('buildSwapTransaction')

    // Back: the form as it was.
    await t.click('swap-review-back')
    expect(eventTypes(t)).toContain('swap/reviewClosed')
    expect(t.q('swap-review')).toBeNull()
    expect((t.q('swap-from-amount') as HTMLInputElement).value).toBe('0.5')
    expect(t.text('swap-action')).toBe('Review swap')

    // Review again; the quote refreshed while reviewing shows its new numbers.
    await t.click('swap-action')
    await t.shown('swap-review')
    t.market.rate = 2900n
    t.market.impact = undefined
    await act(async () => t.modal.dispatch(swapQuoteRequested({ from: NATIVE, to: GUSD, amount: '500000000000000000' })))
    expect(t.text('swap-review-confirm')).toBe('Getting quote…')
    expect(t.q('swap-review-confirm')!.getAttribute('aria-disabled')).toBe('true')
    await t.quoted()
    expect(t.text('swap-review-receive')).toBe('≈ 1,450 GUSD')
    expect(t.text('swap-review-receive-usd')).toBe('≈ $1,450.00')
    expect(t.text('swap-review-minimum')).toBe('1,435.5 GUSD')
    // No price impact in the quote: none shown.
    expect(t.q('swap-review-price-impact')).toBeNull()

    // Confirm: the swap is prepared (selling the native token, no allowance to check)…
    await t.click('swap-review-confirm')
    expect(t.modal.getState().swap!.step?.status).toBe('checking')
    expect(t.text('swap-review-confirm')).toBe('Preparing the swap…')
    expect(t.q('swap-review-back')!.hasAttribute('disabled')).toBe(true)
    await act(() => until(() => t.remote.hasPending('buildSwapTransaction')))
    // …then the wallet asks: the label says so from the event, not before.
    await act(async () => t.remote.answer('buildSwapTransaction', { from: ACCOUNT_A, to: ROUTER, data: '0x7ff36ab5', value: '500000000000000000' }))
    await act(() => until(() => t.fake.hasPending('sendTransaction')))
    await t.settle()
    expect(eventTypes(t)).toContain('swap/walletRequested')
    expect(t.q('swap-progress')!.getAttribute('data-status')).toBe('swapping')
    expect(t.text('swap-progress')).toContain('Approve in a')
    expect(t.text('swap-progress')).toContain('Confirm the swap of 0.5 ETH for about 1,450 GUSD in your wallet.')
    expect(t.text('swap-progress')).not.toContain('Checking allowance')
    // Sent: waiting for it to be mined.
    await act(async () => t.fake.answer('sendTransaction', HASH))
    await act(() => until(() => t.fake.hasPending('waitForReceipt')))
    await t.settle()
    expect(t.q('swap-progress')!.getAttribute('data-status')).toBe('pending')
    expect(t.text('swap-progress')).toContain('Swapping 0.5 ETH')
    expect(t.text('swap-progress')).toContain('Waiting for confirmation…')
    await act(async () => t.fake.answer('waitForReceipt', { status: 'success', blockNumber: '9' }))
    await t.shown('swap-success')
    expect(t.text('swap-success')).toBe('Swapped 0.5 ETH for 1,450 GUSD')
    const swapEvents = eventTypes(t).filter((e) => /^swap\/(review|requested|walletRequested|submitted|confirmed)/.test(e))
    expect(swapEvents).toEqual(['swap/reviewOpened', 'swap/reviewClosed', 'swap/reviewOpened', 'swap/requested', 'swap/walletRequested', 'swap/submitted', 'swap/confirmed'])
    t.modal.destroy()
  })

  it('selling a token: checking the allowance, then approval in the wallet, approval confirming, the swap in the wallet, each label from its event', async () => {
    const t = await setup()
    await t.click('swap-switch')
    await t.type('1000')
    await t.click('swap-action')
    await t.shown('swap-review')
    expect(t.text('swap-review-pay')).toBe('1,000 GUSD')
    expect(t.text('swap-review-pay-usd')).toBe('≈ $1,000.00')
    expect(t.text('swap-review-route')).toBe('GUSD → ETH')
    await t.click('swap-review-confirm')
    expect(t.text('swap-review-confirm')).toBe('Checking allowance…')
    await act(() => until(() => t.remote.hasPending('getSwapAllowance')))
    await act(async () => t.remote.answer('getSwapAllowance', '0'))
    await t.shown('approve-confirm')
    expect(t.view()).toBe('ApproveTransaction')
    expect(t.text('view-approve')).toContain('Approve GUSD')
    await t.click('approve-confirm')
    await act(() => until(() => t.remote.hasPending('buildApproveTransaction')))
    await act(async () => t.remote.answer('buildApproveTransaction', { from: ACCOUNT_A, to: GUSD.split(':')[2], data: '0x095ea7b3', value: '0' }))
    await act(() => until(() => t.fake.hasPending('sendTransaction')))
    await t.settle()
    expect(t.q('view-approve')!.getAttribute('data-status')).toBe('approving')
    expect(t.text('view-approve')).toContain('Approve in a')
    await act(async () => t.fake.answer('sendTransaction', HASH))
    await act(() => until(() => t.fake.hasPending('waitForReceipt')))
    await t.settle()
    expect(t.q('view-approve')!.getAttribute('data-status')).toBe('approvePending')
    expect(t.text('view-approve')).toContain('Approving GUSD')
    await act(async () => t.fake.answer('waitForReceipt', { status: 'success', blockNumber: '8' }))
    await act(() => until(() => t.remote.hasPending('buildSwapTransaction')))
    await t.settle()
    // Back on Swap while the swap is built: not yet in the wallet.
    expect(t.view()).toBe('Swap')
    await act(async () => t.remote.answer('buildSwapTransaction', { from: ACCOUNT_A, to: ROUTER, data: '0x18cbafe5' }))
    await act(() => until(() => t.fake.hasPending('sendTransaction')))
    await t.settle()
    expect(t.q('swap-progress')!.getAttribute('data-status')).toBe('swapping')
    expect(t.text('swap-progress')).toContain('Approve in a')
    expect(t.text('swap-progress')).toContain('Confirm the swap of 1,000 GUSD for about')
    t.modal.destroy()
  })

  it('every number reads in the modal’s language, as Account writes it (formatAmount / formatFiat)', async () => {
    const t = await setup()
    // German's catalogue is loaded as a page would have it once chosen.
    await loadCatalogue('de')
    await act(async () => t.modal.setLocale('de'))
    await vi.waitFor(async () => {
      await t.settle()
      expect(t.text('swap-action')).toBe('Betrag eingeben')
    })
    await t.type('0.5')
    expect(t.text('swap-action')).toBe('Tausch prüfen')
    const de = (value: string, symbol?: string) => formatAmount(value, { locale: 'de', precision: 'exact', ...(symbol ? { symbol } : {}) })
    expect(t.text('swap-rate')).toBe(`${de('1', 'ETH')} ≈ ${de('2960', 'GUSD')}`)
    expect(t.text('swap-rate')).toBe('1 ETH ≈ 2.960 GUSD')
    expect(t.text('swap-price-impact')).toBe(`${de('0.42')} %`)
    expect(t.text('swap-minimum')).toBe(de('1465.2', 'GUSD'))
    expect(t.text('swap-slippage')).toBe(`${de('1')} %`)
    expect(t.text('swap-fee')).toBe(`≈ ${de('0.0003', 'ETH')} (${formatFiat('0.9', { locale: 'de' })})`)
    expect(t.text('swap-from-balance')).toContain(formatAmount('10', { locale: 'de', decimals: 18 }))
    expect(t.text('swap-from-usd')).toBe(`≈ ${formatFiat('1500', { locale: 'de' })}`)
    await t.click('swap-action')
    await t.shown('swap-review')
    expect(t.text('swap-review-receive')).toBe(`≈ ${de('1480', 'GUSD')}`)
    expect(t.text('swap-review-receive-usd')).toBe(`≈ ${formatFiat('1480', { locale: 'de' })}`)
    t.modal.destroy()
  })
})
