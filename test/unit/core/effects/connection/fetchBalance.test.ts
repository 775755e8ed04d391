import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import { fetchBalance } from '../../../../../src/core/effects/connection/fetchBalance'
import { balanceFailed, balanceFetched, balanceRefreshRequested } from '../../../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { sendConfirmed } from '../../../../../src/core/events/connection/send'
import { tokenBalancesFailed } from '../../../../../src/core/events/data/tokenBalances'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT, fakeAdapter } from '../fakes'

const ONE_ETH = '1000000000000000000'
const caip = (address = ACCOUNT, chain = 'eip155:1') => `${chain}:${address}`
const connect = (address: string) =>
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const connected = stateAfter([connect(ACCOUNT)])
const fetched = (balance: string, caipAddress = caip()) => balanceFetched({ caipAddress, balance, symbol: 'ETH' })

describe('fetchBalance', () => {
  it("fetches the connected account's native balance over the RPC, in whole units", () => {
    const { adapter, calls } = fakeAdapter({ getBalance: () => reply(ONE_ETH, 30) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchBalance, { state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })).toBe('30ms b', { b: fetched('1') })
    })
    expect(calls.map((c) => c[2])).toEqual([ACCOUNT])
  })

  it('a balance younger than 30 s is not fetched again unless forced (a forced refresh, a confirmed send)', () => {
    const { adapter, calls } = fakeAdapter({ getBalance: () => reply(ONE_ETH, 10) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: '1s r 1s x 1s s',
        values: { r: balanceRefreshRequested({}), x: balanceRefreshRequested({ force: true }), s: sendConfirmed({ hash: '0x1', blockNumber: '1' }) },
      }
      const out = runEffect(fetchBalance, { events, state: connected, loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('10ms b 2000ms b 1000ms b', { b: fetched('1') })
    })
    expect(calls).toHaveLength(3)
  })

  it("a failed lookup is balance/failed ('Token Balance Unavailable' when it says nothing), and a forced retry still fetches", () => {
    let n = 0
    const { adapter } = fakeAdapter({ getBalance: () => (++n === 1 ? replyError(new Error('timeout'), 10) : reply(ONE_ETH, 10)) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '100ms x', values: { x: balanceRefreshRequested({ force: true }) } }
      const out = runEffect(fetchBalance, { events, state: connected, loop: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('10ms f 99ms b', { f: balanceFailed({ caipAddress: caip(), error: serializeError(new Error('timeout'), 'Token Balance Unavailable') }), b: fetched('1') })
    })
  })

  it('another account before the answer: the older lookup is dropped', () => {
    const { adapter } = fakeAdapter({ getBalance: (_n, address) => reply(address === ACCOUNT ? ONE_ETH : '2000000000000000000', 50) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '10ms c', values: { c: connect(OTHER_ACCOUNT) } }
      const out = runEffect(fetchBalance, { events, state: connected, reduce: true, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('60ms b', { b: fetched('2', caip(OTHER_ACCOUNT)) })
    })
  })

  it('where the blockchain data API serves balances, the RPC is asked only after the API failed for this account', () => {
    const { adapter, calls } = fakeAdapter({ getBalance: () => reply(ONE_ETH, 10) })
    const api = { api: { blockchain: {} as BlockchainApi, directory: null, loadConfiguration: null } }
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: '100ms o 99ms t',
        values: {
          o: tokenBalancesFailed({ caipAddress: caip(OTHER_ACCOUNT), error: serializeError(new GangwayError('Token Balance Unavailable')) }),
          t: tokenBalancesFailed({ caipAddress: caip(), error: serializeError(new GangwayError('Token Balance Unavailable')) }),
        },
      }
      const out = runEffect(fetchBalance, { events, state: connected, reduce: true, deps: { adapters: { eip155: adapter }, ...api } })
      expectObservable(out).toBe('210ms b', { b: fetched('1') })
    })
    expect(calls).toHaveLength(1)
  })
})
