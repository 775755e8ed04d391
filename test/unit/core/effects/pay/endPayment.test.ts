import { describe, expect, it } from 'vitest'
import { endPayment } from '../../../../../src/core/effects/pay/endPayment'
import { accountDisconnected } from '../../../../../src/core/events/connection/connectionLifecycle'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { routerPushed, routerWentBack } from '../../../../../src/core/events/modal/router'
import { payApproved, payCancelled, payExchangeChosen } from '../../../../../src/core/events/pay/pay'
import type { ModalState } from '../../../../../src/core/state'
import { runEffectAsync } from '../../../../support/runEffect'
import { after, connected, exchangesListed, requested, reviewing } from './payFakes'

const run = (events: Record<string, EventInput>, marble: string, state: ModalState) => runEffectAsync(endPayment, { events: { marble, values: events }, state, reduce: true })
const failures = (r: Awaited<ReturnType<typeof run>>) => r.messages.map((m) => m.notification.value as EventInput & { payload: { error: { kind?: string; shortMessage: string; details?: string } } })

describe('endPayment', () => {
  it("Cancel ends the payment as the visitor's refusal, once, whatever follows", async () => {
    const r = await run({ c: payCancelled({}, { requestId: 'p' }), x: modalCloseRequested({}) }, 'c-x', reviewing())
    expect(failures(r)).toEqual([
      { type: 'pay/failed', requestId: 'p', payload: { error: expect.objectContaining({ kind: 'WALLET_REJECTED', code: 4001, shortMessage: 'User rejected the request', details: 'the visitor cancelled the payment' }) } },
    ])
    const other = await run({ c: payCancelled({}, { requestId: 'other' }) }, 'c', reviewing())
    expect(failures(other)).toEqual([])
  })

  it("closing the modal ends it with 'Modal closed'; leaving Pay, as refused; a view pushed over it to connect first does not", async () => {
    const closed = await run({ x: modalCloseRequested({}) }, 'x', reviewing())
    expect(failures(closed).map((e) => e.payload.error.kind)).toEqual(['MODAL_CLOSED'])
    const left = await run({ o: modalOpenRequested({ view: 'Account' }) }, 'o', reviewing())
    expect(failures(left).map((e) => e.payload.error)).toEqual([expect.objectContaining({ kind: 'WALLET_REJECTED', details: 'the visitor left the payment' })])
    const disconnected = await run({ d: accountDisconnected({ namespace: 'eip155' }) }, 'd', reviewing())
    expect(failures(disconnected).map((e) => e.payload.error.details)).toEqual(['the visitor left the payment'])
    const connecting = await run({ p: routerPushed({ view: 'Connect' }), b: routerWentBack({}) }, 'pb', reviewing([]))
    expect(failures(connecting)).toEqual([])
    const backPastPay = await run({ p: routerPushed({ view: 'Connect' }), b: routerWentBack({}), c: routerWentBack({}) }, 'pbc', after([modalOpenRequested({ view: 'Account' }), routerPushed({ view: 'Pay' }), requested()]))
    expect(failures(backPastPay).map((e) => e.payload.error.details)).toEqual(['the visitor left the payment'])
  })

  it("waiting on an exchange, Stop waiting ends the payment as the visitor's refusal; closing the modal does not", async () => {
    const waiting = after([payExchangeChosen({ exchangeId: 'devexchange' }, { requestId: 'p' })], exchangesListed())
    expect(waiting.pay!.payment!.status).toBe('paying')
    const closed = await run({ x: modalCloseRequested({}) }, 'x', waiting)
    expect(failures(closed)).toEqual([])
    const stopped = await run({ c: payCancelled({}, { requestId: 'p' }), o: payCancelled({}, { requestId: 'other' }) }, 'oc', waiting)
    expect(failures(stopped).map((e) => e.payload.error)).toEqual([expect.objectContaining({ kind: 'WALLET_REJECTED', details: 'the visitor stopped waiting for Dev Exchange' })])
  })

  it('goes on once the wallet is asked: its answer settles the payment', async () => {
    const r = await run({ a: payApproved({}, { requestId: 'p' }), x: modalCloseRequested({}) }, 'ax', reviewing(connected()))
    expect(failures(r)).toEqual([])
  })

  it("a payment the modal could not show: 'Request was aborted'", async () => {
    const r = await run({ r: requested() }, 'r', after(connected()))
    expect(failures(r).map((e) => e.payload.error.kind)).toEqual(['REQUEST_ABORTED'])
    const shown = await run({ o: modalOpenRequested({ view: 'Pay' }), r: requested() }, 'or', after(connected()))
    expect(failures(shown)).toEqual([])
  })
})
