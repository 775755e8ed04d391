// The network last in use (spec §9's stored "last used chain"): kept in the durable state and
// chosen again on a reload, with its namespace, if the host still lists it.
import { describe, expect, it } from 'vitest'
import { selectDurable } from '../../../../../src/core/durable'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { networkChanged, networkSwitched, networkSwitchRequested } from '../../../../../src/core/events/connection/network'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { readDurable } from '../../../../../src/core/readDurable'
import { restorableLastUsed } from '../../../../../src/core/reducers/connection/lastUsedNetwork'
import { selectActiveCaipNetworkId } from '../../../../../src/core/selectors'
import { evmNetwork, solanaNetwork, stateAfter } from '../../../../support/stateAfter'

const SOL = solanaNetwork()
const both = { adapters: ['eip155', 'solana'] as ('eip155' | 'solana')[], networks: [evmNetwork(1), evmNetwork(2), SOL] }
const A = '0x00000000000000000000000000000000000000A1'

describe('the network last in use', () => {
  it('is none at first, and nothing is stored for it', () => {
    const state = stateAfter()
    expect(state.network.lastUsed).toBeNull()
    expect(selectDurable(state).network).toBeUndefined()
  })

  it('follows a switch, a connect and the wallet moving on its own, and is stored', () => {
    const switched = stateAfter([
      networkSwitchRequested({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 'r1' }),
      networkSwitched({ namespace: 'eip155', caipNetworkId: 'eip155:2' }, { requestId: 'r1' }),
    ])
    expect(selectDurable(switched).network).toEqual({ lastUsed: 'eip155:2' })
    const connected = stateAfter([connectionSucceeded({ connectorId: 'mm', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:1' })], { from: switched })
    expect(connected.network.lastUsed).toBe('eip155:1')
    const moved = stateAfter([networkChanged({ namespace: 'eip155', connectorId: 'mm', caipNetworkId: 'eip155:2' })], { from: connected })
    expect(selectDurable(moved).network).toEqual({ lastUsed: 'eip155:2' })
  })

  it("a connection adopted with another namespace's, or a move of a wallet not the active one, does not count", () => {
    const connected = stateAfter([connectionSucceeded({ connectorId: 'mm', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:1' })])
    const adopted = stateAfter([connectionSucceeded({ connectorId: 'wc', namespace: 'solana', accounts: [{ address: 'So1', type: 'eoa' }], caipNetworkId: SOL.caipNetworkId, adopted: true })], { from: connected, settings: both })
    expect(adopted.network.lastUsed).toBe('eip155:1')
    const other = stateAfter([networkChanged({ namespace: 'eip155', connectorId: 'other', caipNetworkId: 'eip155:2' })], { from: connected })
    expect(other.network.lastUsed).toBe('eip155:1')
  })

  it('a reload chooses it again, with its namespace as the active one', () => {
    const reloaded = stateAfter([storageHydrated(readDurable({ network: { lastUsed: SOL.caipNetworkId } }).durable)], { settings: both })
    expect(reloaded.connection.activeNamespace).toBe('solana')
    expect(selectActiveCaipNetworkId(reloaded)).toBe(SOL.caipNetworkId)
    expect(selectDurable(reloaded).network).toEqual({ lastUsed: SOL.caipNetworkId })
    const evm = stateAfter([storageHydrated({ network: { lastUsed: 'eip155:2' } })])
    expect(selectActiveCaipNetworkId(evm)).toBe('eip155:2')
  })

  it('a connected wallet keeps its namespace active when the stored network is of another', () => {
    const connected = stateAfter([connectionSucceeded({ connectorId: 'mm', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:1' })], { settings: both })
    const late = stateAfter([storageHydrated({ network: { lastUsed: SOL.caipNetworkId } })], { from: connected })
    expect(late.connection.activeNamespace).toBe('eip155')
    expect(late.network.selected.solana).toBe(SOL.caipNetworkId)
  })

  it('a network the host no longer lists, or a namespace without an adapter, is not restored', () => {
    for (const lastUsed of ['eip155:5', SOL.caipNetworkId]) {
      const state = stateAfter([storageHydrated({ network: { lastUsed } })])
      expect(state.network.lastUsed).toBeNull()
      expect(state.connection.activeNamespace).toBe('eip155')
      expect(selectActiveCaipNetworkId(state)).toBe('eip155:1')
    }
    // A namespace the host lists no networks of takes any id of it.
    expect(restorableLastUsed('eip155:77', { adapters: ['eip155'] })).toEqual({ namespace: 'eip155', caipNetworkId: 'eip155:77' })
  })

  it('stored junk is dropped and named; the rest of the durable state is kept', () => {
    for (const network of [{ lastUsed: 'eip155' }, { lastUsed: 'nope:1' }, { lastUsed: 1 }, 'eip155:1', null]) {
      const { durable, dropped } = readDurable({ network, preferences: { themeMode: 'dark' } })
      expect(durable).toEqual({ preferences: { themeMode: 'dark' } })
      expect(dropped).toEqual(['network'])
    }
    expect(readDurable({ network: { lastUsed: 'eip155:1', extra: true } })).toEqual({ durable: { network: { lastUsed: 'eip155:1' } }, dropped: ['network.extra'] })
  })
})
