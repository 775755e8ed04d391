// @vitest-environment happy-dom
// The Connect view's layout options: the order of its ways to connect (connectMethodsOrder, or
// spec §1's default), the wallets collapsed into one entry (collapseWallets), wallets hidden by
// rdns or name, and the modal's `loading` flag while an open prefetches wallet data.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Connector } from '../../../../../src/core/domain/entities'
import { AUTH_CONNECTOR_ID } from '../../../../../src/core/events/embeddedWallet/embeddedWallet'
import { useModalState } from '../../../../../src/react/useModalState'
import { MODAL_CSS } from '../../../../../src/react/theme'
import { createFakeChainAdapter } from '../../../../support/fakeChainAdapter'
import { modalUiPerFile } from '../../../../support/modalUi'
import { createTestModal } from '../../../../support/testModal'
import { settle } from '../../../../support/virtualTime'
import { createFakeDirectory } from '../../../data/fakeApi'

const mount = modalUiPerFile()
/** Modals to destroy after each test (the UI is unmounted by modalUiPerFile). */
let modals: { destroy(): void }[] = []
afterEach(() => modals.splice(0).forEach((m) => m.destroy()))

const wallet = (id: string, name: string, rdns: string, installed: boolean): Connector => ({ id, name, chain: 'eip155', type: 'ANNOUNCED', installed, info: { rdns } })
const METAMASK = wallet('mm', 'MetaMask', 'io.metamask', true)
const RAINBOW = wallet('rb', 'Rainbow', 'me.rainbow', false)
/** The embedded wallet's connector: Connect offers its e-mail field and social logins. */
const EMBEDDED: Connector = { id: AUTH_CONNECTOR_ID, name: 'Email', chain: 'eip155', type: 'AUTH' }

async function render(connectors: Connector[], options: Parameters<typeof createTestModal>[0] = {}) {
  const fake = createFakeChainAdapter(connectors)
  const t = await createTestModal({ adapters: [fake.adapter], persistLog: false, ...options })
  const loadingSeen: boolean[] = []
  // A host component reading the flag through useModalState.
  function HostSpinner() {
    const loading = useModalState((s) => s.modal.loading)
    loadingSeen.push(loading)
    return <output data-testid="host-loading">{loading ? 'loading' : 'idle'}</output>
  }
  const { shadow, byTestId: q, view } = mount(t.modal, <HostSpinner />)
  modals.push(t.modal)
  const step = async (fn: () => unknown = () => undefined) => {
    await act(async () => {
      fn()
      await t.time.advanceBy(0)
      await settle()
    })
    // A view whose module has not loaded yet shows a fallback until it has (views load lazily).
    while (q('view-loading')) await act(() => new Promise((r) => setTimeout(r, 10)))
  }
  /** Connect's ways to connect, top to bottom, as drawn. */
  const methods = () =>
    [...q('wallet-choices')!.children].flatMap((el) => {
      const id = el.getAttribute('data-testid')
      return id === 'email-form' ? ['email'] : id === 'socials' ? ['social'] : id === 'wallet-list' || id === 'connect-wallets-entry' ? ['wallet'] : []
    })
  const wallets = () => [...shadow().querySelectorAll('[data-testid="wallet-list"] button')].map((b) => b.getAttribute('data-testid'))
  return { ...t, q, step, view, methods, wallets, loadingSeen }
}

