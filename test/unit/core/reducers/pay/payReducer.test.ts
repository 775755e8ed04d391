import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { networkSwitchFailed, networkSwitchRequested, networkSwitched } from '../../../../../src/core/events/connection/network'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import { routerPushed } from '../../../../../src/core/events/modal/router'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { payApproved, payConfirmed, payExchangeChosen, payExchangeOpened, payExchangesFailed, payExchangesFetched, payExchangesRequested, payFailed, payFeeEstimated, payFeeRequested, payRequested, paySubmitted } from '../../../../../src/core/events/pay/pay'
import { selectPayStep } from '../../../../../src/core/reducers/pay/paySelectors'
import { ACCOUNT, EXCHANGES, GUSD, HASH, RECIPIENT, after, connected, exchangesListed, reviewing } from '../../effects/pay/payFakes'

const failed = (requestId = 'p') => payFailed({ error: { name: 'WalletRejectedError', shortMessage: 'User rejected the request', kind: 'WALLET_REJECTED', code: 4001 } }, { requestId })
const approve = (requestId = 'p') => payApproved({}, { requestId })

afterEach(() => vi.restoreAllMocks())

describe('the pay slice', () => {
  it('is pure: the same log folds to the same state, reading no clock; states are frozen', () => {
    const log: EventInput[] = [approve(), paySubmitted({ hash: HASH }, { requestId: 'p' }), payConfirmed({ hash: HASH, blockNumber: '9' }, { requestId: 'p' })]
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('a reducer read the clock')
    })
    const start = reviewing()
    const once = after(log, start)
    expect(after(log, start).pay).toEqual(once.pay)
    expect(once.pay!.payment).toMatchObject({ status: 'confirmed', hash: HASH, blockNumber: '9', recipient: RECIPIENT, amount: '0.01', network: 'eip155:1' })
    expect(Object.isFrozen(once.pay!.payment)).toBe(true)
    expect(start.pay!.payment!.status).toBe('reviewing')
  })

  it('takes one payment at a time; an ended one gives way to the next', () => {
    const open = reviewing()
    const second = after([payRequested({ recipient: RECIPIENT, amount: '5', asset: GUSD, network: 'eip155:1' }, { requestId: 'p2' })], open)
    expect(second.pay!.payment).toBe(open.pay!.payment)
    const next = after([failed(), payRequested({ recipient: RECIPIENT, amount: '5', asset: GUSD, network: 'eip155:1' }, { requestId: 'p2' })], open)
    expect(next.pay!.payment).toMatchObject({ requestId: 'p2', status: 'reviewing', amount: '5', asset: GUSD, error: null, hash: null })
  })

  it("takes only its own payment's outcomes, in order", () => {
    const open = reviewing()
    // Nothing is submitted before the wallet is asked; another request's outcomes change nothing.
    expect(after([paySubmitted({ hash: HASH }, { requestId: 'p' })], open)).toBe(open)
    const paying = after([approve()], open)
    expect(after([paySubmitted({ hash: HASH }, { requestId: 'other' }), failed('other')], paying).pay).toBe(paying.pay)
    const done = after([paySubmitted({ hash: HASH }, { requestId: 'p' }), payConfirmed({ hash: HASH, blockNumber: '1' }, { requestId: 'p' })], paying)
    // An ended payment stays as it ended.
    expect(after([failed(), approve()], done).pay).toBe(done.pay)
  })

  it('is approved only once the wallet can be asked: connected in its namespace, on its network', () => {
    const notConnected = reviewing([])
    expect(selectPayStep(notConnected, notConnected.pay!.payment!)).toBe('connect')
    expect(after([approve()], notConnected).pay!.payment!.status).toBe('reviewing')
    const elsewhere = reviewing(connected('eip155:2'))
    expect(selectPayStep(elsewhere, elsewhere.pay!.payment!)).toBe('switch')
    expect(after([approve()], elsewhere).pay!.payment!.status).toBe('reviewing')
    const ready = reviewing()
    expect(selectPayStep(ready, ready.pay!.payment!)).toBe('ready')
    expect(after([approve()], ready).pay!.payment!.status).toBe('paying')
  })

  it('estimates the fee for the account and network it would leave from, and keeps only the current estimate', () => {
    const asked = after([payFeeRequested({}, { requestId: 'f1' })], reviewing())
    expect(asked.pay!.payment!.fee).toEqual({ status: 'estimating', requestId: 'f1', for: `eip155:1:${ACCOUNT}` })
    expect(after([payFeeEstimated({ fee: '0.1', symbol: 'ETH' }, { requestId: 'stale' })], asked).pay).toBe(asked.pay)
    expect(after([payFeeEstimated({ fee: '0.000021', symbol: 'ETH' }, { requestId: 'f1' })], asked).pay!.payment!.fee).toMatchObject({ status: 'ready', amount: '0.000021' })
    // Not before the wallet is there to pay from.
    const waiting = reviewing([])
    expect(after([payFeeRequested({}, { requestId: 'f1' })], waiting).pay).toBe(waiting.pay)
  })
})

