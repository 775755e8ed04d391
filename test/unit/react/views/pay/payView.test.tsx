// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { isUserRejection } from '../../../../../src/core/errors/isUserRejection'
import { WalletRejectedError } from '../../../../../src/core/errors/wallet'
import { prefetchViews, registerFeatureViews } from '../../../../../src/react/views/viewRegistry'
import { modalUiPerFile, viewDriver } from '../../../../support/modalUi'
import { until } from '../../../../support/until'
import { ACCOUNT_A, GUSD, HASH, RECIPIENT, payModal } from '../../../pay/paySupport'

const mount = modalUiPerFile()

async function setup(options: Parameters<typeof payModal>[1] = {}) {
  const t = await payModal({}, options)
  registerFeatureViews(t.modal.options)
  await prefetchViews()
  const ui = mount(t.modal)
  return { ...t, ...ui, ...viewDriver(t.time, ui) }
}

describe('Pay', () => {
  it('shows the payment and its fee; Pay asks the wallet, then the view follows the transfer to Paid; Done returns to Account with the result in a banner', async () => {
    const t = await setup({ fee: '42000000000000' })
    await act(() => t.connect())
    let result: unknown
    void t.modal.pay({ recipient: RECIPIENT, amount: '2.5', asset: GUSD, network: 'eip155:1' }).then((r) => (result = r))
    await t.shown('pay-confirm')
    expect(t.view()).toBe('Pay')
    expect(t.text('pay-amount')).toBe('2.5 GUSD')
    expect(t.q('pay-recipient')!.title).toBe(RECIPIENT)
    expect(t.text('pay-network')).toBe('One')
    expect(t.q('pay-from')!.title).toBe(ACCOUNT_A)
    await vi.waitFor(async () => {
      await t.settle()
      expect(t.q('pay-fee')!.getAttribute('data-status')).toBe('ready')
    })
    expect(t.text('pay-fee')).toBe('≈ 0.000042 ETH')
    expect(t.evm.hasPending('sendTransfer')).toBe(false)

    await t.click('pay-confirm')
    await act(() => until(() => t.evm.hasPending('sendTransfer')))
    await t.settle()
    expect(t.q('view-pay')!.getAttribute('data-status')).toBe('paying')
    expect(t.q('view-pay')!.textContent).toContain('Approve in a')
    await act(async () => t.evm.answer('sendTransfer', HASH))
    await act(() => until(() => t.evm.hasPending('waitForReceipt')))
    await t.settle()
    expect(t.q('pay-hash')!.title).toBe(HASH)
    await act(async () => t.evm.answer('waitForReceipt', { status: 'success', blockNumber: '5' }))
    await t.shown('pay-success')
    expect(t.text('pay-success')).toBe('Paid 2.5 GUSD')
    expect(result).toEqual({ hash: HASH, blockNumber: '5', network: 'eip155:1' })
    await t.click('pay-done')
    expect(t.view()).toBe('Account')
    expect(t.q('gw-banner')!.textContent).toContain('Paid 2.5 GUSD')
    t.modal.destroy()
  })

  it("without a wallet it offers to connect first, on another network to switch first; Cancel rejects as the visitor's refusal", async () => {
    const t = await setup()
    const asked = t.modal.pay({ recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }).catch((e: unknown) => e)
    await t.shown('pay-connect')
    expect(t.text('pay-connect')).toBe('Connect a wallet')
    expect(t.q('pay-fee')).toBeNull()
    await t.click('pay-connect')
    expect(t.view()).toBe('Connect')
    // Connected on the other network: back on Pay, which offers the switch.
    await act(() => t.connect('eip155:2'))
    await t.shown('pay-switch')
    expect(t.view()).toBe('Pay')
    expect(t.text('pay-switch')).toBe('Switch to One')
    expect(t.q('pay-confirm')).toBeNull()
    await t.click('pay-cancel')
    expect(isUserRejection(await asked)).toBe(true)
    expect(t.modal.getState().modal.open).toBe(false)
    expect(t.evm.calls().map((c) => c.method)).not.toContain('sendTransfer')
    t.modal.destroy()
  })

  it("the wallet's refusal shows as Not paid in the spec's words, and the promise rejects with it", async () => {
    const t = await setup()
    await act(() => t.connect())
    const asked = t.modal.pay({ recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }).catch((e: unknown) => e)
    await t.shown('pay-confirm')
    await t.click('pay-confirm')
    await act(() => until(() => t.evm.hasPending('sendTransfer')))
    // As the EVM adapter maps a 4001.
    await act(async () => t.evm.fail('sendTransfer', new WalletRejectedError('User rejected the request')))
    await t.shown('pay-error')
    expect(t.text('pay-error')).toBe('User rejected the request')
    expect(isUserRejection(await asked)).toBe(true)
    await t.click('pay-close')
    expect(t.modal.getState().modal.open).toBe(false)
    t.modal.destroy()
  })
})
