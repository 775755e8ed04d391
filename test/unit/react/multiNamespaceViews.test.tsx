// @vitest-environment happy-dom
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { solanaDevnet, solanaMainnet } from '../../../src/adapters/solana/defineSolanaNetwork'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { createModal } from '../../../src/createModal'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { connectorOf, createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { evmNetwork } from '../../support/stateAfter'

// An app with EVM and Solana networks: Networks and ProfileWallets show both chain families.

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '2yv38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg'
const NETWORKS = [evmNetwork(1, 'One'), evmNetwork(2, 'Two'), solanaMainnet, solanaDevnet]

async function twoFamilies() {
  const evm = createFakeChainAdapter([connectorOf('w')])
  const solana = createFakeChainAdapter([connectorOf('s')])
  const adapters = [evm.adapter, { ...solana.adapter, namespace: 'solana' as const }]
  const modal = createModal({ projectId: 'p', adapters, networks: NETWORKS, storage: createMemoryStorage(), persistLog: false })
  await modal.ready
  const ui = mount(modal)
  const connect = (namespace: 'eip155' | 'solana', connectorId: string, address: string, caipNetworkId: string) => {
    // A wallet's own connect (no request of the modal's), as a restored session reports it.
    act(() => modal.dispatch(connectionSucceeded({ connectorId, namespace, accounts: [{ address, type: 'eoa' }], caipNetworkId })))
  }
  return { modal, ...ui, connect, solana }
}

const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent)

describe('Networks with EVM and Solana', () => {
  it('lists both families under their names; the active network of the active family is marked', async () => {
    const { modal, byTestId: q, view, connect } = await twoFamilies()
    connect('eip155', 'w', EVM, 'eip155:2')
    act(() => modal.open('Networks'))
    expect(view()).toBe('Networks')
    expect(texts(q('view-networks')!, 'h3')).toEqual(['Ethereum (EVM)', 'Solana'])
    expect(texts(q('networks-eip155')!, '.gw-wallet-name')).toEqual(['One', 'Two'])
    expect(texts(q('networks-solana')!, '.gw-wallet-name')).toEqual([solanaMainnet.name, solanaDevnet.name])
    expect(q('network-eip155:2')!.getAttribute('aria-current')).toBe('true')
    expect(q(`network-${solanaMainnet.caipNetworkId}`)!.getAttribute('aria-current')).toBeNull()
    modal.destroy()
  })

  it('a network of a family without a connection is chosen, then that family’s wallets are offered', async () => {
    const { modal, byTestId: q, view, connect } = await twoFamilies()
    connect('eip155', 'w', EVM, 'eip155:1')
    act(() => modal.open('Networks'))
    await act(async () => q(`network-${solanaDevnet.caipNetworkId}`)!.click())
    expect(view()).toBe('Connect')
    const s = modal.getState()
    expect(s.connection.activeNamespace).toBe('solana')
    expect(s.network.selected.solana).toBe(solanaDevnet.caipNetworkId)
    // The EVM connection is untouched.
    expect(s.connection.byNamespace.eip155?.connections.map((c) => c.caipNetworkId)).toEqual(['eip155:1'])
    modal.destroy()
  })

  it('a network of a connected family makes that family active and shows its account', async () => {
    const { modal, byTestId: q, view, connect } = await twoFamilies()
    connect('eip155', 'w', EVM, 'eip155:1')
    connect('solana', 's', SOL, solanaMainnet.caipNetworkId)
    act(() => modal.open({ view: 'Networks', namespace: 'eip155' }))
    expect(modal.getState().connection.activeNamespace).toBe('eip155')
    await act(async () => q(`network-${solanaMainnet.caipNetworkId}`)!.click())
    expect(view()).toBe('Account')
    expect(modal.getState().connection.activeNamespace).toBe('solana')
    expect(q('account-address')!.getAttribute('title')).toBe(SOL)
    modal.destroy()
  })

  it('one family only: no headings, as before', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], networks: NETWORKS.slice(0, 2), storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const { byTestId: q } = mount(modal)
    act(() => modal.open('Networks'))
    expect(q('view-networks')!.querySelectorAll('h3')).toHaveLength(0)
    expect(q('view-networks')!.querySelector('ul')!.getAttribute('aria-label')).toBe('Networks')
    modal.destroy()
  })
})

describe('ProfileWallets with EVM and Solana', () => {
  it('shows both connections; disconnecting the Solana one leaves the EVM one', async () => {
    const { modal, byTestId: q, view, connect, solana } = await twoFamilies()
    connect('solana', 's', SOL, solanaMainnet.caipNetworkId)
    act(() => modal.open('Account'))
    // One family connected, no multiWallet: no wallets list.
    expect(q('account-wallets')).toBeNull()
    connect('eip155', 'w', EVM, 'eip155:1')
    act(() => modal.open('Account'))
    await act(async () => q('account-wallets')!.click())
    expect(view()).toBe('ProfileWallets')
    const evm = q('profile-wallets-eip155')!
    const sol = q('profile-wallets-solana')!
    expect(texts(q('view-profile-wallets')!, 'h3')).toEqual(['Ethereum (EVM)', 'Solana'])
    expect(evm.querySelector('[data-testid="profile-wallet-w"]')!.getAttribute('data-status')).toBe('active')
    expect(sol.querySelector('[data-testid="profile-wallet-s"]')!.getAttribute('data-status')).toBe('connected')
    expect(sol.textContent).toContain(`${SOL.slice(0, 4)}…`)

    await act(async () => (sol.querySelector('[aria-label="Disconnect s"]') as HTMLElement).click())
    expect(solana.calls().map((c) => [c.method, c.args[0]])).toContainEqual(['disconnect', 's'])
    await act(async () => solana.answer('disconnect', undefined))
    const state = modal.getState()
    expect(state.connection.byNamespace.solana?.connections ?? []).toEqual([])
    expect(state.connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['w'])
    expect(state.connection.activeNamespace).toBe('eip155')
    modal.destroy()
  })
})