describe('the order of the ways to connect', () => {
  it('e-mail, social, wallets by default (spec §1)', async () => {
    const none = await render([RAINBOW, EMBEDDED])
    await none.step(() => none.modal.open())
    expect(none.methods()).toEqual(['email', 'social', 'wallet'])
    expect(none.q('view-connect')!.getAttribute('data-methods')).toBe('email social wallet')
  })

  it('the wallets first when one is installed in the browser (spec §1)', async () => {
    const installed = await render([RAINBOW, METAMASK, EMBEDDED])
    await installed.step(() => installed.modal.open())
    expect(installed.methods()).toEqual(['wallet', 'email', 'social'])
  })

  it("the host's connectMethodsOrder wins over the installed-wallet rule; the methods it leaves out follow", async () => {
    const t = await render([METAMASK, EMBEDDED], { connectMethodsOrder: ['social', 'email'] })
    await t.step(() => t.modal.open())
    expect(t.methods()).toEqual(['social', 'email', 'wallet'])
    expect(t.modal.getState().settings.connectMethodsOrder).toEqual(['social', 'email'])
  })

  it('a method that is off is left out: no embedded wallet, no e-mail or social', async () => {
    const bare = await render([METAMASK], { connectMethodsOrder: ['email', 'social', 'wallet'] })
    await bare.step(() => bare.modal.open())
    expect(bare.methods()).toEqual(['wallet'])
  })

  it('socials off: the e-mail field stays', async () => {
    const noSocials = await render([RAINBOW, EMBEDDED], { features: { socials: false } })
    await noSocials.step(() => noSocials.modal.open())
    expect(noSocials.methods()).toEqual(['email', 'wallet'])
  })
})

describe('collapseWallets', () => {
  it('Connect shows one "Continue with a wallet" entry in the wallets\' place; it leads to the list, and back', async () => {
    const t = await render([RAINBOW, METAMASK, EMBEDDED], { features: { collapseWallets: true }, connectMethodsOrder: ['email', 'wallet'] })
    await t.step(() => t.modal.open())
    expect(t.methods()).toEqual(['email', 'wallet', 'social'])
    expect(t.wallets()).toEqual([])
    const entry = t.q('connect-wallets-entry')!
    expect(entry.textContent).toBe('⋯Continue with a walletInstalled')
    await t.step(() => entry.click())
    expect(t.view()).toBe('ConnectWallets')
    expect(t.q('view-connect-wallets')).not.toBeNull()
    expect(t.wallets()).toEqual(['wallet-rb', 'wallet-mm'])
    await t.step(() => t.q('wallet-rb')!.click())
    expect(t.view()).toBe('ConnectingExternal')
    await t.step(() => t.modal.back())
    await t.step(() => t.modal.back())
    expect(t.view()).toBe('Connect')
  })

  it('with no e-mail or social login beside them the wallets are listed: one entry alone would hide them for nothing', async () => {
    const t = await render([RAINBOW, METAMASK], { features: { collapseWallets: true } })
    await t.step(() => t.modal.open())
    expect(t.q('connect-wallets-entry')).toBeNull()
    expect(t.wallets()).toEqual(['wallet-rb', 'wallet-mm'])
  })

  it('off by default', async () => {
    const t = await render([RAINBOW, EMBEDDED])
    await t.step(() => t.modal.open())
    expect(t.q('connect-wallets-entry')).toBeNull()
    expect(t.wallets()).toEqual(['wallet-rb'])
  })
})

describe('wallets hidden by rdns or by name', () => {
  it('leave Connect and ConnectWallets; a hidden installed wallet does not put the wallets first', async () => {
    const phantom = wallet('ph', 'Phantom', 'app.phantom', false)
    const t = await render([METAMASK, RAINBOW, phantom, EMBEDDED], { excludeWalletRdns: ['io.metamask'], excludeWalletNames: ['Phantom'] })
    await t.step(() => t.modal.open())
    expect(t.wallets()).toEqual(['wallet-rb'])
    expect(t.methods()).toEqual(['email', 'social', 'wallet'])
    await t.step(() => t.modal.push('ConnectWallets'))
    expect(t.wallets()).toEqual(['wallet-rb'])
  })

  it('a browser wallet the host excludes by directory id leaves Connect once the directory told its rdns', async () => {
    const directory = createFakeDirectory()
    const record = directory.records[0]!
    const listed = wallet('dx', record.name, record.rdns!, true)
    const t = await render([listed, RAINBOW], { walletDirectory: directory.directory, excludeWalletIds: [record.id] })
    await t.step(() => t.modal.open())
    expect(t.wallets()).toEqual(['wallet-rb'])
  })

  it('matching is exact: another rdns or a name in other letters hides nothing', async () => {
    const t = await render([METAMASK, RAINBOW], { excludeWalletRdns: ['io.metamask.flask'], excludeWalletNames: ['rainbow'] })
    await t.step(() => t.modal.open())
    expect(t.wallets()).toEqual(['wallet-mm', 'wallet-rb'])
  })
})

