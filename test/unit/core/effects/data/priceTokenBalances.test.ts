import { describe, expect, it } from 'vitest'
import type { BlockchainApi, FungiblePrice } from '../../../../../src/core/apiPorts'
import type { TokenBalance } from '../../../../../src/core/domain/entities'
import { priceTokenBalances } from '../../../../../src/core/effects/data/priceTokenBalances'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { tokenBalancesFetched, tokenPricesFetched } from '../../../../../src/core/events/data/tokenBalances'
import { GangwayError } from '../../../../../src/core/errors/base'
import { selectAccountBalance, selectSendableTokens } from '../../../../../src/core/reducers/data/dataSelectors'
import { rootReducer } from '../../../../../src/core/reducers/rootReducer'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const caipAddress = `eip155:1:${ACCOUNT}`
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const NATIVE_ID = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' } }
const usdc: TokenBalance = { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: `eip155:1:${USDC}`, price: 0, quantity: { decimals: '6', numeric: '12.5' } }
const gusd: TokenBalance = { name: 'Gangway USD', symbol: 'GUSD', chainId: 'eip155:1', address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3', price: 1.01, value: 1.01, quantity: { decimals: '18', numeric: '1' } }
const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])

function blockchain(answer: () => Promise<FungiblePrice[]>) {
  const calls: unknown[] = []
  const api = {
    getFungiblePrices: (params: unknown) => {
      calls.push(params)
      return answer()
    },
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

describe('priceTokenBalances', () => {
  it('prices what the wallet listed without a price, by POST /v1/fungible/price, each price matched by the id it was asked by', () => {
    const { deps, calls } = blockchain(() =>
      reply([
        { name: 'USD Coin', symbol: 'USDC', iconUrl: '', price: 1, address: `eip155:1:${USDC}` },
        { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 2000, address: NATIVE_ID },
      ], 30),
    )
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'w', values: { w: tokenBalancesFetched({ caipAddress, balances: [eth, usdc, gusd], source: 'wallet' }) } }
      expectObservable(runEffect(priceTokenBalances, { events, state: connected, deps })).toBe('30ms p', {
        p: tokenPricesFetched({ caipAddress, prices: [{ address: `eip155:1:${USDC}`, price: 1 }, { address: NATIVE_ID, price: 2000 }] }),
      })
    })
    // The token the wallet priced itself is not asked for.
    expect(calls).toEqual([{ addresses: [NATIVE_ID, `eip155:1:${USDC}`], currency: 'usd' }])
  })

  it('matches by symbol when the API does not name the id; asks nothing for the data API\'s own balances; a failure prices nothing', () => {
    const bySymbol = blockchain(() => reply([{ name: 'Ether', symbol: 'ETH', iconUrl: '', price: 2000 }], 5))
    const down = blockchain(() => replyError(new GangwayError('Server Error'), 5))
    new EffectScheduler().run(({ expectObservable }) => {
      const wallet = { marble: 'w', values: { w: tokenBalancesFetched({ caipAddress, balances: [eth], source: 'wallet' }) } }
      expectObservable(runEffect(priceTokenBalances, { events: wallet, state: connected, deps: bySymbol.deps })).toBe('5ms p', {
        p: tokenPricesFetched({ caipAddress, prices: [{ address: NATIVE_ID, price: 2000 }] }),
      })
      const api = { marble: 'a', values: { a: tokenBalancesFetched({ caipAddress, balances: [eth] }) } }
      expectObservable(runEffect(priceTokenBalances, { events: api, state: connected, deps: bySymbol.deps })).toBe('')
      expectObservable(runEffect(priceTokenBalances, { events: wallet, state: connected, deps: down.deps })).toBe('')
    })
    expect(bySymbol.calls).toHaveLength(1)
  })

  it('the prices give the wallet\'s balances their worth: Account\'s balance in dollars and Send\'s prices', () => {
    let state = rootReducer(connected, { ...tokenBalancesFetched({ caipAddress, balances: [eth, usdc, gusd], source: 'wallet' }), seq: 1, at: 1 })
    expect(selectAccountBalance(state)).toEqual({ balance: '2', symbol: 'ETH', usdValue: null, source: 'wallet' })
    state = rootReducer(state, { ...tokenPricesFetched({ caipAddress, prices: [{ address: NATIVE_ID, price: 2000 }, { address: `eip155:1:${USDC.toLowerCase()}`, price: 1 }, { address: gusd.address!, price: 5 }] }), seq: 2, at: 2 })
    expect(selectAccountBalance(state)).toEqual({ balance: '2', symbol: 'ETH', usdValue: 4000, source: 'wallet' })
    expect(selectSendableTokens(state).map((t) => [t.token.symbol, t.usdPrice])).toEqual([['ETH', 2000], ['USDC', 1], ['GUSD', 1.01]])
    expect(state.tokenBalances.byAccount[caipAddress]!.balances!.find((b) => b.symbol === 'USDC')!.value).toBe(12.5)
  })
})
