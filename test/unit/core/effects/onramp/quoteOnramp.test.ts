import { describe, expect, it } from 'vitest'
import type { BlockchainApi, OnrampQuoteParams } from '../../../../../src/core/apiPorts'
import { quoteOnramp } from '../../../../../src/core/effects/onramp/quoteOnramp'
import { onrampOptionsFetched, onrampQuotesRequested } from '../../../../../src/core/events/onramp/onramp'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const usd = { id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }
const usdc = { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: [] }
const providers = [
  { name: 'cheap', label: 'Cheap', url: 'https://cheap.example/', supportedChains: ['eip155' as const] },
  { name: 'dear', label: 'Dear', url: 'https://dear.example/' },
  { name: 'solanaOnly', url: 'https://sol.example/', supportedChains: ['solana' as const] },
]
const withOptions = stateAfter([onrampOptionsFetched({ paymentCurrencies: [usd], purchaseCurrencies: [usdc], providers })])
const key = (amount: string) => ({ amount, purchaseCurrency: 'USDC', paymentCurrency: 'USD', paymentMethod: 'card', network: 'eip155:1' })
const quote = (purchase: string) => ({
  purchaseAmount: { amount: purchase, currency: 'USDC' },
  paymentSubtotal: { amount: '99', currency: 'USD' },
  paymentTotal: { amount: '100', currency: 'USD' },
  networkFee: { amount: '0.10', currency: 'USD' },
  quoteId: 'q',
})

function api(answer: (p: OnrampQuoteParams) => Promise<unknown>) {
  const calls: OnrampQuoteParams[] = []
  const blockchain = { getOnrampQuote: (p: OnrampQuoteParams) => (calls.push(p), answer(p)) } as unknown as BlockchainApi
  return { deps: { api: { blockchain, directory: null, loadConfiguration: null } }, calls }
}

describe('quoteOnramp', () => {
  it("asks each provider serving the namespace for the latest amount, 300 ms after typing; the better quote is chosen, one failing leaves the other", async () => {
    const { deps, calls } = api((p) => (p.provider === 'cheap' ? reply(quote('98.9'), 5) : replyError(new GangwayError('Server Error'), 5)))
    const run = await runEffectAsync(quoteOnramp, {
      events: { marble: 'a 99ms b', values: { a: onrampQuotesRequested(key('10'), { requestId: 'q1' }), b: onrampQuotesRequested(key('100'), { requestId: 'q2' }) } },
      state: withOptions,
      loop: true,
      deps,
    })
    expect(calls.map((c) => [c.provider, c.amount, c.paymentMethod, c.purchaseCurrency.id, c.paymentCurrency.id, c.network])).toEqual([
      ['cheap', '100', 'card', 'USDC', 'USD', 'eip155:1'],
      ['dear', '100', 'card', 'USDC', 'USD', 'eip155:1'],
    ])
    expect(run.state.onramp!.quotes?.status).toBe('loaded')
    expect(run.state.onramp!.quotes?.items.map((i) => [i.provider, i.quote?.purchaseAmount.amount ?? null, i.error?.shortMessage ?? null])).toEqual([
      ['cheap', '98.9', null],
      ['dear', null, 'Server Error'],
    ])
    expect(run.state.onramp!.selectedProvider).toBe('cheap')
  })

  it('without providers for the namespace, no request: an empty list', async () => {
    const { deps, calls } = api(() => reply(quote('1')))
    const run = await runEffectAsync(quoteOnramp, {
      events: { marble: 'a', values: { a: onrampQuotesRequested({ ...key('100'), network: 'bip122:000000000019d6689c085ae165831e93' }, { requestId: 'q' }) } },
      state: stateAfter([onrampOptionsFetched({ paymentCurrencies: [usd], purchaseCurrencies: [usdc], providers: [providers[0]!, providers[2]!] })]),
      loop: true,
      deps,
    })
    expect(calls).toEqual([])
    expect(run.state.onramp!.quotes).toMatchObject({ status: 'loaded', items: [] })
    expect(run.state.onramp!.selectedProvider).toBeNull()
  })
})
