import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { fetchPayExchanges } from '../../../../../src/core/effects/pay/fetchPayExchanges'
import { ApiRequestError } from '../../../../../src/core/errors/api'
import { serializeError } from '../../../../../src/core/errors/base'
import { payExchangesFailed, payExchangesFetched, payExchangesRequested } from '../../../../../src/core/events/pay/pay'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { EXCHANGES, GUSD, reviewing } from './payFakes'

const ask = (requestId = 'x') => payExchangesRequested({}, { requestId })
const apiWith = (getPayExchanges?: BlockchainApi['getPayExchanges']) => ({
  api: { blockchain: (getPayExchanges ? { getPayExchanges } : {}) as BlockchainApi, directory: null, loadConfiguration: null },
})

describe('fetchPayExchanges', () => {
  it("asks the API for the exchanges that pay the payment's asset on its network, with no wallet connected", async () => {
    const calls: unknown[] = []
    const run = await runEffectAsync(fetchPayExchanges, {
      events: { marble: 'a', values: { a: ask() } },
      state: reviewing([]),
      loop: true,
      deps: apiWith((params) => (calls.push(params), reply(EXCHANGES, 30))),
    })
    run.toBe('30ms f', { f: payExchangesFetched({ exchanges: EXCHANGES }, { requestId: 'x' }) })
    expect(calls).toEqual([{ network: 'eip155:1', asset: 'native' }])
    expect(run.state.pay!.payment!.exchanges).toEqual({ status: 'loaded', requestId: 'x', items: EXCHANGES })
  })

  it('names a token by its CAIP-19 id on the network', async () => {
    const calls: unknown[] = []
    await runEffectAsync(fetchPayExchanges, {
      events: { marble: 'a', values: { a: ask() } },
      state: reviewing([], { asset: GUSD, amount: '3' }),
      loop: true,
      deps: apiWith((params) => (calls.push(params), reply([]))),
    })
    expect(calls).toEqual([{ network: 'eip155:1', asset: `eip155:1/erc20:${GUSD.address}` }])
  })

  it('offers none without the API (or one without exchanges); a failed listing says why', async () => {
    for (const deps of [{}, apiWith()]) {
      const run = await runEffectAsync(fetchPayExchanges, { events: { marble: 'a', values: { a: ask() } }, state: reviewing([]), loop: true, deps })
      run.toBe('f', { f: payExchangesFetched({ exchanges: [] }, { requestId: 'x' }) })
    }
    const down = new ApiRequestError('Server Error', { status: 502, details: 'answered HTTP 502' })
    const failed = await runEffectAsync(fetchPayExchanges, { events: { marble: 'a', values: { a: ask() } }, state: reviewing([]), loop: true, deps: apiWith(() => replyError(down, 5)) })
    failed.toBe('5ms f', { f: payExchangesFailed({ error: serializeError(down) }, { requestId: 'x' }) })
    expect(failed.state.pay!.payment!.exchanges).toMatchObject({ status: 'failed', error: { shortMessage: 'Server Error' } })
  })

  it('asks nothing for a listing the payment did not take (no payment, one already listed)', async () => {
    const calls: unknown[] = []
    const deps = apiWith(() => (calls.push(1), reply(EXCHANGES)))
    const listed = await runEffectAsync(fetchPayExchanges, { events: { marble: 'a', values: { a: ask() } }, state: reviewing([]), loop: true, deps })
    const again = await runEffectAsync(fetchPayExchanges, { events: { marble: 'a', values: { a: ask('y') } }, state: listed.state, loop: true, deps })
    expect(again.messages).toEqual([])
    expect(calls).toEqual([1])
  })
})
