// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { WalletInternalError, WalletRejectedError } from '../../../src/core/errors/wallet'
import { createModal, type ModalOptions } from '../../../src/createModal'
import { ModalProvider, preloadModalUi } from '../../../src/react/ModalProvider'
import { accountTypeSwitched, accountTypeSwitchStarted } from '../../../src/core/events/embeddedWallet/embeddedWallet'
import { siwx } from '../../../src/features/siwx'
import { MAX_SEARCH_LENGTH } from '../../../src/react/views/connection/AllWalletsView'
import { createFakeChainAdapter, connectorOf } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { NETWORKS } from '../connection/support'
import { createFakeDirectory, httpError } from '../data/fakeApi'

// The modal's UI is a chunk of its own: loaded before the first open, as an idle page has it.
beforeAll(() => preloadModalUi())

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

async function mount(modal: ReturnType<typeof createModal>) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<ModalProvider modal={modal} />))
  cleanup.push(() => act(() => root.unmount()), () => modal.destroy())
  const shadow = () => document.querySelector('gangway-modal')!.shadowRoot!
  const q = (testId: string) => shadow().querySelector<HTMLElement>(`[data-testid="${testId}"]`)
  const view = () => shadow().querySelector('[role=dialog]')?.getAttribute('data-view') ?? null
  const dialogText = () => shadow().querySelector('[role=dialog]')?.textContent ?? ''
  const waitForView = async () => {
    while (q('view-loading')) await act(() => new Promise((r) => setTimeout(r, 10)))
  }
  return { shadow, q, view, dialogText, waitForView }
}

async function render(options: Partial<ModalOptions> = {}) {
  const fake = createFakeChainAdapter([connectorOf('a', 'Alpha'), connectorOf('b', 'Beta')])
  const modal = createModal({ projectId: 'p', adapters: [fake.adapter], networks: NETWORKS, storage: createMemoryStorage(), persistLog: false, ...options })
  await modal.ready
  const m = await mount(modal)
  const step = async (fn: () => unknown = () => undefined) => {
    await act(async () => {
      fn()
      await settle()
    })
    await m.waitForView()
  }
  return { modal, fake, step, ...m }
}

/** How many times `text` occurs in `haystack`. */
const count = (haystack: string, text: string) => haystack.split(text).length - 1

describe('closing mid-connect', () => {
  it('reopened, Connect shows no error: closing is no failure', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-a')!.click())
    await t.step(() => t.modal.close())
    expect(t.modal.getState().wallets.attempt?.error?.kind).toBe('MODAL_CLOSED')
    await t.step(() => t.modal.open())
    expect(t.view()).toBe('Connect')
    expect(t.q('connect-error')).toBeNull()
    expect(t.dialogText()).not.toContain('Modal closed')
  })

  it('the wallet approving after the close is disconnected; the app stays disconnected', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-a')!.click())
    await t.step(() => t.modal.close())
    await t.step(() => t.fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1' }))
    expect(t.fake.calls().filter((c) => c.method === 'disconnect')).toEqual([{ method: 'disconnect', args: ['a'] }])
    expect(t.modal.getState().connection.byNamespace.eip155?.connections ?? []).toEqual([])
  })

  it('a real failure is still shown on Connect, in the spec\'s words', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-a')!.click())
    await t.step(() => t.fake.fail('connect', new WalletRejectedError('Connection rejected', { code: 4001 })))
    await t.step(() => t.modal.back())
    expect(t.q('connect-error')!.textContent).toBe('Connection rejected')
  })
})

describe('one message per state', () => {
  it('a rejected connect says "Connection rejected" once, under the wallet\'s name', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-b')!.click())
    await t.step(() => t.fake.fail('connect', new WalletRejectedError('Connection rejected', { code: 4001 })))
    const text = t.q('view-connecting-external')!.textContent!
    expect(count(text, 'Connection rejected')).toBe(1)
    expect(t.q('connecting-error')!.textContent).toBe('Connection rejected')
    // The wallet's name is the dialog's title, and only there.
    expect(t.shadow().querySelector('.gw-title')!.textContent).toBe('Beta')
    expect(count(text, 'Beta')).toBe(0)
  })

  it("the wallet's name shows once while waiting: the title names the wallet, the body says what to do", async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-b')!.click())
    expect(t.q('view-connecting-external')!.getAttribute('data-status')).toBe('waiting')
    const dialog = t.shadow().querySelector('[role=dialog]')!.textContent!
    expect(t.shadow().querySelector('.gw-title')!.textContent).toBe('Beta')
    expect(count(dialog, 'Beta')).toBe(1)
    expect(t.q('connecting-instruction')!.textContent).toBe('Accept the connection request in your wallet.')
  })

  it('a technical failure shows the spec\'s "Something went wrong", the wallet\'s words only in the details', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-b')!.click())
    await t.step(() => t.fake.fail('connect', new WalletInternalError('Internal error', { code: -32603 })))
    expect(t.modal.getState().wallets.attempt?.error?.shortMessage).not.toBe('Something went wrong')
    expect(t.q('connecting-error')!.textContent).toBe('Something went wrong')
    const details = t.q('connecting-error-details')!
    expect(details.tagName).toBe('DETAILS')
    expect(details.textContent).toContain('Internal error')
    expect(count(t.dialogText(), 'Internal error')).toBe(1)
  })
})

