import { beforeAll, describe, expect, it } from 'vitest'
import { estimateSendFee } from '../../../../../src/core/effects/connection/estimateSendFee'
import { balanceFetched } from '../../../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { sendAmountSet, sendFeeEstimated, sendFeeRequested, sendReceiverSet, sendTokenSet } from '../../../../../src/core/events/connection/send'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import { sendRequested } from '../../../../../src/core/events/connection/send'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

// The effect loads the form's checks with a dynamic import() (a real promise): runEffectAsync
// lets promises settle between frames.

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const form = (amount: string, balance?: string, more: EventInput[] = []) =>
  stateAfter([
    connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    ...(balance === undefined ? [] : [balanceFetched({ caipAddress: `eip155:1:${ACCOUNT}`, balance, symbol: 'ETH' })]),
    sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } }),
    sendAmountSet({ amount }),
    sendReceiverSet({ receiver: RECEIVER }),
    ...more,
  ])

beforeAll(async () => {
  await import('../../../../../src/core/effects/connection/prepareSend')
})

const request = sendFeeRequested({}, { requestId: 'f1' })

describe('estimateSendFee', () => {
  it("asks the adapter for the transfer's fee and gives it in whole native units", async () => {
    const { adapter, calls } = fakeAdapter({ estimateTransferFee: () => reply('21000000000000', 10) })
    const run = await runEffectAsync(estimateSendFee, { events: { marble: 'r', values: { r: request } }, state: form('0.5'), loop: true, deps: { adapters: { eip155: adapter } } })
    run.toBe('10ms e', { e: sendFeeEstimated({ fee: '0.000021', symbol: 'ETH' }, { requestId: 'f1' }) })
    expect(calls[0]).toEqual(['estimateTransferFee', expect.objectContaining({ caipNetworkId: 'eip155:1' }), { from: ACCOUNT, receiver: RECEIVER, amount: '500000000000000000' }])
    expect(run.state.account.send.fee).toEqual({ status: 'ready', requestId: 'f1', amount: '0.000021', symbol: 'ETH' })
  })

  it('a form the checks refuse (more than the balance) fails the estimate without asking the node', async () => {
    const { adapter, calls } = fakeAdapter({ estimateTransferFee: () => reply('1', 1) })
    const run = await runEffectAsync(estimateSendFee, { events: { marble: 'r', values: { r: request } }, state: form('2', '1.5'), loop: true, deps: { adapters: { eip155: adapter } } })
    expect(calls).toEqual([])
    expect(run.state.account.send.fee).toMatchObject({ status: 'failed', error: { shortMessage: 'Insufficient ETH balance' } })
  })

  it("the node's failure, or an adapter that cannot estimate, fails it with the reason", async () => {
    const { adapter } = fakeAdapter({ estimateTransferFee: () => replyError(new GangwayError('Fee unavailable', { details: 'execution reverted' }), 5) })
    const failed = await runEffectAsync(estimateSendFee, { events: { marble: 'r', values: { r: request } }, state: form('0.5'), loop: true, deps: { adapters: { eip155: adapter } } })
    expect(failed.state.account.send.fee).toMatchObject({ status: 'failed', error: { shortMessage: 'Fee unavailable', details: 'execution reverted' } })

    const { adapter: without } = fakeAdapter()
    const none = await runEffectAsync(estimateSendFee, { events: { marble: 'r', values: { r: request } }, state: form('0.5'), loop: true, deps: { adapters: { eip155: without } } })
    expect(none.state.account.send.fee).toMatchObject({ status: 'failed', error: { shortMessage: 'Fee unavailable' } })
  })

  it('no estimate while a send is in flight (the form is locked)', async () => {
    const { adapter, calls } = fakeAdapter({ estimateTransferFee: () => reply('1', 1) })
    const state = form('0.5', undefined, [sendRequested({}, { requestId: 's1' })])
    const run = await runEffectAsync(estimateSendFee, { events: { marble: 'r', values: { r: request } }, state, loop: true, deps: { adapters: { eip155: adapter } } })
    expect(calls).toEqual([])
    expect(run.messages).toEqual([])
  })
})
