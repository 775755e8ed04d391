import { describe, expect, it } from 'vitest'
import { balanceFailed, balanceFetched } from '../../../src/core/events/connection/balance'
import { modalCloseRequested, modalOpenRequested } from '../../../src/core/events/modal/modal'
import { resultAcknowledged, routerPushed } from '../../../src/core/events/modal/router'
import { sendAmountSet, sendConfirmed, sendFeeEstimated, sendFeeFailed, sendFeeRequested, sendReceiverSet, sendRequested, sendSubmitted, sendTokenSet } from '../../../src/core/events/connection/send'
import { signatureRequested, signatureSucceeded } from '../../../src/core/events/connection/signature'
import { run, succeeded } from './support'

const form = [sendTokenSet({ token: { symbol: 'ETH', decimals: 18 } }), sendAmountSet({ amount: '0.01' }), sendReceiverSet({ receiver: '0xabc' })]

describe('accountReducer', () => {
  it('balances carry the time they were fetched; a failure is unknown (null), not zero', () => {
    const s = run({}, [[balanceFetched({ caipAddress: 'eip155:1:0xa', balance: '1.5', symbol: 'ETH' }), 500], [balanceFailed({ caipAddress: 'eip155:1:0xa', error: { name: 'E', shortMessage: 'x' } }), 900]])
    expect(s.account.balances['eip155:1:0xa']).toEqual({ balance: null, symbol: 'ETH', timestamp: 900 })
  })

  it('the send form: idle → sending → pending → confirmed for its own request only', () => {
    const s = run({}, [...form, sendRequested({}, { requestId: 's1' }), sendSubmitted({ hash: '0xh' }, { requestId: 'other' })])
    expect(s.account.send).toMatchObject({ status: 'sending', hash: null })
    const done = run({}, [...form, sendRequested({}, { requestId: 's1' }), sendSubmitted({ hash: '0xh' }, { requestId: 's1' }), sendConfirmed({ hash: '0xh', blockNumber: '3' }, { requestId: 's1' })])
    expect(done.account.send).toMatchObject({ status: 'confirmed', hash: '0xh', blockNumber: '3', amount: '0.01' })
  })

  it('opening the modal for another namespace clears the send form (spec §4); the same namespace keeps it', () => {
    expect(run({ adapters: ['eip155', 'solana'] }, [...form, modalOpenRequested({ namespace: 'solana' })]).account.send).toMatchObject({ status: 'idle', token: null, amount: null })
    expect(run({ adapters: ['eip155', 'solana'] }, [...form, modalOpenRequested({ namespace: 'eip155' })]).account.send.amount).toBe('0.01')
  })

  it('a signature outcome applies only to the signing request', () => {
    const s = run({}, [signatureRequested({ kind: 'message', message: 'm' }, { requestId: 'a' }), signatureRequested({ kind: 'message', message: 'm' }, { requestId: 'b' }), signatureSucceeded({ address: '0x1', signature: '0xs' }, { requestId: 'a' })])
    expect(s.account.signature).toMatchObject({ requestId: 'b', status: 'signing' })
  })

  it("a fee estimate belongs to the form it was asked for: only its own answer lands, and any edit drops it", () => {
    const asked = [...form, sendFeeRequested({}, { requestId: 'f1' })]
    expect(run({}, [...asked, sendFeeEstimated({ fee: '0.0001', symbol: 'ETH' }, { requestId: 'other' })]).account.send.fee).toEqual({ status: 'estimating', requestId: 'f1' })
    const ready = run({}, [...asked, sendFeeEstimated({ fee: '0.0001', symbol: 'ETH' }, { requestId: 'f1' })])
    expect(ready.account.send.fee).toEqual({ status: 'ready', requestId: 'f1', amount: '0.0001', symbol: 'ETH' })
    const failed = run({}, [...asked, sendFeeFailed({ error: { name: 'E', shortMessage: 'Fee unavailable' } }, { requestId: 'f1' })])
    expect(failed.account.send.fee).toMatchObject({ status: 'failed', error: { shortMessage: 'Fee unavailable' } })
    // A later answer does not overwrite one already given.
    expect(run({}, [...asked, sendFeeEstimated({ fee: '1', symbol: 'ETH' }, { requestId: 'f1' }), sendFeeFailed({ error: { name: 'E', shortMessage: 'x' } }, { requestId: 'f1' })]).account.send.fee).toMatchObject({ status: 'ready', amount: '1' })
    expect(run({}, [...asked, sendFeeEstimated({ fee: '1', symbol: 'ETH' }, { requestId: 'f1' }), sendAmountSet({ amount: '0.02' })]).account.send.fee).toBeNull()
    // The form is locked while its send is in flight: no new estimate.
    expect(run({}, [...form, sendRequested({}, { requestId: 's1' }), sendFeeRequested({}, { requestId: 'f2' })]).account.send.fee).toBeNull()
  })

  describe('a finished send, acknowledged', () => {
    const confirmed = [
      succeeded('a'),
      modalOpenRequested({}),
      routerPushed({ view: 'WalletSend' }),
      ...form,
      sendRequested({}, { requestId: 's1' }),
      sendSubmitted({ hash: '0xh' }, { requestId: 's1' }),
      sendConfirmed({ hash: '0xh', blockNumber: '3' }, { requestId: 's1' }),
    ]

    it('returns to Account with the result in a success banner and leaves an empty form', () => {
      const s = run({}, [...confirmed, resultAcknowledged({ flow: 'send', message: 'Sent 0.01 ETH' })])
      expect(s.router).toMatchObject({ view: 'Account', history: ['Account'] })
      expect(s.banner).toMatchObject({ open: true, variant: 'success', message: 'Sent 0.01 ETH' })
      expect(s.account.send).toMatchObject({ status: 'idle', token: null, amount: null, receiver: null, hash: null })
    })

    it("another flow's acknowledgement leaves the send as it is; a send in flight is never cleared", () => {
      expect(run({}, [...confirmed, resultAcknowledged({ flow: 'swap', message: 'x' })]).account.send).toMatchObject({ status: 'confirmed', amount: '0.01' })
      const inFlight = run({}, [...confirmed.slice(0, -1), resultAcknowledged({ flow: 'send', message: 'x' })])
      expect(inFlight.account.send).toMatchObject({ status: 'pending', hash: '0xh' })
    })

    it('closing the modal over a sent transfer also leaves an empty form for the next Send', () => {
      expect(run({}, [...confirmed, modalCloseRequested({})]).account.send).toMatchObject({ status: 'idle', amount: null })
    })
  })
})