describe('banners', () => {
  it('"Link copied" dismisses itself after 3 s; an error stays until the modal closes', async () => {
    const t = await createTestModal({ persistLog: false })
    const m = await mount(t.modal)
    await act(async () => {
      t.modal.open()
      await t.time.advanceBy(0)
    })
    await act(async () => {
      t.modal.showBanner('success', 'Link copied')
      await t.time.advanceBy(0)
    })
    expect(m.q('gw-banner')!.textContent).toContain('Link copied')
    await act(() => t.time.advanceBy(2_900))
    expect(m.q('gw-banner')).not.toBeNull()
    await act(() => t.time.advanceBy(200))
    expect(m.q('gw-banner')).toBeNull()

    await act(async () => {
      t.modal.showBanner('error', 'Rate Limited')
      await t.time.advanceBy(10_000)
    })
    expect(m.q('gw-banner')!.textContent).toContain('Rate Limited')
    await act(async () => {
      t.modal.close()
      await t.time.advanceBy(0)
    })
    await act(async () => {
      t.modal.open()
      await t.time.advanceBy(0)
    })
    expect(m.q('gw-banner')).toBeNull()
  })
})

describe('AllWallets', () => {
  async function allWallets(fake = createFakeDirectory()) {
    const t = await createTestModal({ walletDirectory: fake.directory, persistLog: false })
    const m = await mount(t.modal)
    await act(async () => {
      t.modal.open('AllWallets')
      await t.time.advanceBy(0)
    })
    await m.waitForView()
    return { ...t, ...m }
  }

  it('a failed listing says so once: no "Loading wallets…" over the error, the list shows its error once', async () => {
    const fake = createFakeDirectory()
    fake.fail(() => httpError(429))
    const t = await allWallets(fake)
    expect(t.q('all-wallets-error')).not.toBeNull()
    const view = t.q('all-wallets')!.textContent!
    expect(view).not.toContain('Loading wallets…')
    expect(count(view, 'Rate Limited')).toBe(1)
    expect(t.q('all-wallets-count')!.textContent).toBe('')
  })

  it('a failed search says so without "Searching…"', async () => {
    const fake = createFakeDirectory()
    const t = await allWallets(fake)
    fake.fail(() => httpError(500))
    await act(async () => {
      t.modal.dispatch({ type: 'walletList/searchChanged', payload: { query: 'vault' } })
      await t.time.advanceBy(10_000)
    })
    expect(t.q('all-wallets-error')).not.toBeNull()
    expect(t.q('all-wallets')!.textContent).not.toContain('Searching…')
  })

  it('the search box refuses text longer than the directory takes', async () => {
    const t = await allWallets()
    const input = t.q('all-wallets-search') as HTMLInputElement
    expect(MAX_SEARCH_LENGTH).toBe(100)
    expect(input.maxLength).toBe(MAX_SEARCH_LENGTH)
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      setter.call(input, 'x'.repeat(300))
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(t.modal.getState().walletList.searchInput.length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH)
  })
})

describe('embedded-wallet views without an embedded wallet', () => {
  it("say so with the spec's message instead of waiting for ever", async () => {
    const t = await render()
    for (const [view, message] of [
      ['EmailLogin', 'Unable to load email login dependency'],
      ['ConnectingSocial', 'Unable to load email login dependency'],
      ['ConnectingFarcaster', 'Unable to load email login dependency'],
      ['UpdateEmailWallet', 'No auth connector found'],
    ] as const) {
      await t.step(() => t.modal.open(view))
      await t.waitForView()
      expect(t.q('embedded-wallet-missing')?.textContent).toContain(message)
      await t.step(() => t.modal.close())
    }
    // Nothing was asked of an embedded wallet.
    expect(t.modal.getState().socialLogin.step).toBe('idle')
  })
})

