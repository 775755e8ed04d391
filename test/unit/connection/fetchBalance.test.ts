import { describe, expect, it } from 'vitest'
import { balanceRefreshRequested } from '../../../src/core/events/connection/balance'
import { selectBalance } from '../../../src/core/selectors'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { NETWORKS } from './support'
import type { BlockchainApi } from '../../../src/core/apiPorts'
import { selectAccountBalance } from '../../../src/core/reducers/data/dataSelectors'

const A = '0x00000000000000000000000000000000000000A1'

async function setup() {
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS })
  const c = t.modal.connect('a')
  fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1' })
  await c
  return { ...t, fake }
}
const balanceCalls = (fake: ReturnType<typeof createFakeChainAdapter>) => fake.calls().filter((c) => c.method === 'getBalance')

describe('fetchBalance', () => {
  it('fetches the native balance of the active account over the network, in whole units with the symbol', async () => {
    const { modal, fake } = await setup()
    expect(balanceCalls(fake)).toEqual([{ method: 'getBalance', args: ['eip155:1', A] }])
    fake.answer('getBalance', '1234567890000000000')
    await settle()
    expect(selectBalance(modal.getState())).toMatchObject({ balance: '1.23456789', symbol: 'ETH' })
  })

  it('keeps a balance 30 s: a refresh within that asks nothing, after it (or forced) asks again', async () => {
    const { modal, fake, time } = await setup()
    fake.answer('getBalance', '1')
    await settle()
    await time.advanceBy(29_999)
    modal.dispatch(balanceRefreshRequested({}))
    expect(balanceCalls(fake)).toHaveLength(1)
    await time.advanceBy(1)
    modal.dispatch(balanceRefreshRequested({}))
    expect(balanceCalls(fake)).toHaveLength(2)
    fake.answer('getBalance', '2')
    await settle()
    modal.refreshBalance(true)
    expect(balanceCalls(fake)).toHaveLength(3)
  })

  it('a failed lookup leaves the balance unknown (null), not zero', async () => {
    const { modal, fake } = await setup()
    fake.fail('getBalance', new Error('node down'))
    await settle()
    expect(selectBalance(modal.getState())).toMatchObject({ balance: null })
  })

  it('another network means another balance', async () => {
    const { modal, fake } = await setup()
    fake.answer('getBalance', '1')
    const switching = modal.switchNetwork('eip155:2')
    fake.answer('switchNetwork', undefined)
    await switching
    expect(balanceCalls(fake).at(-1)).toEqual({ method: 'getBalance', args: ['eip155:2', A] })
  })
})

describe('fetchBalance beside the blockchain data API', () => {
  const nativeBalance = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1.0' }, iconUrl: '' }
  async function withApi(answer: unknown) {
    const fake = createFakeChainAdapter()
    const apiCalls: unknown[] = []
    const blockchainApi = { getBalance: async (query: unknown) => (apiCalls.push(query), answer) } as unknown as BlockchainApi
    const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, blockchainApi })
    const c = t.modal.connect('a')
    fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1' })
    await c
    await settle()
    return { ...t, fake, apiCalls }
  }

  it('asks only the API when it answers with the native balance', async () => {
    const { fake, apiCalls } = await withApi([nativeBalance])
    expect(apiCalls).toHaveLength(1)
    expect(balanceCalls(fake)).toEqual([])
  })

  it('falls back to the RPC when the API fails or has no native balance for the network', async () => {
    for (const answer of [null, []]) {
      const { modal, fake, apiCalls } = await withApi(answer)
      expect(apiCalls).toHaveLength(1)
      expect(balanceCalls(fake)).toEqual([{ method: 'getBalance', args: ['eip155:1', A] }])
      fake.answer('getBalance', '2000000000000000000')
      await settle()
      expect(selectAccountBalance(modal.getState())).toMatchObject({ balance: '2', source: 'rpc' })
    }
  })
})
