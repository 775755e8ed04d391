// @vitest-environment happy-dom
// Connect opened for one chain family (a switch to EVM from a Solana-only session): it lists
// only that family's wallets, never the wallet connected for the other, and Back returns to
// the view the visitor came from.
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { solanaDevnet, solanaMainnet } from '../../../src/adapters/solana/defineSolanaNetwork'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import type { Connector } from '../../../src/core/domain/entities'
import { createModal } from '../../../src/createModal'
import { AUTH_CONNECTOR_ID } from '../../../src/core/events/embeddedWallet/embeddedWallet'
import { createTestModal } from '../../support/testModal'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { connectorOf, createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { evmNetwork } from '../../support/stateAfter'
import { createFakeDirectory } from '../data/fakeApi'

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const SOL = '2yv38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg'
const solanaConnector = (id: string, name: string): Connector => ({ ...connectorOf(id, name), chain: 'solana' })

async function solanaSession(options: { walletDirectory?: ReturnType<typeof createFakeDirectory>['directory']; evm?: Connector[]; solana?: Connector[] } = {}) {
  const evm = createFakeChainAdapter(options.evm ?? [connectorOf('metamask', 'MetaMask'), connectorOf('rabby', 'Rabby')])
  const solana = createFakeChainAdapter(options.solana ?? [solanaConnector('solflare', 'Solflare'), solanaConnector('backpack', 'Backpack')])
  const adapters = [evm.adapter, { ...solana.adapter, namespace: 'solana' as const }]
  const modal = createModal({
    projectId: 'p',
    adapters,
    networks: [evmNetwork(1, 'One'), solanaMainnet, solanaDevnet],
    storage: createMemoryStorage(),
    persistLog: false,
    ...(options.walletDirectory ? { walletDirectory: options.walletDirectory } : {}),
  })
  await modal.ready
  const ui = mount(modal)
  act(() =>
    modal.dispatch(connectionSucceeded({ connectorId: 'solflare', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: solanaMainnet.caipNetworkId })),
  )
  const wallets = () => [...ui.shadow().querySelectorAll('[data-testid=wallet-list] button')].map((b) => b.getAttribute('data-testid'))
  return { modal, ...ui, wallets }
}

describe('Connect for one namespace', () => {
  it('after "switch to EVM" from a Solana session: only EVM wallets, not the connected Solana one, and Back to the chain list', async () => {
    const { modal, byTestId: q, view, wallets } = await solanaSession()
    act(() => modal.open('Account'))
    expect(view()).toBe('Account')
    act(() => q('account-switch-chain')!.click())
    expect(view()).toBe('SwitchActiveChain')
    act(() => q('active-chain-eip155')!.click())
    expect(view()).toBe('Connect')
    expect(wallets()).toEqual(['wallet-metamask', 'wallet-rabby'])
    expect(q('connect-namespace')!.textContent).toBe('Wallets for Ethereum (EVM)')
    expect(q('wallet-solflare')).toBeNull()
    expect(q('badge-recent')).toBeNull()
    // Back returns where the visitor came from, and the Solana account is still there.
    expect(q('modal-back')).not.toBeNull()
    act(() => q('modal-back')!.click())
    expect(view()).toBe('SwitchActiveChain')
    act(() => q('active-chain-solana')!.click())
    expect(view()).toBe('Account')
    expect(modal.getState().connection.activeNamespace).toBe('solana')
    modal.destroy()
  })

  it("modal.open({ view: 'Connect', namespace }) lists that namespace's wallets; a plain open lists every family's", async () => {
    const { modal, byTestId: q, view, wallets } = await solanaSession()
    act(() => modal.open({ view: 'Connect', namespace: 'solana' }))
    expect(view()).toBe('Connect')
    expect(wallets().sort()).toEqual(['wallet-backpack', 'wallet-solflare'])
    act(() => modal.close())
    act(() => modal.open({ view: 'Connect' }))
    expect(q('connect-namespace')).toBeNull()
    expect(wallets().sort()).toEqual(['wallet-backpack', 'wallet-metamask', 'wallet-rabby', 'wallet-solflare'])
    modal.destroy()
  })

  it('an account view opened for a namespace with no connection shows its Connect instead', async () => {
    const { modal, view, wallets } = await solanaSession()
    act(() => modal.open({ view: 'Account', namespace: 'eip155' }))
    expect(view()).toBe('Connect')
    expect(wallets()).toEqual(['wallet-metamask', 'wallet-rabby'])
    modal.destroy()
  })
})

describe('the wallet directory on a namespace Connect', () => {
  const fake = createFakeDirectory()
  const servesEvm = new Set(fake.records.filter((r) => r.chains!.some((c) => c.startsWith('eip155:'))).map((r) => r.id))
  const until = async (ready: () => boolean) => {
    for (let i = 0; i < 200 && !ready(); i++) await act(() => new Promise((r) => setTimeout(r, 10)))
    expect(ready()).toBe(true)
  }

  it('AllWallets and the recommendations offer only wallets that serve EVM; Back past Connect ends the filter, and a later Connect lists every family', async () => {
    const { modal, byTestId: q, view, shadow } = await solanaSession({ walletDirectory: fake.directory })
    const rows = () => [...shadow().querySelectorAll('[data-testid=all-wallets-row]')].map((r) => r.getAttribute('data-wallet-id')!)
    const recommended = () => [...shadow().querySelectorAll('[data-testid=recommended-wallets] [data-wallet-id]')].map((r) => r.getAttribute('data-wallet-id')!)
    act(() => modal.open('Account'))
    act(() => q('account-switch-chain')!.click())
    act(() => q('active-chain-eip155')!.click())
    expect(view()).toBe('Connect')
    await until(() => q('recommended-wallets') !== null && q('all-wallets-entry') !== null)
    expect(recommended().every((id) => servesEvm.has(id))).toBe(true)
    act(() => q('all-wallets-entry')!.click())
    await until(() => view() === 'AllWallets' && rows().length > 0)
    // The first page holds Solana-only wallets: none of them is offered.
    const loaded = modal.getState().walletList.lists.all.wallets
    expect(loaded.some((w) => !servesEvm.has(w.id))).toBe(true)
    expect(rows().filter((id) => !servesEvm.has(id))).toEqual([])
    // Back to the filtered Connect, then Back past it to the chain list: the filter ends.
    act(() => q('modal-back')!.click())
    expect(view()).toBe('Connect')
    expect(q('connect-namespace')).not.toBeNull()
    act(() => q('modal-back')!.click())
    expect(view()).toBe('SwitchActiveChain')
    expect(modal.getState().modal.connectFor).toBeNull()
    // A Connect reached later without a namespace lists every family, in AllWallets too.
    act(() => modal.push('Connect'))
    expect(q('connect-namespace')).toBeNull()
    act(() => q('all-wallets-entry')!.click())
    await until(() => view() === 'AllWallets' && rows().length > 0)
    expect(rows().some((id) => !servesEvm.has(id))).toBe(true)
    modal.destroy()
  })

  it("a directory wallet with a connector in each family connects the Connect's family, so the switch stays", async () => {
    const record = fake.records.find((r) => r.rdns && servesEvm.has(r.id) && r.chains!.some((c) => c.startsWith('solana:')))!
    const withRdns = (c: Connector): Connector => ({ ...c, info: { rdns: record.rdns! } })
    const { modal, byTestId: q, view } = await solanaSession({
      walletDirectory: fake.directory,
      // The EVM side comes first: a pick that took the first match would connect it.
      evm: [withRdns(connectorOf('both-evm', record.name))],
      solana: [solanaConnector('solflare', 'Solflare'), withRdns(solanaConnector('both-sol', record.name))],
    })
    act(() => modal.open({ view: 'Connect', namespace: 'solana' }))
    expect(modal.getState().modal.connectFor).toBe('solana')
    act(() => modal.push('AllWallets'))
    act(() => modal.dispatch({ type: 'walletList/searchChanged', payload: { query: record.name } }))
    await until(() => view() === 'AllWallets' && q('all-wallets-row')?.getAttribute('data-wallet-id') === record.id)
    await act(async () => q('all-wallets-row')!.click())
    expect(modal.getState().wallets.attempt).toMatchObject({ connectorId: 'both-sol', namespace: 'solana' })
    expect(modal.getState().connection.activeNamespace).toBe('solana')
    modal.destroy()
  })
})

describe('the embedded wallet on a namespace Connect', () => {
  it('e-mail and social logins are offered for EVM and Solana, where the embedded wallet serves, not for Bitcoin', async () => {
    const EMBEDDED: Connector = { id: AUTH_CONNECTOR_ID, name: 'Email', chain: 'eip155', type: 'AUTH' }
    const evm = createFakeChainAdapter([connectorOf('metamask', 'MetaMask'), EMBEDDED])
    const btc = createFakeChainAdapter([{ ...connectorOf('xverse', 'Xverse'), chain: 'bip122' }])
    const adapters = [evm.adapter, { ...btc.adapter, namespace: 'bip122' as const }]
    const { modal } = await createTestModal({ adapters, persistLog: false })
    const { byTestId: q, view } = mount(modal)
    const settled = async (fn: () => void) => {
      await act(async () => fn())
      while (q('view-loading')) await act(() => new Promise((r) => setTimeout(r, 10)))
    }
    await settled(() => modal.open({ view: 'Connect', namespace: 'eip155' }))
    expect(view()).toBe('Connect')
    expect(q('socials')).not.toBeNull()
    await settled(() => modal.close())
    await settled(() => modal.open({ view: 'Connect', namespace: 'bip122' }))
    expect(view()).toBe('Connect')
    expect(q('wallet-xverse')).not.toBeNull()
    expect(q('socials')).toBeNull()
    expect(q('email-form')).toBeNull()
    modal.destroy()
  })
})
