import { describe, expect, it } from 'vitest'
import type { BalanceParams, BlockchainApi } from '../../../../../src/core/apiPorts'
import type { TokenBalance } from '../../../../../src/core/domain/entities'
import { fetchTokenBalances } from '../../../../../src/core/effects/shared/fetchTokenBalances'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { sendConfirmed } from '../../../../../src/core/events/connection/send'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../../../../src/core/events/data/tokenBalances'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, noReply, reply, replyError, runEffect } from '../../../../support/runEffect'
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
})
