import { describe, expect, it } from 'vitest'
import type { ChainAdapter, ConnectRequest } from '../../../src/core/ports'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { NETWORKS } from '../connection/support'

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
      walletConnect: { prefetch: false },
      embeddedWallet: { frameUrl: 'http://127.0.0.1:9/frame/' },
    })
    const connecting = modal.connect('a')
    await settle()
    fake.answer('connect', { accounts: ['0x00000000000000000000000000000000000000A1'], caipNetworkId: 'eip155:1' })
    await connecting
    expect(requests).toEqual([{ method: 'connect', connectorId: 'a', request: { network: NETWORKS[0] } }])
    modal.destroy()
  })
})
