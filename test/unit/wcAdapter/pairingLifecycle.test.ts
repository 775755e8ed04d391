// The pairing URI lifecycle on virtual time: a WalletConnect connect in the modal with a fake
// provider (the real one runs in walletConnectRelay.test.ts and the e2e test).
import { describe, expect, it } from 'vitest'
import { createWalletConnectAdapter } from '../../../src/walletconnectAdapter'
import { defineEvmNetwork } from '../../../src/adapters/evm/defineEvmNetwork'
import { PAIRING_EXPIRY_MS } from '../../../src/core/domain/constants'
import { connectionRequested } from '../../../src/core/events/connection/connection'
import { walletConnectWalletSelected } from '../../../src/core/events/walletConnect/walletConnect'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createFakeProvider } from './fakeProvider'

const NETWORKS = [
  defineEvmNetwork({ id: 31337, name: 'Local', rpcUrl: 'http://127.0.0.1:8545' }),
  defineEvmNetwork({ id: 31338, name: 'Local 2', rpcUrl: 'http://127.0.0.1:8546' }),
]
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

async function setup(extra: { isMobile?: boolean; prefetch?: boolean } = {}) {
  const fake = createFakeProvider()
  let loads = 0
  const adapter = createWalletConnectAdapter({
    projectId: 'test',
    networks: NETWORKS,
    ...(extra.prefetch === false ? { prefetch: false } : {}),
    loadProvider: async () => {
      loads += 1
      return fake.provider
    },
  })
  const t = await createTestModal({ adapters: [adapter], networks: NETWORKS, isMobile: extra.isMobile ?? false })
  return { ...t, fake, loads: () => loads }
}

const connectWc = (modal: Awaited<ReturnType<typeof setup>>['modal']) => modal.connect('walletConnect')

