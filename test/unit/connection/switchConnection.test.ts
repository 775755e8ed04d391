import { describe, expect, it } from 'vitest'
import { connectionSwitched, connectionSwitchRequested } from '../../../src/core/events/connection/connectionLifecycle'
import { InvalidConnectionStatusError } from '../../../src/core/errors/domain'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { NETWORKS } from './support'

const A = '0x00000000000000000000000000000000000000A1'
const B = '0x00000000000000000000000000000000000000b2'

async function twoWallets() {
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS, features: { multiWallet: true } })
  for (const [id, address] of [['a', A], ['b', B]] as const) {
    const c = t.modal.connect(id)
    fake.answer('connect', { accounts: [address], caipNetworkId: 'eip155:1' })
    await c
  }
  return { ...t, fake }
}

describe('switchConnection (stored connection statuses)', () => {
  it('connected: reconnects silently and reports that account and wallet changed', async () => {
    const { modal, fake } = await twoWallets()
    const switching = modal.switchConnection('a', 'connected')
    expect(fake.calls().at(-1)).toEqual({ method: 'reconnect', args: ['a'] })
    fake.answer('reconnect', { accounts: [A], caipNetworkId: 'eip155:2' })
    await switching
    const event = modal.timeTravel.log.events.find((e) => connectionSwitched.match(e))
    expect(event?.payload).toMatchObject({ connectorId: 'a', accountChanged: true, walletChanged: true })
    expect(modal.getState().connection.byNamespace.eip155).toMatchObject({ activeConnectorId: 'a' })
  })

  it('active: the same wallet and account report no change', async () => {
    const { modal, fake } = await twoWallets()
    const switching = modal.switchConnection('b', 'active')
    fake.answer('reconnect', { accounts: [B], caipNetworkId: 'eip155:1' })
    await switching
    const event = modal.timeTravel.log.events.find((e) => connectionSwitched.match(e))
    expect(event?.payload).toMatchObject({ accountChanged: false, walletChanged: false })
  })

  it('disconnected: opens the connect flow again, which returns to ProfileWallets', async () => {
    const { modal, fake } = await twoWallets()
    modal.open()
    modal.push('ProfileWallets')
    void modal.switchConnection('a', 'disconnected')
    await settle()
    expect(modal.getState().router.view).toBe('ConnectingExternal')
    fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1' })
    await settle()
    expect(modal.getState().router.view).toBe('ProfileWallets')
  })

  it('any other status is refused with the spec message before anything is dispatched; a host event with one fails the same way', async () => {
    const { modal } = await twoWallets()
    const before = modal.getState()
    const error = await modal.switchConnection('a', 'paused').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidConnectionStatusError)
    expect((error as InvalidConnectionStatusError).shortMessage).toMatchInlineSnapshot(`"Invalid connection status: paused"`)
    expect(modal.getState()).toBe(before)
    modal.dispatch(connectionSwitchRequested({ namespace: 'eip155', connectorId: 'a', status: 'paused' }))
    await settle()
    expect(modal.getState().wallets.switching).toMatchObject({ status: 'failed', error: { shortMessage: 'Invalid connection status: paused' } })
  })

  it('a connector without a connection: "No connector found for connection: {id}"', async () => {
    const { modal } = await twoWallets()
    await expect(modal.switchConnection('zz', 'connected')).rejects.toMatchObject({ shortMessage: 'No connector found for connection: zz' })
  })
})
