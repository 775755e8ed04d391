// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BlockchainApi, ExchangePaymentStatus, PayExchangeInfo } from '../../../../../src/core/apiPorts'
import { ApiRequestError } from '../../../../../src/core/errors/api'
import { isUserRejection } from '../../../../../src/core/errors/isUserRejection'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { HASH, RECIPIENT, payModal } from '../../../pay/paySupport'

// Pay from an exchange, in the Pay view: the exchanges listed beside the wallet (no wallet
// connected), the exchange's page opened in the window opened in the click, the wait while the
// exchange is asked, and the result.

const mount = modalUiPerFile()
const URL = 'http://127.0.0.1:9/exchange/devexchange/pay/s1'
const EXCHANGES: PayExchangeInfo[] = [
  { id: 'devexchange', name: 'Dev Exchange', imageUrl: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E' },
  { id: 'devexchangepro', name: 'Dev Exchange Pro' },
]

/**
 * An exchange API: `exchanges` listed (or the listing's failure), the session's `status` as the
 * test sets it; any other call of the modal's waits for ever.
 */
function exchangeApi(exchanges: PayExchangeInfo[] | Error = EXCHANGES) {
  const methods: Record<string, unknown> = {
    getPayExchanges: async () => {
      if (exchanges instanceof Error) throw exchanges
      return exchanges
    },
    createExchangePayment: async (params: unknown) => (api.created.push(params), { sessionId: 's1', url: URL }),
    getExchangePayment: async () => api.status,
  }
  const api = {
    status: { status: 'pending' } as ExchangePaymentStatus,
    created: [] as unknown[],
    blockchain: new Proxy(methods, {
      get: (target, name) => (name === 'then' ? undefined : typeof name === 'string' && name in target ? target[name] : () => new Promise(() => undefined)),
    }) as unknown as BlockchainApi,
  }
  return api
}

/** The window the view opens in the click, as a browser gives it. */
function fakeWindow() {
  const win = { closed: false, location: { href: '' }, close: vi.fn(() => void (win.closed = true)) }
  const open = vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window)
  return { win, open }
}

async function setup(api = exchangeApi()) {
  const t = await payModal({ blockchainApi: api.blockchain })
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  const ui = mount(t.modal)
  const driver = viewDriver(t.time, ui)
  const all = (id: string) => [...ui.shadow().querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]
  const waitFor = (check: () => void) =>
    vi.waitFor(async () => {
      await driver.settle()
      check()
    })
  return { ...t, ...ui, ...driver, api, all, waitFor }
}

afterEach(() => vi.restoreAllMocks())

describe('Pay from an exchange', () => {
  it('with no wallet connected, lists the exchanges beside Connect; the chosen one opens its page in the window opened in the click; the exchange confirms: Paid, and the promise resolves with its transaction', async () => {
    const t = await setup()
    const { win, open } = fakeWindow()
    let result: unknown
    void t.modal.pay({ recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }).then((r) => (result = r))
    await t.shown('pay-connect')
    await t.waitFor(() => expect(t.q('pay-exchanges')!.getAttribute('data-status')).toBe('loaded'))
    expect(t.q('pay-exchanges')!.textContent).toContain('Pay from an exchange')
    expect(t.all('pay-exchange').map((b) => [b.getAttribute('data-exchange'), b.lastElementChild!.textContent])).toEqual([
      ['devexchange', 'Dev Exchange'],
      ['devexchangepro', 'Dev Exchange Pro'],
    ])
    expect(t.all('pay-exchange-icon-image').map((i) => i.getAttribute('src'))).toEqual([EXCHANGES[0]!.imageUrl])
    expect(t.all('pay-exchange-icon-fallback').map((i) => i.textContent)).toEqual(['D'])

    await act(async () => t.all('pay-exchange')[0]!.click())
    expect(open).toHaveBeenCalledWith('', 'gangway-pay-exchange', 'popup,width=480,height=760')
    await t.waitFor(() => expect(win.location.href).toBe(URL))
    expect(t.api.created).toEqual([{ exchangeId: 'devexchange', recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }])
    expect(t.q('view-pay')!.getAttribute('data-status')).toBe('paying')
    expect(t.q('view-pay')!.getAttribute('data-source')).toBe('exchange')
    expect(t.q('view-pay')!.textContent).toContain('Confirm the payment on Dev Exchange')
    expect(t.text('pay-exchange-waiting')).toBe('Waiting for Dev Exchange…')
    expect(t.q('pay-exchange-open')!.getAttribute('href')).toBe(URL)
    expect(t.text('pay-exchange-open')).toBe('Open Dev Exchange again')

    // Still pending at the first question; confirmed at the next.
    await act(() => t.time.advanceBy(2_000))
    await t.settle()
    expect(t.q('view-pay')!.getAttribute('data-status')).toBe('paying')
    t.api.status = { status: 'confirmed', txHash: HASH, blockNumber: '8' }
    await act(() => t.time.advanceBy(2_000))
    await t.shown('pay-success')
    expect(t.text('pay-success')).toBe('Paid 0.01 ETH')
    expect(t.q('pay-hash')!.title).toBe(HASH)
    await t.waitFor(() => expect(result).toEqual({ hash: HASH, blockNumber: '8', network: 'eip155:1' }))
    expect(t.evm.calls().map((c) => c.method)).not.toContain('sendTransfer')
    t.modal.destroy()
  })

  it.each(['on the page', 'stop waiting'] as const)(
    "a cancel %s shows Not paid in the spec's words and rejects as the visitor's refusal",
    async (how) => {
      const t = await setup()
      fakeWindow()
      const asked = t.modal.pay({ recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }).catch((e: unknown) => e)
      await t.waitFor(() => expect(t.all('pay-exchange')).toHaveLength(2))
      await act(async () => t.all('pay-exchange')[1]!.click())
      await t.waitFor(() => expect(t.q('pay-exchange-open')).not.toBeNull())
      if (how === 'on the page') {
        t.api.status = { status: 'cancelled' }
        await act(() => t.time.advanceBy(2_000))
      } else {
        await t.click('pay-exchange-cancel')
      }
      await t.shown('pay-error')
      expect(t.q('view-pay')!.textContent).toContain('Not paid')
      expect(t.text('pay-error')).toBe('User rejected the request')
      expect(isUserRejection(await asked)).toBe(true)
      t.modal.destroy()
    },
  )

  it('says so when no exchange pays the payment', async () => {
    const none = await setup(exchangeApi([]))
    void none.modal.pay({ recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }).catch(() => undefined)
    await none.shown('pay-exchanges-none')
    expect(none.text('pay-exchanges-none')).toBe('No exchange is available for this payment.')
    none.modal.destroy()
  })

  it('says so when the listing failed, and Try again lists them again', async () => {
    const api = exchangeApi(new ApiRequestError('Server Error', { status: 502, details: 'Bad Gateway' }))
    const down = await setup(api)
    void down.modal.pay({ recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }).catch(() => undefined)
    await down.shown('pay-exchanges-error')
    expect(down.q('pay-exchanges-error')!.textContent).toContain('Exchanges could not be loaded.')
    api.blockchain.getPayExchanges = async () => EXCHANGES
    await down.click('pay-exchanges-retry')
    await down.waitFor(() => expect(down.all('pay-exchange')).toHaveLength(2))
    down.modal.destroy()
  })
})
