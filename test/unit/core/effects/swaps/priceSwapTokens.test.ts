import { describe, expect, it } from 'vitest'
import type { BlockchainApi, FungiblePrice } from '../../../../../src/core/apiPorts'
import { priceSwapTokens } from '../../../../../src/core/effects/swaps/priceSwapTokens'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { swapTokenSelected, swapTokensFetched, swapTokensRequested, type SwapTokenInfo } from '../../../../../src/core/events/swaps/swap'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const DAI = 'eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f'
const token = (address: string, symbol: string, price: number): SwapTokenInfo => ({ address, symbol, name: symbol, decimals: 18, logoUri: '', price })
const TOKENS = [token(NATIVE, 'ETH', 2500), token(USDC, 'USDC', 0), token(DAI, 'DAI', 0.9)]
const opened = stateAfter([
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
  swapTokensRequested({ chainId: 'eip155:1' }, { requestId: 't' }),
])

function prices(answer: (addresses: string[]) => Promise<FungiblePrice[]>) {
  const calls: string[][] = []
  const blockchain = {
    getFungiblePrices: ({ addresses }: { addresses: string[] }) => (calls.push([...addresses]), answer(addresses)),
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain, directory: null, loadConfiguration: null } }, calls }
}
const live: Record<string, number> = { [NATIVE]: 3000, [USDC]: 1, [DAI]: 1.001 }
const answerLive = (addresses: string[]) => reply(addresses.map((address) => ({ name: '', symbol: '', iconUrl: '', price: live[address]!, address })), 5)

describe('priceSwapTokens', () => {
  it('prices the pair and the native token by POST /v1/fungible/price when the list arrives and when the pair changes, over the list\'s prices', async () => {
    const { deps, calls } = prices(answerLive)
    const run = await runEffectAsync(priceSwapTokens, {
      events: {
        marble: 'f 99ms s',
        values: { f: swapTokensFetched({ chainId: 'eip155:1', tokens: TOKENS }, { requestId: 't' }), s: swapTokenSelected({ side: 'to', address: DAI }) },
      },
      state: opened,
      loop: true,
      deps,
    })
    expect(calls).toEqual([[NATIVE, USDC].sort(), [DAI, NATIVE].sort()])
    expect(run.state.swap!.tokens!.items.map((t) => [t.symbol, t.price])).toEqual([['ETH', 3000], ['USDC', 1], ['DAI', 1.001]])
  })

  it('a failed lookup keeps the list\'s prices; without the data API nothing is asked', async () => {
    const failing = prices(() => replyError(new GangwayError('Server Error'), 5))
    const events = { marble: 'f', values: { f: swapTokensFetched({ chainId: 'eip155:1', tokens: TOKENS }, { requestId: 't' }) } }
    const run = await runEffectAsync(priceSwapTokens, { events, state: opened, loop: true, deps: failing.deps })
    expect(failing.calls).toHaveLength(1)
    expect(run.state.swap!.tokens!.items.map((t) => t.price)).toEqual([2500, 0, 0.9])
    const none = await runEffectAsync(priceSwapTokens, { events, state: opened, loop: true })
    expect(none.state.swap!.tokens!.items.map((t) => t.price)).toEqual([2500, 0, 0.9])
  })
})