describe('WalletConnect pairing URI', () => {
  it('opening the modal does not load the provider (it is prefetched on idle, in a browser); picking WalletConnect loads it and shows the URI on ConnectingWalletConnect', async () => {
    const { modal, fake, loads } = await setup()
    expect(loads()).toBe(0)
    modal.open()
    await settle()
    // No page here, so no idle prefetch: the click that opened the modal loaded nothing.
    expect(loads()).toBe(0)
    expect(modal.getState().wallets.connectors.map((c) => [c.id, c.type])).toEqual([['walletConnect', 'WALLET_CONNECT']])

    const connecting = connectWc(modal)
    await settle()
    expect(loads()).toBe(1)
    const s = modal.getState()
    expect(s.router.view).toBe('ConnectingWalletConnect')
    expect(s.router.history).toEqual(['Connect', 'ConnectingWalletConnect'])
    expect(s.walletConnect.pairing).toMatchObject({ uri: fake.pending[0]!.uri, requestId: s.wallets.attempt!.requestId })
    expect(s.walletConnect.pairing!.expiresAt - s.walletConnect.pairing!.receivedAt).toBe(PAIRING_EXPIRY_MS)
    // Spec §3 session namespace, eip155 only, RPC URLs from the networks.
    expect(fake.pending[0]!.params.optionalNamespaces).toEqual({
      eip155: {
        methods: expect.arrayContaining(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']),
        events: ['accountsChanged', 'chainChanged'],
        chains: ['eip155:31337', 'eip155:31338'],
        rpcMap: { '31337': 'http://127.0.0.1:8545', '31338': 'http://127.0.0.1:8546' },
      },
    })

    fake.pending[0]!.approve(fake.session([ADDRESS], ['eip155:31338', 'eip155:31337']))
    await expect(connecting).resolves.toEqual({ connectorId: 'walletConnect', accounts: [{ address: ADDRESS, type: 'eoa' }], caipNetworkId: 'eip155:31337' })
    expect(modal.getState().modal.open).toBe(false)
    expect(modal.getState().walletConnect.pairing).toBeNull()
  })

  it('is refreshed once 10 s or less of its 4 min are left, and the new URI is shown', async () => {
    const { modal, fake, time } = await setup()
    modal.open()
    const connecting = connectWc(modal)
    await settle()
    const first = modal.getState().walletConnect.pairing!
    expect(first.uri).toBe(fake.pending[0]!.uri)

    await time.advanceBy(PAIRING_EXPIRY_MS - 10_001)
    expect(modal.getState().walletConnect.pairing).toEqual(first)
    expect(fake.pending).toHaveLength(1)

    await time.advanceBy(1)
    const refreshed = modal.getState().walletConnect.pairing!
    expect(fake.pending).toHaveLength(2)
    expect(refreshed.uri).toBe(fake.pending[1]!.uri)
    expect(refreshed.uri).not.toBe(first.uri)
    expect(refreshed.receivedAt).toBe(time.now)
    expect(modal.getState().walletConnect.refreshes).toBe(1)
    expect(modal.getState().router.view).toBe('ConnectingWalletConnect')

    // The old pairing answering late changes nothing; the new one connects.
    fake.pending[0]!.reject({ code: 5000, message: 'User rejected.' })
    await settle()
    expect(modal.getState().wallets.attempt?.status).toBe('connecting')
    fake.pending[1]!.approve(fake.session([ADDRESS], ['eip155:31337']))
    await expect(connecting).resolves.toMatchObject({ caipNetworkId: 'eip155:31337' })
  })

  it('closing during the connect rejects with "Modal closed", resets the URI, and a late approval is disconnected', async () => {
    const { modal, fake } = await setup()
    modal.open()
    const connecting = connectWc(modal).catch((e: { shortMessage: string }) => e.shortMessage)
    await settle()
    expect(modal.getState().walletConnect.pairing).not.toBeNull()
    modal.close()
    expect(await connecting).toBe('Modal closed')
    expect(modal.getState().walletConnect.pairing).toBeNull()
    expect(modal.getState().router.view).toBe('Connect')

    fake.pending[0]!.approve(fake.session([ADDRESS], ['eip155:31337']))
    await settle()
    expect(fake.disconnects).toBe(1)
    expect(modal.getState().connection.byNamespace.eip155?.status).toBe('disconnected')
  })

  it('a rejection in the wallet fails with "Connection rejected"; a retry makes a new pairing', async () => {
    const { modal, fake, time } = await setup()
    modal.open()
    const first = connectWc(modal).catch((e: { shortMessage: string; code: number }) => [e.shortMessage, e.code])
    await settle()
    fake.pending[0]!.reject({ code: 5000, message: 'User rejected.' })
    expect(await first).toEqual(['Connection rejected', 4001])
    expect(modal.getState().walletConnect.pairing).toBeNull()
    expect(modal.getState().router.view).toBe('ConnectingWalletConnect')
    await time.advanceBy(1_000)
    const second = connectWc(modal)
    await settle()
    expect(fake.pending).toHaveLength(2)
    expect(modal.getState().walletConnect.pairing?.uri).toBe(fake.pending[1]!.uri)
    fake.pending[1]!.approve(fake.session([ADDRESS], ['eip155:31337']))
    await expect(second).resolves.toMatchObject({ connectorId: 'walletConnect' })
  })

  it('a wallet that supports none of the chains fails with the spec message', async () => {
    const { modal, fake } = await setup()
    modal.open()
    const connecting = connectWc(modal).catch((e: { shortMessage: string }) => e.shortMessage)
    await settle()
    fake.pending[0]!.reject({ code: 5100, message: 'Unsupported chains.' })
    expect(await connecting).toBe('The connector does not support any of the requested chains')
  })

  it('from ConnectingWalletConnectBasic the connect starts by itself and stays on that view', async () => {
    const { modal, fake } = await setup()
    modal.open('ConnectingWalletConnectBasic')
    await settle()
    const s = modal.getState()
    expect(s.router.history).toEqual(['ConnectingWalletConnectBasic'])
    expect(s.wallets.attempt).toMatchObject({ connectorId: 'walletConnect', status: 'connecting' })
    expect(s.walletConnect.pairing?.uri).toBe(fake.pending[0]!.uri)
  })

  it('reopening on ConnectingWalletConnectBasic right after a close starts the connect once 1 s has passed', async () => {
    const { modal, fake, time } = await setup()
    modal.open('ConnectingWalletConnectBasic')
    await settle()
    modal.close()
    modal.open('ConnectingWalletConnectBasic')
    await time.advanceBy(500)
    expect(modal.getState().wallets.attempt).toMatchObject({ status: 'failed', error: { shortMessage: 'Modal closed' } })
    expect(fake.pending).toHaveLength(1)
    await time.advanceBy(500)
    expect(modal.getState().wallets.attempt?.status).toBe('connecting')
    expect(fake.pending).toHaveLength(2)
    expect(modal.getState().walletConnect.pairing?.uri).toBe(fake.pending[1]!.uri)
  })

  it('a directory wallet pushed on ConnectingWalletConnect pairs for that wallet; Back forgets the wallet', async () => {
    const { modal, fake } = await setup()
    modal.open()
    modal.push('AllWallets')
    modal.push('ConnectingWalletConnect', { wallet: { id: 'w1', name: 'Amber Wallet', image_url: 'http://127.0.0.1:9/amber.png', mobile_link: 'amber://', rdns: null } })
    await settle()
    const s = modal.getState()
    expect(s.router.history).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnect'])
    expect(s.wallets.attempt).toMatchObject({ connectorId: 'walletConnect', status: 'connecting' })
    expect(s.walletConnect.wallet).toEqual({ id: 'w1', name: 'Amber Wallet', imageUrl: 'http://127.0.0.1:9/amber.png', mobile_link: 'amber://' })
    expect(s.walletConnect.pairing?.uri).toBe(fake.pending[0]!.uri)
    modal.back()
    expect(modal.getState().walletConnect.wallet).toBeNull()
    expect(modal.getState().wallets.attempt?.status).toBe('connecting')
  })

  it('on mobile the pairing is made when the modal opens, and a wallet tap adopts it', async () => {
    const { modal, fake } = await setup({ isMobile: true })
    modal.open()
    await settle()
    expect(fake.pending).toHaveLength(1)
    const prefetched = modal.getState().walletConnect.pairing!
    expect(prefetched).toMatchObject({ uri: fake.pending[0]!.uri, requestId: null })

    const wallet = { id: 'w1', name: 'Amber Wallet', mobile_link: 'amber://' }
    modal.dispatch(walletConnectWalletSelected({ wallet }))
    const connecting = connectWc(modal)
    const s = modal.getState()
    // The same URI, at once: the deep link can open in the tap's own task.
    expect(s.walletConnect.pairing).toMatchObject({ uri: prefetched.uri, requestId: s.wallets.attempt!.requestId })
    expect(s.walletConnect.wallet).toEqual(wallet)
    await settle()
    expect(fake.pending).toHaveLength(1)
    fake.pending[0]!.approve(fake.session([ADDRESS], ['eip155:31337']))
    await expect(connecting).resolves.toMatchObject({ connectorId: 'walletConnect' })
  })

  it('on mobile, closing without a tap abandons the prefetched pairing', async () => {
    const { modal, fake } = await setup({ isMobile: true })
    modal.open()
    await settle()
    modal.close()
    await settle()
    expect(modal.getState().walletConnect).toMatchObject({ pairing: null, prefetching: false })
    fake.pending[0]!.approve(fake.session([ADDRESS], ['eip155:31337']))
    await settle()
    expect(fake.disconnects).toBe(1)
  })

  it('without prefetching the provider loads on the first WalletConnect connect', async () => {
    const { modal, loads } = await setup({ prefetch: false })
    modal.open()
    await settle()
    expect(loads()).toBe(0)
    expect(modal.getState().walletConnect.provider).toBe('idle')
    modal.dispatch(connectionRequested({ connectorId: 'walletConnect', namespace: 'eip155' }, { requestId: 'r1' }))
    await settle()
    expect(loads()).toBe(1)
    expect(modal.getState().walletConnect.pairing?.requestId).toBe('r1')
  })
})
