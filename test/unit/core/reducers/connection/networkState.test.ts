// Spec §3 Network state beside the network itself: the requested and approved network ids,
// supportsAllNetworks and smartAccountEnabledNetworks, filled by the flows that learn them.
import { describe, expect, it } from 'vitest'
import { connectionDisconnected, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { networkSwitched, networkSwitchRequested } from '../../../../../src/core/events/connection/network'
import { smartAccountNetworksReceived } from '../../../../../src/core/events/embeddedWallet/embeddedWallet'
import { stateAfter } from '../../../../support/stateAfter'

const A = '0x00000000000000000000000000000000000000A1'
const accounts = [{ address: A, type: 'eoa' as const }]
const wc = (networks?: { requested: string[]; approved?: string[]; supportsAllNetworks?: boolean }) =>
  connectionSucceeded({ connectorId: 'walletConnect', namespace: 'eip155', accounts, caipNetworkId: 'eip155:2', ...(networks ? { networks } : {}) })

describe('requested and approved network ids, supportsAllNetworks', () => {
  it('start empty: nothing asked, nothing approved, every network taken', () => {
    const n = stateAfter().network
    expect([n.requested, n.approved, n.supportsAllNetworks, n.smartAccountEnabledNetworks]).toEqual([{}, {}, {}, []])
  })

  it('a WalletConnect session tells what was asked, what it approved and that it cannot add a chain', () => {
    const n = stateAfter([wc({ requested: ['eip155:1', 'eip155:2'], approved: ['eip155:2'], supportsAllNetworks: false })]).network
    expect(n.requested).toEqual({ eip155: ['eip155:1', 'eip155:2'] })
    expect(n.approved).toEqual({ eip155: ['eip155:2'] })
    expect(n.supportsAllNetworks).toEqual({ eip155: false })
  })

  it('a wallet that does not say was asked for the network a connect there asks for, and approves without a list', () => {
    const chosen = stateAfter([
      networkSwitchRequested({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 's' }),
      networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 's' }),
    ])
    const n = stateAfter([connectionSucceeded({ connectorId: 'mm', namespace: 'eip155', accounts, caipNetworkId: 'eip155:2' })], { from: chosen }).network
    expect(n.requested).toEqual({ eip155: ['eip155:2'] })
    expect(n.approved).toEqual({})
    expect(n.supportsAllNetworks).toEqual({})
  })

  it("a later wallet's answer replaces the earlier one's; the namespace's last disconnect clears them", () => {
    const first = stateAfter([wc({ requested: ['eip155:1', 'eip155:2'], approved: ['eip155:2'], supportsAllNetworks: false })])
    const second = stateAfter([wc({ requested: ['eip155:1', 'eip155:2'], approved: ['eip155:1', 'eip155:2'], supportsAllNetworks: true })], { from: first })
    expect(second.network.approved.eip155).toEqual(['eip155:1', 'eip155:2'])
    expect(second.network.supportsAllNetworks).toEqual({})
    const gone = stateAfter([connectionDisconnected({ namespace: 'eip155' })], { from: first })
    expect([gone.network.requested, gone.network.approved, gone.network.supportsAllNetworks]).toEqual([{}, {}, {}])
  })

  it('the embedded wallet\'s smart-account networks are unique positive chain ids', () => {
    expect(stateAfter([smartAccountNetworksReceived({ chainIds: [0, -1, 1.5, 10, 10] })]).network.smartAccountEnabledNetworks).toEqual([10])
  })

  it('a connect that yields no account changes nothing', () => {
    const n = stateAfter([connectionSucceeded({ connectorId: 'walletConnect', namespace: 'eip155', accounts: [], caipNetworkId: 'eip155:2', networks: { requested: ['eip155:1'] } })]).network
    expect(n.requested).toEqual({})
  })
})
