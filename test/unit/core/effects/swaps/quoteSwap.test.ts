import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { quoteSwap } from '../../../../../src/core/effects/swaps/quoteSwap'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { swapQuoteRequested } from '../../../../../src/core/events/swaps/swap'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
const pair = { from: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', to: 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }

function quotes(answer: () => Promise<unknown[]>) {
  const calls: unknown[] = []
  const blockchain = { getSwapQuotes: (p: unknown) => (calls.push(p), answer()) } as unknown as BlockchainApi
  return { deps: { api: { blockchain, directory: null, loadConfiguration: null } }, calls }
}

describe('quoteSwap', () => {
  it('asks once typing has paused for 300 ms: only the latest amount is quoted, with the account as the user', async () => {
    const { deps, calls } = quotes(() => reply([{ fromAmount: '2', fromAccount: pair.from, toAmount: '5900', toAccount: pair.to, priceImpact: 0.4 }], 5))
    const run = await runEffectAsync(quoteSwap, {
      events: {
        marble: 'a 99ms b',
        values: { a: swapQuoteRequested({ ...pair, amount: '1' }, { requestId: 'q1' }), b: swapQuoteRequested({ ...pair, amount: '2' }, { requestId: 'q2' }) },
      },
      state: connected,
      loop: true,
      deps,
    })
    expect(calls).toEqual([{ amount: '2', userAddress: `eip155:1:${ACCOUNT}`, from: pair.from, to: pair.to, gasPrice: '0' }])
    expect(run.state.swap!.quote).toMatchObject({ amount: '2', status: 'loaded', toAmount: '5900', priceImpact: 0.4 })
  })

  it("carries the route when the API names the pools' tokens, none otherwise", async () => {
    const path = [pair.from, 'eip155:1:0x00000000000000000000000000000000000000cc', pair.to]
    const routed = quotes(() => reply([{ fromAmount: '1', fromAccount: pair.from, toAmount: '5', toAccount: pair.to, path }], 5))
    const a = await runEffectAsync(quoteSwap, { events: { marble: 'a', values: { a: swapQuoteRequested({ ...pair, amount: '1' }, { requestId: 'q' }) } }, state: connected, loop: true, deps: routed.deps })
    expect(a.log.find((e) => e.type === 'swap/quoteFetched')?.payload).toMatchObject({ route: path })
    expect(a.state.swap!.quote).toMatchObject({ status: 'loaded', route: path, priceImpact: null })
    const odd = quotes(() => reply([{ fromAmount: '1', fromAccount: pair.from, toAmount: '5', toAccount: pair.to, path: [7] }], 5))
    const b = await runEffectAsync(quoteSwap, { events: { marble: 'a', values: { a: swapQuoteRequested({ ...pair, amount: '1' }, { requestId: 'q' }) } }, state: connected, loop: true, deps: odd.deps })
    expect(b.log.find((e) => e.type === 'swap/quoteFetched')?.payload).not.toHaveProperty('route')
    expect(b.state.swap!.quote).toMatchObject({ status: 'loaded', route: null })
  })

  it('a failure or an empty answer fails the quote with its message', async () => {
    const failing = quotes(() => replyError(new GangwayError('Rate Limited'), 5))
    const a = await runEffectAsync(quoteSwap, { events: { marble: 'a', values: { a: swapQuoteRequested({ ...pair, amount: '1' }, { requestId: 'q' }) } }, state: connected, loop: true, deps: failing.deps })
    expect(a.state.swap!.quote).toMatchObject({ status: 'failed', toAmount: null, error: { shortMessage: 'Rate Limited' } })
    const empty = quotes(() => reply([], 5))
    const b = await runEffectAsync(quoteSwap, { events: { marble: 'a', values: { a: swapQuoteRequested({ ...pair, amount: '1' }, { requestId: 'q' }) } }, state: connected, loop: true, deps: empty.deps })
    expect(b.state.swap!.quote).toMatchObject({ status: 'failed', error: { shortMessage: 'Network not supported for Swaps' } })
  })
})
