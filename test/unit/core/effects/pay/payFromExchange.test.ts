import { describe, expect, it } from 'vitest'
import type { BlockchainApi, ExchangePaymentStatus } from '../../../../../src/core/apiPorts'
import { payFromExchange } from '../../../../../src/core/effects/pay/payFromExchange'
import { ApiRequestError } from '../../../../../src/core/errors/api'
import { serializeError } from '../../../../../src/core/errors/base'
import { payConfirmed, payExchangeChosen, payExchangeOpened, payFailed } from '../../../../../src/core/events/pay/pay'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { HASH, RECIPIENT, exchangesListed } from './payFakes'

const URL = 'http://127.0.0.1:9/exchange/devexchange/pay/s1'
const choose = (exchangeId = 'devexchange', requestId = 'p') => payExchangeChosen({ exchangeId }, { requestId })
const meta = { requestId: 'p' }

/** An exchange API whose session answers `statuses` in turn (the last one again after), recording every call. */
function exchangeApi(statuses: (ExchangePaymentStatus | Error)[], create: () => Promise<{ sessionId: string; url: string }> = () => reply({ sessionId: 's1', url: URL }, 10)) {
  const calls: [string, unknown][] = []
  let i = 0
  const blockchain = {
    createExchangePayment: (params: unknown) => (calls.push(['create', params]), create()),
    getExchangePayment: (params: unknown) => {
      calls.push(['status', params])
      const next = statuses[Math.min(i++, statuses.length - 1)]!
      return next instanceof Error ? replyError(next) : reply(next)
    },
  } as unknown as BlockchainApi
  return { calls, deps: { api: { blockchain, directory: null, loadConfiguration: null } } }
}

const run = (api: ReturnType<typeof exchangeApi>, marble = 'a', values: Record<string, unknown> = { a: choose() }, until?: number) =>
  runEffectAsync(payFromExchange, { events: { marble, values: values as never }, state: exchangesListed(), loop: true, deps: api.deps, ...(until ? { until } : {}) })

describe('payFromExchange', () => {
  it("creates the exchange's session for the payment, opens its page, then asks its status every 2 s until the transfer is confirmed", async () => {
    const api = exchangeApi([{ status: 'pending' }, { status: 'pending' }, { status: 'confirmed', txHash: HASH, blockNumber: '12' }])
    const r = await run(api)
    r.toBe('10ms o 5999ms c', { o: payExchangeOpened({ sessionId: 's1', url: URL }, meta), c: payConfirmed({ hash: HASH, blockNumber: '12' }, meta) })
    expect(api.calls).toEqual([
      ['create', { exchangeId: 'devexchange', recipient: RECIPIENT, amount: '0.01', asset: 'native', network: 'eip155:1' }],
      ['status', { sessionId: 's1' }],
      ['status', { sessionId: 's1' }],
      ['status', { sessionId: 's1' }],
    ])
    expect(r.state.pay!.payment).toMatchObject({ status: 'confirmed', hash: HASH, blockNumber: '12', exchange: { id: 'devexchange', name: 'Dev Exchange', sessionId: 's1', url: URL } })
  })

  it("a cancel on the exchange's page rejects as the visitor's refusal; the exchange's failure in the spec's words, its reason in the details", async () => {
    const cancelled = await run(exchangeApi([{ status: 'cancelled' }]))
    expect(cancelled.messages.at(-1)!.notification.value).toMatchObject(
      payFailed({ error: { name: 'WalletRejectedError', shortMessage: 'User rejected the request', code: 4001 } as never }, meta),
    )
    expect(cancelled.state.pay!.payment).toMatchObject({ status: 'failed', error: { kind: 'WALLET_REJECTED' } })
    const failed = await run(exchangeApi([{ status: 'failed', error: 'the reserve is too low', txHash: HASH }]))
    expect(failed.messages.at(-1)).toMatchObject({ frame: 2010, notification: { value: { type: 'pay/failed', payload: { hash: HASH, error: { shortMessage: 'Something went wrong', details: 'the reserve is too low' } } } } })
  })

  it('a status that cannot be read is asked again at the next tick', async () => {
    const api = exchangeApi([new ApiRequestError('Server Error', { status: 502, details: 'Bad Gateway' }), { status: 'confirmed', txHash: HASH, blockNumber: '1' }])
    const r = await run(api)
    r.toBe('10ms o 3999ms c', { o: payExchangeOpened({ sessionId: 's1', url: URL }, meta), c: payConfirmed({ hash: HASH, blockNumber: '1' }, meta) })
  })

  it('a session the exchange refuses fails the payment with its error, nothing polled', async () => {
    const refused = new ApiRequestError('An error occurred', { status: 400, details: "Invalid recipient '0x1'" })
    const api = exchangeApi([], () => replyError(refused, 5))
    const r = await run(api)
    r.toBe('5ms f', { f: payFailed({ error: serializeError(refused) }, meta) })
    expect(api.calls.map((c) => c[0])).toEqual(['create'])
  })

  it('stops asking once the payment ended otherwise (the visitor stopped waiting), and fails it after 10 minutes of pending', async () => {
    const stopped = exchangeApi([{ status: 'pending' }])
    const ended = payFailed({ error: { name: 'WalletRejectedError', kind: 'WALLET_REJECTED', shortMessage: 'User rejected the request', code: 4001 } }, meta)
    const r = await run(stopped, 'a 4999ms e', { a: choose(), e: ended }, 20_000)
    expect(r.messages.map((m) => (m.notification.value as { type: string }).type)).toEqual(['pay/exchangeOpened'])
    expect(stopped.calls.filter((c) => c[0] === 'status')).toHaveLength(2)

    const forever = exchangeApi([{ status: 'pending' }])
    const late = await run(forever, 'a', { a: choose() }, 700_000)
    expect(late.messages.at(-1)).toMatchObject({ frame: 600_010, notification: { value: { type: 'pay/failed', payload: { error: { shortMessage: 'Something went wrong' } } } } })
  })

  it('nothing is asked for a choice the payment did not take: another request, an exchange not listed, without the API', async () => {
    const api = exchangeApi([{ status: 'pending' }])
    expect((await run(api, 'a', { a: choose('devexchange', 'other') })).messages).toEqual([])
    expect((await run(api, 'a', { a: choose('nope') })).messages).toEqual([])
    expect(api.calls).toEqual([])
    const none = await runEffectAsync(payFromExchange, { events: { marble: 'a', values: { a: choose() } }, state: exchangesListed(), loop: true })
    expect(none.messages.at(-1)!.notification.value).toMatchObject({ type: 'pay/failed', payload: { error: { shortMessage: 'Something went wrong' } } })
  })
})
