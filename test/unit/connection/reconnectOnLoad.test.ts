import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { NETWORKS } from './support'

const A = '0x00000000000000000000000000000000000000A1'
const B = '0x00000000000000000000000000000000000000b2'

/** A storage where a previous visit left these connectors to reconnect (most recent first). */
const stored = (connected: string[]) =>
  createMemoryKeyValue({
    'gangway:schema': 1,
    'gangway:durable': { preferences: { themeMode: 'light', preferredAccountType: {} }, siwx: { sessions: {} }, wallets: { recent: [], connected: { eip155: connected } } },
  })

async function load(connected: string[], options: Parameters<typeof createTestModal>[0] = {}) {
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, persistLog: false, ...options }, stored(connected))
  return { ...t, fake }
}

describe('reconnectOnLoad', () => {
  it('tries remembered connectors one at a time, most recent first, and stops at the first that answers', async () => {
    const { modal, fake } = await load(['b', 'a'])
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('reconnecting')
    // One at a time: the second is asked only after the first answered.
    expect(fake.calls()).toEqual([{ method: 'reconnect', args: ['b'] }])
    fake.answer('reconnect', null)
    await settle()
    expect(fake.calls().filter((c) => c.method === 'reconnect').map((c) => c.args[0])).toEqual(['b', 'a'])
    fake.answer('reconnect', { accounts: [A], caipNetworkId: 'eip155:1' })
    await settle()
    expect(modal.getState().connection.byNamespace.eip155).toEqual({
      status: 'connected',
      activeConnectorId: 'a',
      connections: [{ connectorId: 'a', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:1' }],
    })
    expect(modal.getState().wallets.memory.connected.eip155).toEqual(['a'])
    expect(modal.getState().wallets.reconnect).toEqual({})
  })

  it('without multiWallet the rest is not tried once one reconnected', async () => {
    const { modal, fake } = await load(['a', 'b'])
    fake.answer('reconnect', { accounts: [A], caipNetworkId: 'eip155:1' })
    await settle()
    expect(fake.calls().filter((c) => c.method === 'reconnect').map((c) => c.args[0])).toEqual(['a'])
    expect(modal.getState().wallets.memory.connected.eip155).toEqual(['a'])
  })

  it('with multiWallet every remembered connector is tried and restored', async () => {
    const { modal, fake } = await load(['a', 'b'], { features: { multiWallet: true } })
    fake.answer('reconnect', { accounts: [A], caipNetworkId: 'eip155:1' })
    await settle()
    fake.answer('reconnect', { accounts: [B], caipNetworkId: 'eip155:2' })
    await settle()
    expect(modal.getState().connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['a', 'b'])
  })

  it('if none reconnects: disconnected, no connections, nothing left to reconnect (a failing wallet is skipped)', async () => {
    const { modal, fake } = await load(['a', 'b'])
    fake.fail('reconnect', new Error('wallet gone'))
    await settle()
    fake.answer('reconnect', { accounts: [], caipNetworkId: 'eip155:1' })
    await settle()
    expect(modal.getState().connection.byNamespace.eip155).toEqual({ status: 'disconnected', connections: [], activeConnectorId: null })
    expect(modal.getState().wallets.memory.connected.eip155).toEqual([])
  })

  it('the visitor connecting meanwhile ends the run; its late answer is ignored', async () => {
    const { modal, fake } = await load(['a'])
    const connecting = modal.connect('b')
    fake.answer('connect', { accounts: [B], caipNetworkId: 'eip155:1' })
    await connecting
    fake.answer('reconnect', { accounts: [A], caipNetworkId: 'eip155:1' })
    await settle()
    expect(modal.getState().connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['b'])
    expect(modal.timeTravel.log.events.map((e) => e.type)).not.toContain('connection/reconnectFinished')
  })

  it('nothing is tried when reconnect is off or nothing was remembered', async () => {
    expect((await load(['a'], { reconnect: false })).fake.calls()).toEqual([])
    const { modal, fake } = await load([])
    expect(fake.calls()).toEqual([])
    expect(modal.getState().connection.byNamespace.eip155).toBeUndefined()
  })
})
