// @vitest-environment happy-dom
// EmailLogin's cooldown lives: 'Please try again after {n} seconds' (the spec's words) counts
// down as time passes and Continue works again at zero; the address typed on Connect is kept
// when the flow moves on and back; one error shows at a time.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Connector } from '../../../../../src/core/domain/entities'
import { AUTH_CONNECTOR_ID, emailLoginStepReached } from '../../../../../src/core/events/embeddedWallet/embeddedWallet'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { embeddedWallet } from '../../../../../src/features/embeddedWallet'
import { createFakeChainAdapter } from '../../../../support/fakeChainAdapter'
import { modalUiPerFile } from '../../../../support/modalUi'
import { createTestModal } from '../../../../support/testModal'

const mount = modalUiPerFile()
const EMBEDDED: Connector = { id: AUTH_CONNECTOR_ID, name: 'Email', chain: 'eip155', type: 'AUTH' }

afterEach(() => vi.useRealTimers())

async function render() {
  // EmailLogin's views, as a host with the embedded wallet has them (the wallet itself is not loaded here).
  registerFeatureViews({ embeddedWallet: embeddedWallet({ frameUrl: 'https://auth.example/frame/' }) })
  await prefetchViews()
  const fake = createFakeChainAdapter([EMBEDDED])
  // The modal's clock is the page's, which the test fakes below with the timers.
  const t = await createTestModal({ adapters: [fake.adapter], persistLog: false, clock: { now: () => Date.now() } })
  const ui = mount(t.modal)
  // The page's timers (the countdown's tick) are the test's from here on.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const q = ui.byTestId
  /** Lets `ms` pass on the modal's clock and the page's timers (the countdown's tick). */
  const pass = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms)
      for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0)
    })
  }
  const type = (value: string) =>
    act(() => {
      const input = q('email-input') as HTMLInputElement
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
  const submit = () => act(async () => q('email-submit')!.click())
  const errors = () => [...ui.shadow().querySelectorAll('[data-testid="email-error"], [data-testid="email-invalid"]')].map((e) => e.textContent)
  const text = (id: string) => q(id)?.textContent ?? null
  /** Types `email` on Connect and continues: EmailLogin shows. */
  const continueFromConnect = async (email: string) => {
    act(() => t.modal.open('Connect'))
    await pass(0)
    type(email)
    await submit()
    await pass(0)
    expect(ui.view()).toBe('EmailLogin')
  }
  return { ...t, ...ui, q, text, pass, type, submit, errors, continueFromConnect }
}

describe('EmailLogin', () => {
  it("Resend counts down from the moment the code is asked for; 'Please try again after {n} seconds' counts down beside no other error, and Continue works again at zero", async () => {
    const t = await render()
    await t.continueFromConnect('ada@example.com')
    // The service mailed a code (its answer, as the embedded wallet gives it).
    act(() => t.modal.dispatch(emailLoginStepReached({ action: 'VERIFY_OTP' }, { requestId: t.modal.getState().emailLogin.requestId! })))
    await t.pass(0)
    expect(t.text('email-resend')).toBe('Resend code in 30 s')
    expect((t.q('email-resend') as HTMLButtonElement).disabled).toBe(true)
    await t.pass(4_000)
    expect(t.text('email-resend')).toBe('Resend code in 26 s')
    await t.pass(1_000)
    expect(t.text('email-resend')).toBe('Resend code in 25 s')

    // Another address within the 30 s: the address typed on Connect is still in the field.
    await act(async () => t.q('email-another')!.click())
    await t.pass(0)
    expect((t.q('email-input') as HTMLInputElement).value).toBe('ada@example.com')
    await t.submit()
    expect(t.errors()).toEqual(['Please try again after 25 seconds'])
    await t.pass(1_000)
    expect(t.errors()).toEqual(['Please try again after 24 seconds'])
    await t.pass(19_000)
    expect(t.errors()).toEqual(['Please try again after 5 seconds'])
    expect(t.q('email-submit')!.getAttribute('aria-disabled')).toBe('true')
    // An invalid address replaces the cooldown's error: one error at a time.
    t.type('not-an-address')
    await t.submit()
    expect(t.errors()).toEqual(['Enter a valid e-mail address'])
    t.type('ada@example.com')
    await t.pass(5_000)
    expect(t.errors()).toEqual([])
    expect(t.q('email-submit')!.getAttribute('aria-disabled')).toBe('false')
    await t.submit()
    expect(t.modal.getState().emailLogin).toMatchObject({ step: 'sending', lastRequestAt: Date.now(), error: null })
    t.modal.destroy()
  })

  it('the address typed on Connect is still there after Back from EmailLogin', async () => {
    const t = await render()
    await t.continueFromConnect('grace@example.com')
    await act(async () => t.q('modal-back')!.click())
    await t.pass(0)
    expect(t.view()).toBe('Connect')
    expect((t.q('email-input') as HTMLInputElement).value).toBe('grace@example.com')
    t.modal.destroy()
  })
})
