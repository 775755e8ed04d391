import { describe, expect, it } from 'vitest'
import type { BlockchainApi, Identity } from '../../../../../src/core/apiPorts'
import { fetchIdentity } from '../../../../../src/core/effects/accountSheet/fetchIdentity'
import { identityFetched } from '../../../../../src/core/events/accountSheet/activity'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { GangwayError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT } from '../fakes'

const connect = (namespace: 'eip155' | 'solana', address: string, caipNetworkId: string) =>
  connectionSucceeded({ connectorId: 'a', namespace, accounts: [{ address, type: 'eoa' }], caipNetworkId })
const connected = stateAfter([connect('eip155', ACCOUNT, 'eip155:1')])

function blockchain(answer: (n: number) => Promise<Identity>) {
  const calls: { address: string }[] = []
  const api = {
    getIdentity: (params: { address: string }) => {
      calls.push(params)
      return answer(calls.length)
    },
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls }
}

describe('fetchIdentity', () => {
  it("looks up the connected EVM account's name and avatar; a fresh one is kept when the modal opens", () => {
    const { deps, calls } = blockchain(() => reply({ name: 'ada.eth', avatar: 'https://example.com/a.png' }, 20))
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '1s o', values: { o: modalOpenRequested({}) } }
      expectObservable(runEffect(fetchIdentity, { events, state: connected, loop: true, deps })).toBe('20ms i', {
        i: identityFetched({ address: ACCOUNT, name: 'ada.eth', avatar: 'https://example.com/a.png' }),
      })
    })
    expect(calls).toEqual([{ address: ACCOUNT }])
  })

  it('a failed lookup changes nothing; a Solana account has no name service', () => {
    const { deps } = blockchain(() => replyError(new GangwayError('Server Error'), 5))
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: connected, loop: true, deps })).toBe('')
    })
    const { deps: solanaDeps, calls } = blockchain(() => reply({ name: null, avatar: null }, 5))
    const network = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      name: 'Solana',
      chainNamespace: 'solana' as const,
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
    }
    const solana = stateAfter([connect('solana', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', network.caipNetworkId)], { settings: { adapters: ['solana'], networks: [network] } })
    expect(solana.connection.activeNamespace).toBe('solana')
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: solana, loop: true, deps: solanaDeps })).toBe('')
    })
    expect(calls).toEqual([])
  })
})
