import { beforeAll, describe, expect, it } from 'vitest'
import { estimatePayFee } from '../../../../../src/core/effects/pay/estimatePayFee'
import { payFeeEstimated, payFeeRequested } from '../../../../../src/core/events/pay/pay'
import { reply, runEffectAsync } from '../../../../support/runEffect'
import { fakeAdapter } from '../fakes'
import { ACCOUNT, GUSD, RECIPIENT, connected, reviewing } from './payFakes'

beforeAll(async () => {
  await import('../../../../../src/core/effects/connection/prepareSend')
})

const ask = (requestId = 'f') => payFeeRequested({}, { requestId })
const run = (state: ReturnType<typeof reviewing>, adapter: ReturnType<typeof fakeAdapter>['adapter']) =>
  runEffectAsync(estimatePayFee, { events: { marble: 'a', values: { a: ask() } }, state, loop: true, deps: { adapters: { eip155: adapter } } })

describe('estimatePayFee', () => {
  it("estimates the payment's transfer with the node, in the network's native token, for the account it leaves from", async () => {
    const { adapter, calls } = fakeAdapter({ estimateTransferFee: () => reply('42000000000000', 30) })
    const r = await run(reviewing(connected(), { asset: GUSD, amount: '3' }), adapter)
    r.toBe('30ms e', { e: payFeeEstimated({ fee: '0.000042', symbol: 'ETH' }, { requestId: 'f' }) })
    expect(calls[0]).toEqual(['estimateTransferFee', expect.objectContaining({ caipNetworkId: 'eip155:1' }), { from: ACCOUNT, receiver: RECIPIENT, amount: '3000000', token: GUSD.address, decimals: 6 }])
    expect(r.state.pay!.payment!.fee).toEqual({ status: 'ready', requestId: 'f', for: `eip155:1:${ACCOUNT}`, amount: '0.000042', symbol: 'ETH' })
  })

  it('a payment the checks refuse, or an adapter that cannot estimate, fails the estimate with why; the node is not asked', async () => {
    const poor = fakeAdapter({ estimateTransferFee: () => reply('1') })
    const over = await run(reviewing(connected('eip155:1', '0.001')), poor.adapter)
    expect(over.state.pay!.payment!.fee).toMatchObject({ status: 'failed', error: { shortMessage: 'Insufficient ETH balance' } })
    expect(poor.calls).toEqual([])
    const { adapter } = fakeAdapter()
    const none = await run(reviewing(), adapter)
    expect(none.state.pay!.payment!.fee).toMatchObject({ status: 'failed', error: { shortMessage: 'Fee unavailable' } })
  })

  it('asks nothing before the wallet is on the payment\'s network', async () => {
    const { adapter, calls } = fakeAdapter({ estimateTransferFee: () => reply('1') })
    const r = await run(reviewing(connected('eip155:2')), adapter)
    expect(r.messages).toEqual([])
    expect(r.state.pay!.payment!.fee).toBeNull()
    expect(calls).toEqual([])
  })
})
