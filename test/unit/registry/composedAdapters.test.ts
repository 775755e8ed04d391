import { describe, expect, it } from 'vitest'
import type { ChainAdapter, ConnectRequest } from '../../../src/core/ports'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { walletConnect } from '../../../src/walletconnect'
import { settle } from '../../support/virtualTime'
import { NETWORKS } from '../connection/support'
import { createLazyWalletConnectAdapter, createWalletConnectAdapter } from '../../../src/walletconnectAdapter'
import { firstValueFrom } from 'rxjs'
import { embeddedWallet } from '../../../src/features/embeddedWallet'

/** The fake EVM adapter, recording the request argument of every connect and reconnect. */
function recordingAdapter() {
  const fake = createFakeChainAdapter()
  const requests: { method: string; connectorId: string; request: ConnectRequest | undefined }[] = []
  const adapter: ChainAdapter = {
    ...fake.adapter,
    connect: (connectorId, request) => (requests.push({ method: 'connect', connectorId, request }), fake.adapter.connect(connectorId, request)),
    reconnect: (connectorId, request) => (requests.push({ method: 'reconnect', connectorId, request }), fake.adapter.reconnect(connectorId, request)),
  }
  return { fake, adapter, requests }
}

describe('the eip155 adapter with WalletConnect and the embedded wallet configured', () => {
  it('hands an injected connector the connect request (the network to connect on)', async () => {
    const { fake, adapter, requests } = recordingAdapter()
    const { modal } = await createTestModal({
      adapters: [adapter],
      networks: NETWORKS,
      walletConnect: walletConnect({ prefetch: false }),
      embeddedWallet: embeddedWallet({ frameUrl: 'http://127.0.0.1:9/frame/' }),
    })
    const connecting = modal.connect('a')
    await settle()
    fake.answer('connect', { accounts: ['0x00000000000000000000000000000000000000A1'], caipNetworkId: 'eip155:1' })
    await connecting
    expect(requests).toEqual([{ method: 'connect', connectorId: 'a', request: { network: NETWORKS[0] } }])
    modal.destroy()
  })

  it('lists WalletConnect, then the embedded wallet, then the browser wallets', async () => {
    const { adapter } = recordingAdapter()
    const { modal } = await createTestModal({ adapters: [adapter], networks: NETWORKS, walletConnect: walletConnect({ prefetch: false }), embeddedWallet: embeddedWallet({ frameUrl: 'http://127.0.0.1:9/frame/' }) })
    await settle()
    expect(modal.getState().wallets.connectors.filter((c) => c.chain === 'eip155').map((c) => c.id)).toEqual(['walletConnect', 'auth', 'a', 'b'])
    modal.destroy()
  })
})

describe('the lazy WalletConnect adapter built by hand over an EVM adapter', () => {
  it('hands the EVM adapter every argument of connect and reconnect, without loading WalletConnect', async () => {
    const { fake, adapter, requests } = recordingAdapter()
    const wc = createLazyWalletConnectAdapter({ projectId: 'p', networks: NETWORKS, prefetch: false, loadProvider: () => Promise.reject(new Error('not loaded')) }, adapter)
    const connecting = wc.connect('a', { network: NETWORKS[1] })
    const reconnecting = wc.reconnect('b', { network: NETWORKS[0] })
    fake.answer('connect', { accounts: ['0x00000000000000000000000000000000000000A1'], caipNetworkId: 'eip155:2' })
    fake.answer('reconnect', null)
    await Promise.all([connecting, reconnecting])
    expect(requests).toEqual([
      { method: 'connect', connectorId: 'a', request: { network: NETWORKS[1] } },
      { method: 'reconnect', connectorId: 'b', request: { network: NETWORKS[0] } },
    ])
    expect((await firstValueFrom(wc.connectors())).map((c) => c.id)).toEqual(['walletConnect', 'a', 'b'])
  })
})

describe('the WalletConnect adapter built by hand over an EVM adapter', () => {
  it('hands the EVM adapter the reconnect request of its connectors', async () => {
    const { fake, adapter, requests } = recordingAdapter()
    const wc = createWalletConnectAdapter({ projectId: 'p', networks: NETWORKS, prefetch: false, loadProvider: () => Promise.reject(new Error('not loaded')) }, adapter)
    const reconnecting = wc.reconnect('b', { network: NETWORKS[1] })
    fake.answer('reconnect', null)
    await reconnecting
    expect(requests).toEqual([{ method: 'reconnect', connectorId: 'b', request: { network: NETWORKS[1] } }])
  })
})