describe('paying from an exchange', () => {
  const err = { name: 'ApiRequestError', shortMessage: 'Server Error' }
  const chosen = (exchangeId = 'devexchange', requestId = 'p') => payExchangeChosen({ exchangeId }, { requestId })

  it('lists the exchanges while the payment is reviewed, wallet or not; only the current listing lands; a failed one may be asked again', () => {
    const open = reviewing([])
    expect(open.pay!.payment).toMatchObject({ exchanges: null, exchange: null })
    const asked = after([payExchangesRequested({}, { requestId: 'x' })], open)
    expect(asked.pay!.payment!.exchanges).toEqual({ status: 'loading', requestId: 'x' })
    // Asked once: a second listing while one is loading changes nothing.
    expect(after([payExchangesRequested({}, { requestId: 'y' })], asked).pay).toBe(asked.pay)
    expect(after([payExchangesFetched({ exchanges: EXCHANGES }, { requestId: 'stale' })], asked).pay).toBe(asked.pay)
    expect(after([payExchangesFetched({ exchanges: EXCHANGES }, { requestId: 'x' })], asked).pay!.payment!.exchanges).toEqual({ status: 'loaded', requestId: 'x', items: EXCHANGES })
    const failed = after([payExchangesFailed({ error: err }, { requestId: 'x' })], asked)
    expect(failed.pay!.payment!.exchanges).toEqual({ status: 'failed', requestId: 'x', error: err })
    expect(after([payExchangesRequested({}, { requestId: 'z' })], failed).pay!.payment!.exchanges).toEqual({ status: 'loading', requestId: 'z' })
  })

  it('a listed exchange chosen while reviewing pays the payment from it, with no wallet; its session lands once', () => {
    const listed = exchangesListed()
    const paying = after([chosen()], listed)
    expect(paying.pay!.payment).toMatchObject({ status: 'paying', exchange: { id: 'devexchange', name: 'Dev Exchange', imageUrl: EXCHANGES[0]!.imageUrl, sessionId: null, url: null } })
    const opened = after([payExchangeOpened({ sessionId: 's1', url: 'http://x/1' }, { requestId: 'p' })], paying)
    expect(opened.pay!.payment!.exchange).toMatchObject({ sessionId: 's1', url: 'http://x/1' })
    expect(after([payExchangeOpened({ sessionId: 's2', url: 'http://x/2' }, { requestId: 'p' })], opened).pay).toBe(opened.pay)
    const done = after([payConfirmed({ hash: HASH, blockNumber: '3' }, { requestId: 'p' })], opened)
    expect(done.pay!.payment).toMatchObject({ status: 'confirmed', hash: HASH, blockNumber: '3' })
    // Not an exchange that is not listed, another request's choice, a second choice, nor one before the listing.
    expect(after([chosen('nope')], listed).pay).toBe(listed.pay)
    expect(after([chosen('devexchange', 'other')], listed).pay).toBe(listed.pay)
    expect(after([chosen('devexchangepro')], paying).pay).toBe(paying.pay)
    const unlisted = reviewing([])
    expect(after([chosen()], unlisted).pay).toBe(unlisted.pay)
    // The wallet is not asked for a payment the exchange pays.
    expect(after([approve()], exchangesListed(connected())).pay!.payment!.exchange).toBeNull()
    expect(after([approve()], after([chosen()], exchangesListed(connected()))).pay!.payment!.status).toBe('paying')
  })
})

describe('Pay and the views it needs first', () => {
  it('a connect started from Pay comes back to Pay instead of closing the modal; from elsewhere it still closes', () => {
    const s = after(
      [
        routerPushed({ view: 'Connect' }),
        connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'c1' }),
        connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId: 'c1' }),
      ],
      reviewing([]),
    )
    expect(s.modal.open).toBe(true)
    expect(s.router).toMatchObject({ view: 'Pay', history: ['Pay'] })
    expect(selectPayStep(s, s.pay!.payment!)).toBe('ready')
    const plain = after([
      modalOpenRequested({}),
      connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'c1' }),
      connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId: 'c1' }),
    ])
    expect(plain.modal.open).toBe(false)
  })

  it('a switch asked for from Pay comes back to Pay, ready, instead of closing; a failed one goes back to Pay with its error', () => {
    const start = reviewing(connected('eip155:2'))
    const asked = after([networkSwitchRequested({ namespace: 'eip155', caipNetworkId: 'eip155:1' }, { requestId: 's1' })], start)
    expect(asked.router.view).toBe('SwitchNetwork')
    const done = after([networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:1' }, { requestId: 's1' })], asked)
    expect(done.modal.open).toBe(true)
    expect(done.router).toMatchObject({ view: 'Pay', history: ['Pay'] })
    expect(selectPayStep(done, done.pay!.payment!)).toBe('ready')
    const refused = after([networkSwitchFailed({ namespace: 'eip155', caipNetworkId: 'eip155:1', error: { name: 'WalletRejectedError', shortMessage: 'User rejected the request' } }, { requestId: 's1' })], asked)
    expect(refused.router.view).toBe('Pay')
    expect(refused.network.switch).toMatchObject({ status: 'failed', caipNetworkId: 'eip155:1' })
    // A switch from the account sheet closes the modal as before (spec §4: success may close it).
    const plain = after(
      [modalOpenRequested({}), networkSwitchRequested({ namespace: 'eip155', caipNetworkId: 'eip155:1' }, { requestId: 's2' }), networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:1' }, { requestId: 's2' })],
      after(connected('eip155:2')),
    )
    expect(plain.modal.open).toBe(false)
  })
})
