import { describe, expect, it } from 'vitest'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { NETWORKS } from './support'

const A = '0x00000000000000000000000000000000000000A1'
const B = '0x00000000000000000000000000000000000000b2'

async function connected(ids: string[], multiWallet = false) {
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, features: { multiWallet } })
  for (const [i, id] of ids.entries()) {
    const c = t.modal.connect(id)
    fake.answer('connect', { accounts: [i === 0 ? A : B], caipNetworkId: 'eip155:1' })
    await c
  }
  return { ...t, fake }
}

describe('disconnectWallet and the disconnect event', () => {
  it('disconnecting the last connection emits account/disconnected (and DISCONNECT_SUCCESS) and forgets it for reconnecting', async () => {
    const { modal, fake, tracked } = await connected(['a'])
    modal.open()
    const done = modal.disconnect()
    expect(fake.calls().at(-1)).toEqual({ method: 'disconnect', args: ['a'] })
    fake.answer('disconnect', undefined)
    await done
    const types = modal.timeTravel.log.events.map((e) => e.type)
    expect(types.slice(types.indexOf('connection/disconnectRequested'))).toEqual([
      'connection/disconnectRequested',
      'connection/disconnected',
      'account/disconnected',
    ])
    expect(tracked).toContainEqual({ event: 'DISCONNECT_SUCCESS' })
    expect(modal.getState().router.view).toBe('Connect')
    expect(modal.getState().wallets.memory.connected.eip155).toEqual([])
  })

  it('disconnecting the active one of two falls back to the other, with no disconnect event', async () => {
    const { modal, fake } = await connected(['a', 'b'], true)
    expect(modal.getState().connection.byNamespace.eip155?.activeConnectorId).toBe('b')
    const done = modal.disconnect()
    fake.answer('disconnect', undefined)
    await done
    expect(modal.getState().connection.byNamespace.eip155).toMatchObject({ status: 'connected', activeConnectorId: 'a' })
    expect(modal.timeTravel.log.events.map((e) => e.type)).not.toContain('account/disconnected')
  })

  it('a wallet that cannot disconnect: "Failed to disconnect", the connection stays', async () => {
    const { modal, fake } = await connected(['a'])
    const done = modal.disconnect()
    fake.fail('disconnect', new Error('extension crashed'))
    await expect(done).rejects.toMatchObject({ shortMessage: 'Failed to disconnect', details: 'extension crashed' })
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('connected')
    expect(modal.getState().wallets.disconnectError?.shortMessage).toBe('Failed to disconnect')
  })

  it("{ all: true } disconnects every connection; one that stays makes it 'Failed to disconnect chains', naming it", async () => {
    const both = await connected(['a', 'b'], true)
    // One after another (the wallets' balance lookups may come in between).
    const disconnects = () => both.fake.calls().filter((c) => c.method === 'disconnect')
    const all = both.modal.disconnect({ all: true })
    await settle()
    expect(disconnects()).toEqual([{ method: 'disconnect', args: ['a'] }])
    both.fake.answer('disconnect', undefined)
    await settle()
    expect(disconnects()).toEqual([{ method: 'disconnect', args: ['a'] }, { method: 'disconnect', args: ['b'] }])
    both.fake.answer('disconnect', undefined)
    await all
    expect(both.modal.getState().connection.byNamespace.eip155?.status).toBe('disconnected')

    const one = await connected(['a', 'b'], true)
    const failing = one.modal.disconnect({ all: true })
    await settle()
    one.fake.fail('disconnect', new Error('extension crashed'))
    await settle()
    one.fake.answer('disconnect', undefined)
    await expect(failing).rejects.toMatchObject({ shortMessage: 'Failed to disconnect chains', details: 'eip155 a: Failed to disconnect' })
    expect(one.modal.getState().connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['a'])

    // Nothing connected: nothing to do. A bad argument changes nothing.
    await expect(one.modal.disconnect({ all: true, namespace: 'eip155' } as never)).rejects.toMatchObject({ name: 'InvalidInputError', details: 'options.namespace is not a known field' })
    await expect(one.modal.disconnect({ all: false } as never)).rejects.toMatchObject({ name: 'InvalidInputError', details: 'options.all must be true, got false' })
    expect(one.modal.getState().connection.byNamespace.eip155?.connections).toHaveLength(1)
    const none = await connected([])
    await expect(none.modal.disconnect({ all: true })).resolves.toBeUndefined()
  })

  it('an unknown connector fails with the spec message naming it', async () => {
    const { modal } = await connected(['a'])
    await expect(modal.disconnect({ connectorId: 'zz' })).rejects.toMatchObject({ shortMessage: 'No connector found for connection: zz' })
  })
})

describe('watchWalletEvents', () => {
  it('the wallet\'s accounts, chain and disconnect become events while connected', async () => {
    const { modal, fake } = await connected(['a'])
    fake.emit('a', { type: 'accountsChanged', accounts: [B] })
    expect(modal.getState().connection.byNamespace.eip155?.connections[0]?.accounts).toEqual([{ address: B, type: 'eoa' }])
    fake.emit('a', { type: 'chainChanged', caipNetworkId: 'eip155:2' })
    expect(modal.getState().connection.byNamespace.eip155?.connections[0]?.caipNetworkId).toBe('eip155:2')
    fake.emit('a', { type: 'accountsChanged', accounts: [] })
    await settle()
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('disconnected')
    expect(modal.timeTravel.log.events.map((e) => e.type)).toContain('account/disconnected')
    // Not connected any more: its events are no longer listened to.
    fake.emit('a', { type: 'chainChanged', caipNetworkId: 'eip155:1' })
    expect(modal.timeTravel.log.events.filter((e) => e.type === 'network/changed')).toHaveLength(1)
  })

  it('a chain the host does not list opens UnsupportedChain; coming back closes it', async () => {
    const { modal, fake } = await connected(['a'])
    fake.emit('a', { type: 'chainChanged', caipNetworkId: 'eip155:99' })
    expect(modal.getState().modal.open).toBe(true)
    expect(modal.getState().router.view).toBe('UnsupportedChain')
    fake.emit('a', { type: 'chainChanged', caipNetworkId: 'eip155:2' })
    expect(modal.getState().modal.open).toBe(false)
  })

  it('not when unsupported chains are allowed or switching is off', async () => {
    for (const options of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }]) {
      const fake = createFakeChainAdapter()
      const { modal } = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, ...options })
      const c = modal.connect('a')
      fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:99' })
      await c
      expect(modal.getState().modal.open).toBe(false)
    }
  })
})
