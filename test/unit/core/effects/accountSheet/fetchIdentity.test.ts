import { describe, expect, it } from 'vitest'
import type { BlockchainApi, Identity, NameProfile } from '../../../../../src/core/apiPorts'
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

const NOBODY = (): Promise<NameProfile[]> => reply([], 10)

function blockchain(answer: (n: number) => Promise<Identity>, names: (n: number) => Promise<NameProfile[]> = NOBODY) {
  const calls: { address: string }[] = []
  const reverse: { address: string }[] = []
  const api = {
    getIdentity: (params: { address: string }) => {
      calls.push(params)
      return answer(calls.length)
    },
    reverseLookupNames: (params: { address: string }) => {
      reverse.push(params)
      return names(reverse.length)
    },
  } as unknown as BlockchainApi
  return { deps: { api: { blockchain: api, directory: null, loadConfiguration: null } }, calls, reverse }
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

  it('shows the name registered for the account (the name API\'s reverse lookup) with its avatar record when the identity has no name', () => {
    const avatar = 'https://example.com/ada.png'
    const registered = (): Promise<NameProfile[]> =>
      reply<NameProfile[]>([{ name: 'ada.gangway', addresses: {}, attributes: [{ bio: 'hi' }, { avatar }] }, { name: 'ada2.gangway', addresses: {} }], 30)
    const { deps, reverse } = blockchain(() => reply({ name: null, avatar: null }, 20), registered)
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: connected, loop: true, deps })).toBe('30ms i', {
        i: identityFetched({ address: ACCOUNT, name: 'ada.gangway', avatar }),
      })
    })
    expect(reverse).toEqual([{ address: ACCOUNT }])
    // The identity's own name wins; the identity failing leaves the registered name.
    const both = blockchain(() => reply({ name: 'ada.eth', avatar: null }, 5), registered)
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: connected, loop: true, deps: both.deps })).toBe('30ms i', {
        i: identityFetched({ address: ACCOUNT, name: 'ada.eth', avatar: null }),
      })
    })
    const down = blockchain(() => replyError(new GangwayError('Server Error'), 5), registered)
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: connected, loop: true, deps: down.deps })).toBe('30ms i', {
        i: identityFetched({ address: ACCOUNT, name: 'ada.gangway', avatar }),
      })
    })
    // An avatar record that is not a web URL is no avatar.
    const odd = blockchain(() => reply({ name: null, avatar: null }, 5), () => reply([{ name: 'ada.gangway', addresses: {}, attributes: { avatar: 'javascript:alert(1)' } }], 5))
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: connected, loop: true, deps: odd.deps })).toBe('5ms i', {
        i: identityFetched({ address: ACCOUNT, name: 'ada.gangway', avatar: null }),
      })
    })
  })

  it('both lookups failing change nothing; a Solana account has no name service', () => {
    const { deps } = blockchain(
      () => replyError(new GangwayError('Server Error'), 5),
      () => replyError(new GangwayError('Error fetching names for address'), 5),
    )
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(fetchIdentity, { state: connected, loop: true, deps })).toBe('')
    })
    const { deps: solanaDeps, calls, reverse } = blockchain(() => reply({ name: null, avatar: null }, 5))
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
    expect(reverse).toEqual([])
  })
})
