import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { fetchSwapTokens } from '../../../../../src/core/effects/swaps/fetchSwapTokens'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { swapTokensRequested } from '../../../../../src/core/events/swaps/swap'
import { GangwayError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const USDC = 'eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const token = (address: string, symbol: string, decimals: number) => ({ address, symbol, name: symbol, decimals, logoUri: `https://x/${symbol}.svg`, price: 1, quantity: { decimals: String(decimals), numeric: '0' }, value: 0 })

function api(overrides: Partial<BlockchainApi>) {
  const calls: string[] = []
  const blockchain = {
    getSwapTokens: (p: { chainId: string }) => (calls.push(`tokens ${p.chainId}`), overrides.getSwapTokens!(p)),
    getGasPrice: (p: { chainId: string }) => (calls.push(`gas ${p.chainId}`), overrides.getGasPrice!(p)),
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchSwapTokens', () => {
  it('fetches the token list and the gas price together; the native token is sold for the first other one by default', async () => {
    const { deps, calls } = api({
      getSwapTokens: () => reply([token(NATIVE, 'ETH', 18), token(USDC, 'USDC', 6), { address: 'nonsense', decimals: 6 } as never], 5),
      getGasPrice: () => reply({ standard: '1000000000', fast: '2000000000', instant: '3000000000' }, 5),
    })
    const run = await runEffectAsync(fetchSwapTokens, { events: { marble: 'r', values: { r: swapTokensRequested({ chainId: 'eip155:1' }, { requestId: 'q' }) } }, state: connected, loop: true, deps })
    expect(calls.sort()).toEqual(['gas eip155:1', 'tokens eip155:1'])
    expect(run.state.swap!.tokens).toMatchObject({ status: 'loaded' })
    // The malformed entry is left out.
    expect(run.state.swap!.tokens!.items.map((t) => t.symbol)).toEqual(['ETH', 'USDC'])
    expect(run.state.swap!.from).toBe(NATIVE)
    expect(run.state.swap!.to).toBe(USDC)
    expect(run.state.swap!.gasPrice).toEqual({ status: 'loaded', standard: '1000000000', error: null })
  })

  it("a network outside the swap chains fails at once with 'Network not supported for Swaps', asking nothing", async () => {
    const { deps, calls } = api({ getSwapTokens: () => reply([]), getGasPrice: () => reply({ standard: '1', fast: '1', instant: '1' }) })
    const run = await runEffectAsync(fetchSwapTokens, {
      events: { marble: 'r', values: { r: swapTokensRequested({ chainId: 'eip155:31337' }, { requestId: 'q' }) } },
      state: connected,
      loop: true,
      deps,
    })
    expect(calls).toEqual([])
    expect(run.state.swap!.tokens).toMatchObject({ status: 'failed', error: { shortMessage: 'Network not supported for Swaps' } })
  })

  it("a configured chain the API lists nothing for is not supported; a failed gas price says 'Network not supported for Gas Price'", async () => {
    const { deps } = api({
      getSwapTokens: () => reply([], 5),
      getGasPrice: () => replyError(new GangwayError('Network not supported for Gas Price'), 5),
    })
    const state = stateAfter(
      [connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })],
      { settings: { swapChains: ['eip155:7'] } },
    )
    const run = await runEffectAsync(fetchSwapTokens, { events: { marble: 'r', values: { r: swapTokensRequested({ chainId: 'eip155:7' }, { requestId: 'q' }) } }, state, loop: true, deps })
    expect(run.state.swap!.tokens).toMatchObject({ status: 'failed', error: { shortMessage: 'Network not supported for Swaps' } })
    expect(run.state.swap!.gasPrice).toMatchObject({ status: 'failed', error: { shortMessage: 'Network not supported for Gas Price' } })
  })
})
