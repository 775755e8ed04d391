// @vitest-environment happy-dom
// A confirmed send ends on Account: Done or Back returns there with the result in a success
// banner (a polite live region, dismissible), focus in Account, and Send opened again shows an
// empty form rather than the last result.
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { until } from '../../../../support/until'
import { HASH, RECIPIENT, payModal } from '../../../pay/paySupport'

const mount = modalUiPerFile()

/** Connected, on Account. */
async function onAccount() {
  const t = await payModal()
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  const ui = mount(t.modal)
  const d = { ...t, ...ui, ...viewDriver(t.time, ui) }
  await act(() => d.connect())
  act(() => d.modal.open('Account'))
  return d
}

async function sentFromTheSendView() {
  const d = await onAccount()
  act(() => d.modal.push('WalletSend'))
  const sending = d.modal.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.01', receiver: RECIPIENT })
  await act(() => until(() => d.evm.hasPending('sendTransfer')))
  await act(async () => d.evm.answer('sendTransfer', HASH))
  await act(() => until(() => d.evm.hasPending('waitForReceipt')))
  await act(async () => d.evm.answer('waitForReceipt', { status: 'success', blockNumber: '5' }))
  await act(() => sending)
  await d.shown('send-success')
  expect(d.text('send-success')).toBe('Sent 0.01 ETH')
  return d
}

/** Send, opened again from Account, shows the form with nothing of the last send in it. */
async function expectAFreshForm(d: Awaited<ReturnType<typeof sentFromTheSendView>>) {
  act(() => d.modal.push('WalletSend'))
  await d.shown('send-form')
  expect(d.q('send-success')).toBeNull()
  expect(d.q('send-progress')).toBeNull()
  expect((d.q('send-amount') as HTMLInputElement).value).toBe('')
  expect((d.q('send-receiver') as HTMLInputElement).value).toBe('')
}

describe('the end of a send', () => {
  it('Done returns to Account with "Sent 0.01 ETH" in a dismissible polite banner, focus in Account; Send then shows an empty form', async () => {
    const d = await sentFromTheSendView()
    await d.click('send-done')
    await d.settle()
    expect(d.view()).toBe('Account')
    expect(d.modal.getState().router.history).toEqual(['Account'])
    const banner = d.q('gw-banner')!
    expect(banner.getAttribute('data-variant')).toBe('success')
    expect(banner.getAttribute('role')).toBe('status')
    expect(banner.textContent).toContain('Sent 0.01 ETH')
    // Focus left the removed Done for Account, not for the page.
    await until(() => d.shadow().activeElement !== null)
    expect(d.q('view-Account')!.contains(d.shadow().activeElement)).toBe(true)
    await expectAFreshForm(d)
    // The banner is dismissed by its button.
    await act(async () => d.shadow().querySelector<HTMLElement>('[data-testid="gw-banner"] button')!.click())
    expect(d.q('gw-banner')).toBeNull()
    d.modal.destroy()
  })

  it("the header's Back from the result does the same: Account, the banner, and an empty form next time", async () => {
    const d = await sentFromTheSendView()
    await d.click('modal-back')
    await d.settle()
    expect(d.view()).toBe('Account')
    expect(d.q('gw-banner')!.textContent).toContain('Sent 0.01 ETH')
    await expectAFreshForm(d)
    d.modal.destroy()
  })

  it('Back from a view without a result goes back one view as before, with no banner', async () => {
    const d = await onAccount()
    act(() => d.modal.push('Networks'))
    await d.click('modal-back')
    expect(d.view()).toBe('Account')
    expect(d.q('gw-banner')).toBeNull()
    d.modal.destroy()
  })
})
