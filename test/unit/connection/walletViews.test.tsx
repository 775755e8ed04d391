// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WalletRejectedError } from '../../../src/core/errors/wallet'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal, type ModalOptions } from '../../../src/createModal'
import { ModalProvider, preloadModalUi } from '../../../src/react/ModalProvider'
import { settle } from '../../support/virtualTime'
import { createFakeChainAdapter, connectorOf } from '../../support/fakeChainAdapter'
import { NETWORKS } from './support'

// The modal's UI is a chunk of its own: loaded before the first open, as an idle page has it.
beforeAll(() => preloadModalUi())

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A list item's text without its icon's initial letter. */
const label = (el: Element) => [...el.children].filter((c) => !c.classList.contains('gw-wallet-icon')).map((c) => c.textContent).join('')
let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

async function render(options: Partial<ModalOptions> = {}) {
  const fake = createFakeChainAdapter([{ ...connectorOf('a', 'Alpha'), imageUrl: 'data:image/svg+xml,a' }, connectorOf('b', 'Beta')])
  const modal = createModal({ projectId: 'p', adapters: [fake.adapter], networks: NETWORKS, storage: createMemoryStorage(), persistLog: false, ...options })
  await modal.ready
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<ModalProvider modal={modal} />))
  cleanup.push(() => act(() => root.unmount()))
  const shadow = () => document.querySelector('gangway-modal')!.shadowRoot!
  const q = (testId: string) => shadow().querySelector<HTMLElement>(`[data-testid="${testId}"]`)
  const view = () => shadow().querySelector('[role=dialog]')?.getAttribute('data-view') ?? null
  const step = async (fn: () => unknown = () => undefined) => {
    await act(async () => {
      fn()
      await settle()
    })
    // A view whose module has not loaded yet shows a fallback until it has (views load lazily).
    while (q('view-loading')) await act(() => new Promise((r) => setTimeout(r, 10)))
  }
  return { modal, fake, q, view, step, shadow }
}

async function connectA(t: Awaited<ReturnType<typeof render>>) {
  const c = t.modal.connect('a')
  t.fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1' })
  await t.step(() => c)
  await c
}

describe('Connect view', () => {
  it('lists wallets in the spec order, the recent one first with its badge', async () => {
    const t = await render()
    await connectA(t)
    await t.step(() => t.modal.dispatch({ type: 'connection/disconnected', payload: { namespace: 'eip155', connectorId: 'a' } }))
    await t.step(() => t.modal.open())
    const buttons = [...t.shadow().querySelectorAll('button[data-testid^="wallet-"]')]
    expect(buttons.map(label)).toEqual(['AlphaRecent', 'BetaInstalled'])
    expect(buttons[0]!.querySelector('img')?.getAttribute('src')).toBe('data:image/svg+xml,a')
  })

  it('clicking a wallet shows ConnectingExternal waiting on it; a rejection offers a retry only after 1 s', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-b')!.click())
    expect(t.view()).toBe('ConnectingExternal')
    expect(t.q('view-connecting-external')!.getAttribute('data-status')).toBe('waiting')
    expect(t.q('connecting-instruction')!.textContent).toBe('Accept the connection request in your wallet.')
    await t.step(() => t.fake.fail('connect', new WalletRejectedError('Connection rejected', { code: 4001 })))
    expect(t.q('connecting-error')!.textContent).toBe('Connection rejected')
    const retry = t.q('connecting-retry') as HTMLButtonElement
    expect(retry.disabled).toBe(true)
    while ((t.q('connecting-retry') as HTMLButtonElement).disabled) await t.step(() => new Promise((r) => setTimeout(r, 20)))
    expect(Date.now() - t.modal.getState().wallets.attempt!.startedAt).toBeGreaterThanOrEqual(1_000)
    await t.step(() => t.q('connecting-retry')!.click())
    expect(t.q('view-connecting-external')!.getAttribute('data-status')).toBe('waiting')
    expect(t.fake.calls().filter((c) => c.method === 'connect')).toHaveLength(2)
  })

  it('closing during a connect: reopened, Connect shows no error (closing is not a failure)', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-a')!.click())
    await t.step(() => t.modal.close())
    await t.step(() => t.modal.open())
    expect(t.q('connect-error')).toBeNull()
  })
})

