import { beforeAll, describe, expect, it } from 'vitest'
import { payFromWallet } from '../../../../../src/core/effects/pay/payFromWallet'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { networkChanged } from '../../../../../src/core/events/connection/network'
import { payApproved, payConfirmed, payFailed, paySubmitted } from '../../../../../src/core/events/pay/pay'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { fakeAdapter } from '../fakes'
import { ACCOUNT, GUSD, HASH, RECIPIENT, after, connected, reviewing } from './payFakes'

// payFromWallet loads the transfer checks with a dynamic import() (a real promise): these tests use
// runEffectAsync, which lets promises settle between frames.
beforeAll(async () => {
  await import('../../../../../src/core/effects/connection/prepareSend')
})

const approve = (requestId = 'p') => payApproved({}, { requestId })
const run = (state: ReturnType<typeof reviewing>, adapter: ReturnType<typeof fakeAdapter>['adapter'], marble = 'a', values: Record<string, ReturnType<typeof approve>> = { a: approve() }) =>
  runEffectAsync(payFromWallet, { events: { marble, values }, state, loop: true, deps: { adapters: { eip155: adapter } } })

describe('payFromWallet', () => {
  it('pays the native amount in its smallest unit through the send path, reports the hash, then the confirmation', async () => {
    const { adapter, calls } = fakeAdapter({ sendTransfer: () => reply(HASH, 20), waitForReceipt: () => reply({ status: 'success' as const, blockNumber: '7' }, 100) })
    const r = await run(reviewing(connected('eip155:1', '1')), adapter)
    r.toBe('20ms s 99ms c', { s: paySubmitted({ hash: HASH }, { requestId: 'p' }), c: payConfirmed({ hash: HASH, blockNumber: '7' }, { requestId: 'p' }) })
    expect(calls[0]).toEqual(['sendTransfer', 'a', expect.objectContaining({ caipNetworkId: 'eip155:1' }), { from: ACCOUNT, receiver: RECIPIENT, amount: '10000000000000000' }])
    expect(calls[1]).toEqual(['waitForReceipt', expect.objectContaining({ caipNetworkId: 'eip155:1' }), HASH])
    expect(r.state.pay!.payment).toMatchObject({ status: 'confirmed', hash: HASH, blockNumber: '7' })
  })

  it("a token payment is the token contract's transfer, in the token's units", async () => {
    const { adapter, calls } = fakeAdapter({ sendTransfer: () => reply(HASH, 5), waitForReceipt: () => reply({ status: 'success' as const, blockNumber: '1' }, 5) })
    await run(reviewing(connected(), { asset: GUSD, amount: '12.5' }), adapter)
    expect(calls[0]![3]).toEqual({ from: ACCOUNT, receiver: RECIPIENT, amount: '12500000', token: GUSD.address, decimals: 6 })
  })

  it("more than the balance the modal holds fails the payment with the send path's words, and the wallet is never asked", async () => {
    const { adapter, calls } = fakeAdapter()
    const r = await run(reviewing(connected('eip155:1', '0.005')), adapter)
    expect(r.messages.map((m) => m.notification.value)).toEqual([
      payFailed({ error: expect.objectContaining({ shortMessage: 'Insufficient ETH balance' }) as never }, { requestId: 'p' }),
    ])
    expect(calls).toEqual([])
    expect(r.state.pay!.payment).toMatchObject({ status: 'failed', error: { shortMessage: 'Insufficient ETH balance' } })
  })

  it("the wallet's refusal, and a reverted transaction with its hash, fail the payment", async () => {
    const refused = new GangwayError('User rejected the request', { code: 4001 })
    const no = fakeAdapter({ sendTransfer: () => replyError(refused, 10) })
    const r1 = await run(reviewing(), no.adapter)
    r1.toBe('10ms f', { f: payFailed({ error: serializeError(refused) }, { requestId: 'p' }) })
    const reverted = fakeAdapter({ sendTransfer: () => reply(HASH, 10), waitForReceipt: () => reply({ status: 'reverted' as const, blockNumber: '3' }, 10) })
    const r2 = await run(reviewing(), reverted.adapter)
    expect(r2.messages.map((m) => (m.notification.value as { type: string }).type)).toEqual(['pay/submitted', 'pay/failed'])
    expect(r2.messages[1]!.notification.value).toMatchObject({ payload: { hash: HASH, error: { shortMessage: 'Something went wrong', details: 'the transaction reverted' } } })
    expect(r2.state.pay!.payment).toMatchObject({ status: 'failed', hash: HASH })
  })

  it('nothing is asked for an approval the payment did not take: another request, a wallet on another network, no payment', async () => {
    const { adapter, calls } = fakeAdapter()
    const stale = await run(reviewing(), adapter, 'a', { a: approve('other') })
    expect(stale.messages).toEqual([])
    // On eip155:2 the view offers the switch; an approval there is refused by the slice.
    const elsewhere = await run(reviewing(connected('eip155:2')), adapter)
    expect(elsewhere.messages).toEqual([])
    expect(elsewhere.state.pay!.payment!.status).toBe('reviewing')
    const moved = await run(after([networkChanged({ namespace: 'eip155', caipNetworkId: 'eip155:2' })], reviewing()), adapter)
    expect(moved.messages).toEqual([])
    const none = await run(after(connected()), adapter)
    expect(none.messages).toEqual([])
    expect(calls).toEqual([])
  })
})
