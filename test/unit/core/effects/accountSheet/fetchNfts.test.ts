import { describe, expect, it } from 'vitest'
import type { BlockchainApi } from '../../../../../src/core/apiPorts'
import type { NftItem } from '../../../../../src/core/domain/entities'
import { fetchNfts } from '../../../../../src/core/effects/accountSheet/fetchNfts'
import { nftsFetched, nftsRequested } from '../../../../../src/core/events/accountSheet/activity'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
const pass: NftItem = { chainId: 'eip155:1', contract: '0x1', tokenId: '1', name: 'Gangway Pass #1', collection: 'Gangway Pass', spam: false }

function blockchain(answer: () => Promise<NftItem[]>) {
  const calls: unknown[] = []
  const api = { getNfts: (params: unknown) => (calls.push(params), answer()) } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchNfts', () => {
  it("fetches the account's NFTs on this network", () => {
    const { deps, calls } = blockchain(() => reply([pass], 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r', values: { r: nftsRequested({ caipAddress: CAIP }, { requestId: 'n1' }) } }
      expectObservable(runEffect(fetchNfts, { events, state: connected, reduce: true, deps })).toBe('10ms f', { f: nftsFetched({ caipAddress: CAIP, nfts: [pass] }, { requestId: 'n1' }) })
    })
    expect(calls).toEqual([{ address: ACCOUNT, chainId: 'eip155:1' }])
  })

  it('a failure keeps the reason; a request while one is loading is not run again', () => {
    const { deps, calls } = blockchain(() => replyError(new GangwayError('Server Error', { details: 'HTTP 500' }), 10))
    const out: unknown[] = []
    new EffectScheduler().run(() => {
      const events = { marble: 'r 4ms s', values: { r: nftsRequested({ caipAddress: CAIP }, { requestId: 'n1' }), s: nftsRequested({ caipAddress: CAIP }, { requestId: 'n2' }) } }
      runEffect(fetchNfts, { events, state: connected, loop: true, deps }).subscribe((e) => out.push(e))
    })
    expect(calls).toHaveLength(1)
    expect(out).toMatchObject([{ type: 'nfts/failed', payload: { error: { shortMessage: 'Server Error', details: 'HTTP 500' } }, requestId: 'n1' }])
  })

  it("fetches a Solana account's NFTs on its cluster; a namespace without NFTs fails without a request", () => {
    const owner = '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg'
    const cluster = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const caip = `${cluster}:${owner}`
    const solana = stateAfter([connectionSucceeded({ connectorId: 's', namespace: 'solana', accounts: [{ address: owner, type: 'eoa' }], caipNetworkId: cluster })])
    const item: NftItem = { chainId: cluster, contract: '9iwsPKzDCdR1zZzwxEgVJBeXKaqc5raN6UFCzoEiGBTL', tokenId: '1', name: 'Pass', collection: 'Pass', spam: false }
    const { deps, calls } = blockchain(() => reply([item], 10))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r', values: { r: nftsRequested({ caipAddress: caip }, { requestId: 'n1' }) } }
      expectObservable(runEffect(fetchNfts, { events, state: solana, reduce: true, deps })).toBe('10ms f', { f: nftsFetched({ caipAddress: caip, nfts: [item] }, { requestId: 'n1' }) })
    })
    expect(calls).toEqual([{ address: owner, chainId: cluster }])

    const btc = 'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    const out: unknown[] = []
    new EffectScheduler().run(() => {
      const events = { marble: 'r', values: { r: nftsRequested({ caipAddress: btc }, { requestId: 'n2' }) } }
      runEffect(fetchNfts, { events, state: connected, reduce: true, deps }).subscribe((e) => out.push(e))
    })
    expect(calls).toHaveLength(1)
    expect(out).toMatchObject([{ type: 'nfts/failed', payload: { caipAddress: btc, error: { details: `NFTs are not available for ${btc}` } } }])
  })
})