describe('Account view', () => {
  it('shows the truncated address, the balance to 3 decimals with symbol, the network; disconnect leads to Connect', async () => {
    const t = await render()
    await connectA(t)
    await t.step(() => t.fake.answer('getBalance', '1234567890000000000'))
    await t.step(() => t.modal.open())
    expect(t.view()).toBe('Account')
    expect(t.q('account-address')!.textContent).toBe('0xf3…b92266')
    expect(t.q('account-balance')!.textContent).toBe('1.234 ETH')
    expect(t.q('account-network')!.textContent).toContain('One')
    expect(t.q('account-wallets')).toBeNull()
    await t.step(() => t.q('account-disconnect')!.click())
    await t.step(() => t.fake.answer('disconnect', undefined))
    expect(t.view()).toBe('Connect')
  })

  it('the network button lists the networks; picking one waits on the wallet in SwitchNetwork', async () => {
    const t = await render()
    await connectA(t)
    await t.step(() => t.modal.open())
    await t.step(() => t.q('account-network')!.click())
    expect(t.view()).toBe('Networks')
    expect(t.q('network-eip155:1')!.getAttribute('aria-current')).toBe('true')
    await t.step(() => t.q('network-eip155:2')!.click())
    expect(t.view()).toBe('SwitchNetwork')
    expect(t.q('view-switch-network')!.textContent).toContain('Switch to Two')
    await t.step(() => t.fake.fail('switchNetwork', new WalletRejectedError('User rejected the request', { code: 4001 })))
    expect(t.view()).toBe('Networks')
    expect(t.q('network-error')!.textContent).toBe('User rejected the request')
  })
})

describe('UnsupportedChain and ProfileWallets', () => {
  it('a wallet on a network the app does not list opens UnsupportedChain with the supported ones', async () => {
    const t = await render()
    const c = t.modal.connect('a')
    t.fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:99' })
    await t.step(() => c)
    expect(t.view()).toBe('UnsupportedChain')
    expect([...t.shadow().querySelectorAll('button[data-testid^="network-"]')].map(label)).toEqual(['One', 'Two'])
  })

  it('ProfileWallets lists the active and the other connections and adds wallets with multiWallet', async () => {
    const t = await render({ features: { multiWallet: true } })
    await connectA(t)
    const c = t.modal.connect('b')
    t.fake.answer('connect', { accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], caipNetworkId: 'eip155:1' })
    await t.step(() => c)
    await t.step(() => t.modal.open())
    await t.step(() => t.q('account-wallets')!.click())
    expect(t.q('profile-wallet-b')!.getAttribute('data-status')).toBe('active')
    expect(t.q('profile-wallet-a')!.getAttribute('data-status')).toBe('connected')
    await t.step(() => t.q('profile-add-wallet')!.click())
    expect(t.view()).toBe('Connect')
  })

  it("a disconnected embedded wallet's row reopens its social login: the popup opens in the click, no plain connect is made", async () => {
    const fake = createFakeChainAdapter([connectorOf('a', 'Alpha'), { ...connectorOf('auth', 'Email'), type: 'AUTH' }])
    const t = await render({ adapters: [fake.adapter], features: { multiWallet: true } })
    const viaGithub = t.modal.connect('auth')
    fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1', auth: 'github' })
    await t.step(() => viaGithub)
    const leaving = t.modal.disconnect({ connectorId: 'auth' })
    fake.answer('disconnect', undefined)
    await t.step(() => leaving)
    const c = t.modal.connect('a')
    fake.answer('connect', { accounts: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], caipNetworkId: 'eip155:1' })
    await t.step(() => c)
    await t.step(() => t.modal.open('ProfileWallets'))
    expect(t.q('profile-wallet-auth')!.getAttribute('data-status')).toBe('disconnected')
    const opened: unknown[][] = []
    const open = window.open
    window.open = ((...args: unknown[]) => (opened.push(args), null)) as typeof window.open
    cleanup.push(() => void (window.open = open))
    const events: string[] = []
    const sub = t.modal.event$.subscribe((e) => events.push(e.type))
    cleanup.push(() => sub.unsubscribe())
    await t.step(() => t.q('profile-wallet-auth')!.querySelector('button')!.click())
    expect(opened).toEqual([['about:blank', 'gangway-social-login', expect.stringContaining('width=600,height=800')]])
    expect(events).toContain('connection/switchRequested')
    expect(fake.hasPending('connect')).toBe(false)
  })

  it('without multiWallet, adding a wallet says so', async () => {
    const off = await render()
    await connectA(off)
    await off.step(() => off.modal.open('ProfileWallets'))
    await off.step(() => off.q('profile-add-wallet')!.click())
    expect(off.modal.getState().banner).toMatchObject({ open: true, variant: 'info', message: 'Multi-Wallet Not Enabled' })
  })
})