describe('views of a feature the host did not bring', () => {
  it("say the spec's message, and the console names the import", async () => {
    const logged: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((message: unknown) => void logged.push(String(message)))
    try {
      const t = await render()
      for (const [view, message, testId] of [
        ['Swap', 'Something went wrong', 'feature-missing'],
        ['SIWXSignMessage', 'SIWX is not enabled', 'feature-missing'],
        ['ConnectingWalletConnect', 'WalletConnectConnector not found', 'feature-missing'],
      ] as const) {
        await t.step(() => t.modal.open(view))
        expect(t.q(testId)?.textContent).toContain(message)
        await t.step(() => t.modal.close())
      }
      expect(logged.some((m) => m.includes("the Swap view comes with createModal({ modules: [swaps()] }) of 'gangway-kit/features'"))).toBe(true)
      expect(logged.some((m) => m.includes("createModal({ walletConnect: walletConnect() }) of 'gangway-kit/walletconnect'"))).toBe(true)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('no dead Back', () => {
  it('a view opened directly has no Back in the header; Close closes the modal', async () => {
    const t = await render()
    await t.step(() => t.modal.open('UpdateEmailWallet'))
    expect(t.modal.getState().router.history).toHaveLength(1)
    expect(t.shadow().querySelector('[aria-label="Back"]')).toBeNull()
    await t.step(() => (t.shadow().querySelector('[aria-label="Close"]') as HTMLButtonElement).click())
    expect(t.modal.getState().modal.open).toBe(false)
  })

  it("pushed over another view, the header's Back goes back", async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.modal.push('UpdateEmailWallet'))
    expect(t.shadow().querySelector('[aria-label="Back"]')).not.toBeNull()
    // The header's buttons are icons (named by their labels), not text glyphs.
    for (const label of ['Back', 'Close']) {
      const button = t.shadow().querySelector(`[aria-label="${label}"]`)!
      expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
      expect(button.textContent).toBe('')
    }
    await t.step(() => (t.shadow().querySelector('[aria-label="Back"]') as HTMLButtonElement).click())
    expect(t.view()).toBe('Connect')
  })
})

describe('focus', () => {
  it('after "Try again" focus stays in the dialog, and comes to the retry once the wallet refuses again', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-b')!.click())
    await t.step(() => t.fake.fail('connect', new WalletRejectedError('Connection rejected', { code: 4001 })))
    while ((t.q('connecting-retry') as HTMLButtonElement).disabled) await t.step(() => new Promise((r) => setTimeout(r, 50)))
    // A keyboard user reaches the retry and presses it: the button goes away with the failure.
    act(() => t.q('connecting-retry')!.focus())
    expect(t.shadow().activeElement).toBe(t.q('connecting-retry'))
    await t.step(() => t.q('connecting-retry')!.click())
    expect(t.q('connecting-retry')).toBeNull()
    const dialog = t.shadow().querySelector('[role=dialog]')!
    const active = t.shadow().activeElement
    expect(active === dialog || dialog.contains(active)).toBe(true)
    expect(document.activeElement).not.toBe(document.body)
    // Refused again: the retry, enabled after 1 s, takes focus back.
    await t.step(() => t.fake.fail('connect', new WalletRejectedError('Connection rejected', { code: 4001 })))
    while ((t.q('connecting-retry') as HTMLButtonElement).disabled) await t.step(() => new Promise((r) => setTimeout(r, 50)))
    expect(t.shadow().activeElement).toBe(t.q('connecting-retry'))
    // Escape still reaches the dialog.
    await t.step(() => t.shadow().activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true })))
    expect(t.modal.getState().modal.open).toBe(false)
  })

  it('Escape closes the modal even when focus was lost to the page', async () => {
    const t = await render()
    await t.step(() => t.modal.open())
    ;(t.shadow().activeElement as HTMLElement | null)?.blur()
    expect(document.activeElement).toBe(document.body)
    await t.step(() => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(t.modal.getState().modal.open).toBe(false)
  })
})

describe('sign-in while the embedded wallet switches account type', () => {
  it("Sign is busy until the switch is answered, so the message is for the address the wallet lands on", async () => {
    const t = await render({ siwx: siwx() })
    await t.step(() => t.modal.open())
    await t.step(() => t.q('wallet-a')!.click())
    await t.step(() => t.fake.answer('connect', { accounts: [A], caipNetworkId: 'eip155:1' }))
    await t.step(() => t.modal.dispatch(accountTypeSwitchStarted({ type: 'smartAccount' })))
    await t.step(() => t.modal.open('SIWXSignMessage'))
    const sign = () => t.q('siwx-sign') as HTMLButtonElement
    expect(sign().disabled).toBe(true)
    expect(sign().getAttribute('aria-busy')).toBe('true')
    await t.step(() => t.modal.dispatch(accountTypeSwitched({ type: 'smartAccount' })))
    expect(sign().disabled).toBe(false)
  })
})
