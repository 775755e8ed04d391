import { describe, expect, it } from 'vitest'
import { GangwayError } from '../../../src/core/errors/base'
import { WalletRejectedError } from '../../../src/core/errors/wallet'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { NETWORKS } from './support'

const ADDRESS = '0x00000000000000000000000000000000000000A1'

async function setup(options: Parameters<typeof createTestModal>[0] = {}) {
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, ...options })
  return { ...t, fake }
}

describe('connectWallet', () => {
  it('lists the adapter\'s connectors once the session started', async () => {
    const { modal } = await setup()
    expect(modal.getState().wallets.connectors.map((c) => c.id)).toEqual(['a', 'b'])
  })

  it('connects through the adapter and resolves the host command with the connection', async () => {
    const { modal, fake, tracked } = await setup()
    const connecting = modal.connect('a')
    expect(fake.calls()).toEqual([{ method: 'connect', args: ['a'] }])
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('connecting')
    fake.answer('connect', { accounts: [ADDRESS], caipNetworkId: 'eip155:1' })
    await expect(connecting).resolves.toEqual({ connectorId: 'a', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:1' })
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('connected')
    expect(tracked).toContainEqual({ event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'a' } })
  })

  it('a WalletConnect connection is tracked as qrcode on desktop and mobile on phones', async () => {
    for (const [isMobile, method] of [[false, 'qrcode'], [true, 'mobile']] as const) {
      const fake = createFakeChainAdapter([{ id: 'walletConnect', name: 'WalletConnect', chain: 'eip155', type: 'WALLET_CONNECT' }])
      const { modal, tracked } = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, isMobile })
      const connecting = modal.connect('walletConnect')
      fake.answer('connect', { accounts: [ADDRESS], caipNetworkId: 'eip155:1' })
      await connecting
      expect(tracked).toContainEqual({ event: 'CONNECT_SUCCESS', properties: { method, name: 'walletConnect' } })
    }
  })

  it('a rejection fails with the spec message and the code', async () => {
    const { modal, fake } = await setup()
    const connecting = modal.connect('a')
    fake.fail('connect', new WalletRejectedError('Connection rejected', { code: 4001 }))
    const error = (await connecting.catch((e: GangwayError) => e)) as GangwayError
    expect({ name: error.name, shortMessage: error.shortMessage, code: error.code }).toMatchInlineSnapshot(`
      {
        "code": 4001,
        "name": "WalletRejectedError",
        "shortMessage": "Connection rejected",
      }
    `)
  })

  it('a wallet answering with no accounts is a failed connect, not a connection', async () => {
    const { modal, fake } = await setup()
    const connecting = modal.connect('a')
    fake.answer('connect', { accounts: [], caipNetworkId: 'eip155:1' })
    await expect(connecting).rejects.toMatchObject({ shortMessage: 'Failed to connect' })
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('disconnected')
  })

  it('an unknown namespace fails with "Chain adapter not found"', async () => {
    const { modal } = await setup()
    await expect(modal.connect('a', 'solana')).rejects.toMatchObject({ shortMessage: 'Chain adapter not found' })
  })

  it('a duplicate connect to the wallet being waited on is aborted, not sent twice', async () => {
    const { modal, fake } = await setup()
    void modal.connect('a')
    await expect(modal.connect('a')).rejects.toMatchObject({ shortMessage: 'Request was aborted' })
    expect(fake.calls().filter((c) => c.method === 'connect')).toHaveLength(1)
  })

  it('closing the modal during a connect rejects it with "Modal closed"; the wallet\'s late answer is ignored', async () => {
    const { modal, fake, tracked } = await setup()
    modal.open()
    const connecting = modal.connect('a')
    expect(modal.getState().router.view).toBe('ConnectingExternal')
    modal.close()
    await expect(connecting).rejects.toMatchObject({ shortMessage: 'Modal closed' })
    const failed = modal.timeTravel.log.events.filter((e) => e.type === 'connection/failed')
    expect(failed.map((e) => (e.payload as { error: unknown }).error)).toEqual([{ name: 'ModalClosedError', shortMessage: 'Modal closed', kind: 'MODAL_CLOSED' }])
    fake.answer('connect', { accounts: [ADDRESS], caipNetworkId: 'eip155:1' })
    await settle()
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('disconnected')
    expect(tracked).toContainEqual({ event: 'CONNECT_ERROR', properties: { message: 'Modal closed' } })
  })

  it('closing an already closed modal does not touch a connect the host started', async () => {
    const { modal, fake } = await setup()
    const connecting = modal.connect('a')
    modal.close()
    fake.answer('connect', { accounts: [ADDRESS], caipNetworkId: 'eip155:1' })
    await expect(connecting).resolves.toMatchObject({ connectorId: 'a' })
  })

  it('persists what a reload reconnects', async () => {
    const kv = createMemoryKeyValue()
    const fake = createFakeChainAdapter()
    const { modal } = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS }, kv)
    const connecting = modal.connect('a')
    fake.answer('connect', { accounts: [ADDRESS], caipNetworkId: 'eip155:1' })
    await connecting
    await settle()
    expect(kv.dump()['gangway:durable']).toMatchObject({ wallets: { connected: { eip155: ['a'] }, recent: [{ id: 'a', name: 'a', namespace: 'eip155' }] } })
  })
})
