import { describe, expect, it } from 'vitest'
import type { BalanceParams, BlockchainApi } from '../../../../../src/core/apiPorts'
import type { TokenBalance } from '../../../../../src/core/domain/entities'
import { fetchTokenBalances } from '../../../../../src/core/effects/shared/fetchTokenBalances'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { sendConfirmed } from '../../../../../src/core/events/connection/send'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../../../../src/core/events/data/tokenBalances'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, noReply, reply, replyError, runEffect, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT } from '../fakes'

const caip = (address = ACCOUNT) => `eip155:1:${address}`
const connect = (address: string) =>
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const connected = stateAfter([connect(ACCOUNT)])
const eth: TokenBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 3000, value: 3000, quantity: { decimals: '18', numeric: '1' } }

function blockchain(answer: (params: BalanceParams, n: number) => Promise<TokenBalance[] | null>) {
  const calls: { params: BalanceParams; signal: AbortSignal | undefined }[] = []
  const api = {
    getBalance: (params: BalanceParams, options?: { signal?: AbortSignal }) => {
      calls.push({ params, signal: options?.signal })
      return answer(params, calls.length)
    },
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchTokenBalances', () => {
  it("fetches the connected account's balances from the blockchain data API", () => {
    const { deps, calls } = blockchain(() => reply([eth], 40))
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchTokenBalances, { state: connected, reduce: true, deps })).toBe('40ms b', { b: tokenBalancesFetched({ caipAddress: caip(), balances: [eth] }) })
    })
    expect(calls.map((c) => c.params)).toEqual([{ address: ACCOUNT, chainId: 'eip155:1', currency: 'usd' }])
  })

  it('a fresh result is kept on opening the modal; a confirmed send forces a new lookup', () => {
    const { deps, calls } = blockchain(() => reply([eth], 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '1s o 1s s', values: { o: modalOpenRequested({}), s: sendConfirmed({ hash: '0x1', blockNumber: '1' }) } }
      const out = runEffect(fetchTokenBalances, { events, state: connected, loop: true, deps })
      expectObservable(out).toBe('10ms b 2000ms b', { b: tokenBalancesFetched({ caipAddress: caip(), balances: [eth] }) })
    })
    expect(calls.map((c) => c.params.forceUpdate)).toEqual([undefined, true])
  })

  it("no answer from the API, or a failed lookup, is tokenBalances/failed ('Token Balance Unavailable')", () => {
    let n = 0
    const { deps } = blockchain(() => (++n === 1 ? reply(null, 10) : replyError(new GangwayError('Server Error'), 10)))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '100ms s', values: { s: sendConfirmed({ hash: '0x1', blockNumber: '1' }) } }
      const out = runEffect(fetchTokenBalances, { events, state: connected, loop: true, deps })
      expectObservable(out).toBe('10ms n 99ms f', {
        n: tokenBalancesFailed({ caipAddress: caip(), error: serializeError(new GangwayError('Token Balance Unavailable', { details: caip() })) }),
        f: tokenBalancesFailed({ caipAddress: caip(), error: serializeError(new GangwayError('Server Error'), 'Token Balance Unavailable') }),
      })
    })
  })

  it('another account before the answer: the older lookup is aborted and not reported', () => {
    const { deps, calls } = blockchain((params) => (params.address === ACCOUNT ? noReply() : reply([eth], 20)))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '10ms c', values: { c: connect(OTHER_ACCOUNT) } }
      expectObservable(runEffect(fetchTokenBalances, { events, state: connected, reduce: true, deps })).toBe('30ms b', {
        b: tokenBalancesFetched({ caipAddress: caip(OTHER_ACCOUNT), balances: [eth] }),
      })
    })
    expect(calls[0]!.signal?.aborted).toBe(true)
  })

  it('without the blockchain data API, or without an account, nothing is asked', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchTokenBalances, { state: connected, reduce: true })).toBe('')
      const { deps } = blockchain(() => reply([eth]))
      const events = { marble: 'o', values: { o: modalOpenRequested({}) } }
      expectObservable(runEffect(fetchTokenBalances, { events, state: stateAfter(), reduce: true, deps })).toBe('')
    })
  })

  describe('from the wallet (EIP-7811 asset discovery)', () => {
    const usdcAddress = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const assets = {
      '0x1': [
        { address: 'native', balance: '0x1bc16d674ec80000', type: 'NATIVE' },
        { address: usdcAddress, balance: '0xf4240', type: 'ERC20', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
      ],
    }
    const fromWallet: TokenBalance[] = [
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0, quantity: { decimals: '18', numeric: '2' } },
      { name: 'USD Coin', symbol: 'USDC', chainId: 'eip155:1', address: `eip155:1:${usdcAddress}`, price: 0, quantity: { decimals: '6', numeric: '1' } },
    ]
    /** A wallet provider answering `answers[method]` (a function of the params, in virtual time), with every request kept. */
    function withWallet(answers: Record<string, (params: unknown) => Promise<unknown>>, api = blockchain(() => reply([eth], 40))) {
      const requests: { method: string; params: unknown }[] = []
      const provider = {
        request: ({ method, params }: { method: string; params?: unknown }) => {
          requests.push({ method, params })
          const answer = answers[method]
          return answer ? answer(params) : Promise.reject(Object.assign(new Error('unsupported'), { code: 4200 }))
        },
      }
      const adapters = { eip155: { evm: { getProvider: async (id: string) => (id === 'a' ? provider : undefined) } } }
      return { deps: { ...api.deps, adapters } as never, requests, calls: api.calls }
    }
    const discovering = { wallet_getCapabilities: () => reply({ '0x1': { atomic: { status: 'ready' }, assetDiscovery: { supported: true } } }, 5), wallet_getAssets: () => reply(assets, 10) }

    it("takes the balances from wallet_getAssets when the wallet's capabilities say assetDiscovery, and asks the data API nothing", async () => {
      const { deps, requests, calls } = withWallet(discovering)
      const run = await runEffectAsync(fetchTokenBalances, { state: connected, reduce: true, deps, until: 5_000 })
      run.toBe('15ms b', { b: tokenBalancesFetched({ caipAddress: caip(), balances: fromWallet, source: 'wallet' }) })
      expect(requests).toEqual([
        { method: 'wallet_getCapabilities', params: [ACCOUNT, ['0x1']] },
        { method: 'wallet_getAssets', params: [{ account: ACCOUNT, chainFilter: ['0x1'] }] },
      ])
      expect(calls).toEqual([])
    })

    it('a wallet that discovers assets is asked its capabilities once: the next lookup asks for its assets at once', async () => {
      const { deps, requests } = withWallet(discovering)
      const events = { marble: '100ms s', values: { s: sendConfirmed({ hash: '0x1', blockNumber: '1' }) } }
      const run = await runEffectAsync(fetchTokenBalances, { events, state: connected, loop: true, deps, until: 5_000 })
      const fetched = tokenBalancesFetched({ caipAddress: caip(), balances: fromWallet, source: 'wallet' })
      run.toBe('15ms b 94ms b', { b: fetched })
      expect(requests.map((r) => r.method)).toEqual(['wallet_getCapabilities', 'wallet_getAssets', 'wallet_getAssets'])
    })

    it('a wallet without asset discovery (or not answering in 3 s) leaves the balances to the data API, and is not asked again for the account', async () => {
      const plain = withWallet({ wallet_getCapabilities: () => reply({ '0x1': { atomic: { status: 'ready' } } }, 5) })
      const events = { marble: '100ms s', values: { s: sendConfirmed({ hash: '0x1', blockNumber: '1' }) } }
      const run = await runEffectAsync(fetchTokenBalances, { events, state: connected, loop: true, deps: plain.deps, until: 5_000 })
      run.toBe('45ms b 94ms b', { b: tokenBalancesFetched({ caipAddress: caip(), balances: [eth] }) })
      expect(plain.requests.map((r) => r.method)).toEqual(['wallet_getCapabilities'])
      expect(plain.calls).toHaveLength(2)
      const silent = withWallet({ wallet_getCapabilities: () => noReply() })
      const late = await runEffectAsync(fetchTokenBalances, { state: connected, reduce: true, deps: silent.deps, until: 5_000 })
      late.toBe('3040ms b', { b: tokenBalancesFetched({ caipAddress: caip(), balances: [eth] }) })
    })

    it('a failed or malformed wallet_getAssets answer falls back to the data API this time', async () => {
      for (const answer of [() => replyError(new Error('boom'), 10), () => reply(['not', 'assets'], 10)]) {
        const { deps, calls } = withWallet({ ...discovering, wallet_getAssets: answer })
        const run = await runEffectAsync(fetchTokenBalances, { state: connected, reduce: true, deps, until: 5_000 })
        run.toBe('55ms b', { b: tokenBalancesFetched({ caipAddress: caip(), balances: [eth] }) })
        expect(calls).toHaveLength(1)
      }
    })
  })
})
