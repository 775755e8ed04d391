// @vitest-environment happy-dom
// Buy after the provider's page opened: the waiting screen (a named spinner, the status in a
// polite live region, "Stop waiting" back to the form) and the delivered one, laid out as Send's
// and Swap's results: the amount formatted with its network, and Done back to Account with the
// result in a banner and an empty form next time.
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { onrampAmountSet, onrampDelivered, onrampOptionsFetched, onrampPurchaseRequested } from '../../../../../src/core/events/onramp/onramp'
import { onramp } from '../../../../../src/features/onramp'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { payModal } from '../../../pay/paySupport'

const mount = modalUiPerFile()

const providers = [{ name: 'devramp', label: 'Dev Ramp', url: 'https://ramp.example/buy?x=1' }]
const usdc = { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] }

/** Connected on network One, on Buy with 100 USD typed, the purchase's page opened: waiting. */
async function waiting() {
  const t = await payModal({ modules: [onramp()] })
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  const ui = mount(t.modal)
  const d = { ...t, ...ui, ...viewDriver(t.time, ui) }
  await act(() => d.connect())
  act(() => d.modal.open('Account'))
  await act(async () => {
    d.modal.dispatch(onrampOptionsFetched({ paymentCurrencies: [], purchaseCurrencies: [usdc], providers }))
    d.modal.push('OnRamp')
  })
  await d.shown('view-onramp')
  act(() => d.modal.dispatch(onrampAmountSet({ amount: '100' })))
  await act(async () => d.modal.dispatch(onrampPurchaseRequested({ provider: 'devramp' }, { requestId: 'buy' })))
  await d.shown('onramp-purchase')
  await d.settle()
  return d
}

describe('Buy, waiting for the tokens', () => {
  it('says what it waits for in a polite live region, with a spinner named by it, the provider to open again and a Stop waiting that returns to the form', async () => {
    const d = await waiting()
    const purchase = d.q('onramp-purchase')!
    expect(purchase.getAttribute('data-status')).toBe('waiting')
    expect(purchase.getAttribute('aria-live')).toBe('polite')
    expect(d.text('onramp-waiting-title')).toBe('Complete your purchase with Dev Ramp')
    expect(d.text('onramp-waiting')).toBe('Waiting for your USDC to arrive…')
    // The spinner is a progress indicator named by the status line, not an unlabelled letter.
    const ring = d.q('onramp-progress')!
    expect(ring.getAttribute('role')).toBe('progressbar')
    expect(ring.getAttribute('data-active')).toBe('true')
    expect(d.shadow().getElementById(ring.getAttribute('aria-labelledby')!)).toBe(d.q('onramp-waiting'))
    expect(ring.querySelector('[data-testid="wallet-icon-initial"]')!.textContent).toBe('D')
    const again = d.q('onramp-open-provider') as HTMLAnchorElement
    expect(again.textContent).toBe('Open Dev Ramp again')
    expect(new URL(again.href).origin).toBe('https://ramp.example')
    // Stop waiting: the form again, with the amount as typed.
    await d.click('onramp-cancel')
    expect(d.q('onramp-purchase')).toBeNull()
    expect(d.q('view-onramp')!.getAttribute('data-status')).toBe('ready')
    expect((d.q('onramp-amount') as HTMLInputElement).value).toBe('100')
    expect(d.modal.getState().onramp!.purchase).toBeNull()
    d.modal.destroy()
  })
})

describe('Buy, delivered', () => {
  it('shows the shared result: the amount formatted, the network, a held line for the hash; Done returns to Account with a banner and an empty form', async () => {
    const d = await waiting()
    await act(async () => d.modal.dispatch(onrampDelivered({ amount: '1234.5', symbol: 'USDC' }, { requestId: 'buy' })))
    await d.shown('onramp-delivered')
    expect(d.q('onramp-purchase')!.getAttribute('data-status')).toBe('delivered')
    expect(d.text('onramp-delivered')).toBe('Received 1,234.5 USDC on One')
    // No spinner once delivered; the hash's line is held until the activity brings it.
    expect(d.q('onramp-progress')!.getAttribute('role')).toBeNull()
    expect(d.q('onramp-progress')!.getAttribute('data-active')).toBe('false')
    expect(d.q('onramp-delivery-hash-placeholder')).not.toBeNull()
    expect(d.q('onramp-cancel')).toBeNull()
    await d.click('onramp-done')
    await d.settle()
    expect(d.view()).toBe('Account')
    expect(d.modal.getState().router.history).toEqual(['Account'])
    expect(d.q('gw-banner')!.textContent).toContain('Received 1,234.5 USDC on One')
    act(() => d.modal.push('OnRamp'))
    await d.shown('view-onramp')
    expect(d.q('onramp-purchase')).toBeNull()
    expect((d.q('onramp-amount') as HTMLInputElement).value).toBe('')
    d.modal.destroy()
  })
})