describe('loading while an open prefetches', () => {
  it('the view says it is busy with a bar laid over its top edge, the host reads the flag; both end with the answer', async () => {
    const directory = createFakeDirectory()
    const t = await render([RAINBOW], { walletDirectory: directory.directory })
    directory.hold()
    await t.step(() => t.modal.open())
    const connect = t.q('view-connect')!
    expect(connect.getAttribute('aria-busy')).toBe('true')
    expect(t.q('modal-loading')!.getAttribute('role')).toBe('progressbar')
    expect(t.q('modal-loading')!.getAttribute('aria-label')).toBe('Loading wallets')
    expect(document.querySelector('[data-testid="host-loading"]')!.textContent).toBe('loading')
    /** The view's parts and the wallet choices' parts, by test id (or tag). */
    const parts = () => [...connect.children, ...t.q('wallet-choices')!.children].map((el) => el.getAttribute('data-testid') ?? el.tagName)
    const whileLoading = parts()
    expect(whileLoading[0]).toBe('modal-loading')
    await t.step(() => directory.release())
    expect(t.modal.getState().modal.loading).toBe(false)
    expect(t.q('modal-loading')).toBeNull()
    expect(connect.hasAttribute('aria-busy')).toBe(false)
    expect(document.querySelector('[data-testid="host-loading"]')!.textContent).toBe('idle')
    expect(t.loadingSeen).toContain(true)
    // The recommendations' placeholders gave way to the wallets; nothing else came or went.
    expect(whileLoading.slice(1).map((id) => (id === 'recommended-wallets-loading' ? 'recommended-wallets' : id))).toEqual(parts())
  })

  it('the bar takes no room: it is positioned over the view, which is its containing block', () => {
    expect(MODAL_CSS).toMatch(/\.gw-connect \{ position: relative; \}/)
    expect(MODAL_CSS).toMatch(/\.gw-loading-bar \{ position: absolute;/)
  })
})

describe('social logins', () => {
  it("each provider shows its own mark (an inline drawing, hidden from screen readers), the button named by the provider", async () => {
    const t = await render([RAINBOW, EMBEDDED])
    await t.step(() => t.modal.open())
    const buttons = [...t.q('socials')!.querySelectorAll<HTMLButtonElement>('button')]
    const providers = buttons.map((b) => b.getAttribute('data-testid')!.replace('social-', ''))
    expect(providers.length).toBeGreaterThan(0)
    // The marks are a chunk of their own: the initials stand in until it has loaded.
    while (t.q('socials')!.querySelector('.gw-social-mark')) await act(() => new Promise((r) => setTimeout(r, 10)))
    for (const [i, provider] of providers.entries()) {
      const button = buttons[i]!
      const logo = button.querySelector('svg')!
      expect(logo.getAttribute('data-testid')).toBe(`social-logo-${provider}`)
      expect(logo.getAttribute('aria-hidden')).toBe('true')
      expect(logo.querySelectorAll('path, circle, rect').length).toBeGreaterThan(0)
      expect(button.getAttribute('aria-label')).toMatch(/^Continue with \S/)
    }
    // Nothing is fetched for them.
    expect(t.q('socials')!.querySelector('img, image, use')).toBeNull()
    expect(providers).toEqual(expect.arrayContaining(['google', 'x', 'discord', 'github', 'apple', 'facebook', 'farcaster']))
  })
})
