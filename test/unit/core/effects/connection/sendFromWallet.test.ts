import { beforeAll, describe, expect, it } from 'vitest'
import { sendFormError } from '../../../../../src/core/domain/transactionRules'
import { sendFromWallet } from '../../../../../src/core/effects/connection/sendFromWallet'
import { balanceFetched } from '../../../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { sendAmountSet, sendConfirmed, sendFailed, sendReceiverSet, sendRequested, sendSubmitted, sendTokenSet } from '../../../../../src/core/events/connection/send'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

// sendFromWallet loads the form's checks with a dynamic import() (a real promise), which no fake
// can answer in virtual time: these tests use runEffectAsync, which lets promises settle between frames.

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const HASH = `0x${'ab'.repeat(32)}`
const connected = (form: { amount?: string; receiver?: string; token?: { symbol: string; decimals: number; address?: string } | null }) =>
  stateAfter([
    connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    sendTokenSet({ token: form.token === undefined ? { symbol: 'ETH', decimals: 18 } : form.token }),
    sendAmountSet({ amount: form.amount ?? '0.01' }),
    sendReceiverSet({ receiver: form.receiver ?? RECEIVER }),
  ])
// The first import of a module goes through the test runner's transform, which takes longer than
// the driver's settling between frames: load it once here, so the effect's import() is quick.
beforeAll(async () => {
  await import('../../../../../src/core/effects/connection/prepareSend')
})

const send = (requestId: string) => sendRequested({}, { requestId })

describe('sendFromWallet', () => {
  it('sends the native amount in its smallest unit, reports the hash, then the receipt', async () => {
    const { adapter, calls } = fakeAdapter({ sendTransfer: () => reply(HASH, 20), waitForReceipt: () => reply({ status: 'success' as const, blockNumber: '7' }, 100) })
    const run = await runEffectAsync(sendFromWallet, { events: { marble: 'r', values: { r: send('s1') } }, state: connected({}), reduce: true, deps: { adapters: { eip155: adapter } } })
    run.toBe('20ms s 99ms c', { s: sendSubmitted({ hash: HASH }, { requestId: 's1' }), c: sendConfirmed({ hash: HASH, blockNumber: '7' }, { requestId: 's1' }) })
    expect(calls[0]).toEqual(['sendTransfer', 'a', expect.objectContaining({ caipNetworkId: 'eip155:1' }), { from: ACCOUNT, receiver: RECEIVER, amount: '10000000000000000' }])
    expect(calls[1]).toEqual(['waitForReceipt', expect.objectContaining({ caipNetworkId: 'eip155:1' }), HASH])
  })

  it("a token transfer goes to its contract, in the token's units", async () => {
    const token = { symbol: 'GUSD', decimals: 6, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }
    const { adapter, calls } = fakeAdapter({ sendTransfer: () => reply(HASH, 5), waitForReceipt: () => reply({ status: 'success' as const, blockNumber: '1' }, 5) })
    await runEffectAsync(sendFromWallet, { events: { marble: 'r', values: { r: send('s1') } }, state: connected({ token, amount: '12.5' }), reduce: true, deps: { adapters: { eip155: adapter } } })
    expect(calls[0]![3]).toEqual({ from: ACCOUNT, receiver: RECEIVER, amount: '12500000', token: token.address, decimals: token.decimals })
  })

  it("the form's errors fail the send without asking the wallet", async () => {
    const { adapter, calls } = fakeAdapter()
    const run = await runEffectAsync(sendFromWallet, { events: { marble: 'r', values: { r: send('s1') } }, state: connected({ amount: '' }), reduce: true, deps: { adapters: { eip155: adapter } } })
    const formError = sendFormError({ amount: '', receiverAddress: RECEIVER, token: { symbol: 'ETH', decimals: 18 } })
    run.toBe('f', { f: sendFailed({ error: serializeError(formError) }, { requestId: 's1' }) })
    expect(run.messages[0]!.notification.value).toMatchObject({ payload: { error: { shortMessage: 'An amount and receiver address are required' } } })
    expect(calls).toEqual([])
  })

  it('more than the balance, or more decimals than the token has, is refused before the wallet is asked', async () => {
    const { adapter, calls } = fakeAdapter()
    const withBalance = (amount: string, token?: { symbol: string; decimals: number; address?: string }) =>
      stateAfter([
        connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
        balanceFetched({ caipAddress: `eip155:1:${ACCOUNT}`, balance: '1.5', symbol: 'ETH' }),
        sendTokenSet({ token: token ?? { symbol: 'ETH', decimals: 18 } }),
        sendAmountSet({ amount }),
        sendReceiverSet({ receiver: RECEIVER }),
      ])
    const over = await runEffectAsync(sendFromWallet, { events: { marble: 'r', values: { r: send('s1') } }, state: withBalance('1.500000000000000001'), reduce: true, deps: { adapters: { eip155: adapter } } })
    expect(over.messages[0]!.notification.value).toMatchObject({ type: 'send/failed', payload: { error: { shortMessage: 'Insufficient ETH balance' } } })
    const fine = await runEffectAsync(sendFromWallet, {
      events: { marble: 'r', values: { r: send('s2') } },
      state: withBalance('1.1234567', { symbol: 'GUSD', decimals: 6, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }),
      reduce: true,
      deps: { adapters: { eip155: adapter } },
    })
    expect(fine.messages[0]!.notification.value).toMatchObject({ type: 'send/failed', payload: { error: { shortMessage: 'GUSD has at most 6 decimals' } } })
    expect(calls).toEqual([])
  })

  it('a refused transfer and a reverted transaction (with its hash) fail the send; the next send still goes', async () => {
    let n = 0
    const refused = new GangwayError('User rejected the request', { code: 4001 })
    const { adapter } = fakeAdapter({
      sendTransfer: () => (++n === 1 ? replyError(refused, 10) : reply(HASH, 10)),
      waitForReceipt: () => (n === 2 ? reply({ status: 'reverted' as const, blockNumber: '3' }, 10) : reply({ status: 'success' as const, blockNumber: '4' }, 10)),
    })
    const events = { marble: 'a 99ms b 99ms c', values: { a: send('s1'), b: send('s2'), c: send('s3') } }
    const run = await runEffectAsync(sendFromWallet, { events, state: connected({}), loop: true, deps: { adapters: { eip155: adapter } } })
    const failedMessage = (i: number) => (run.messages[i]!.notification.value as { payload: { error: { shortMessage: string; details?: string } } }).payload.error
    expect(run.messages.map((m) => [m.frame, (m.notification.value as { type: string }).type])).toEqual([
      [10, 'send/failed'],
      [110, 'send/submitted'],
      [120, 'send/failed'],
      [210, 'send/submitted'],
      [220, 'send/confirmed'],
    ])
    expect(failedMessage(0)).toEqual(serializeError(refused))
    expect(run.messages[2]!.notification.value).toMatchObject({ payload: { hash: HASH, error: { shortMessage: 'Something went wrong', details: 'the transaction reverted' } }, requestId: 's2' })
    expect(run.state.account.send.status).toBe('confirmed')
  })
})
