// @vitest-environment happy-dom
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConnectButton, type ConnectButtonRenderProps } from '../../../src/react/ConnectButton'
import { loadCatalogue } from '../../../src/react/i18n/i18n'
import { ACCOUNT, actSettled, mount, setupModal } from './hooks/support'

const root = (el: HTMLElement) => el.querySelector<HTMLElement>('[data-testid="gw-connect-button"]')!
const buttons = (el: HTMLElement) => [...el.querySelectorAll('button')]
/** A button's accessible name: its text, visually hidden text included, aria-hidden parts left out. */
function nameOf(b: Element): string {
  const copy = b.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove())
  return (b.getAttribute('aria-label') ?? copy.textContent ?? '').trim()
}
const click = (b: Element | null | undefined) => act(() => (b as HTMLElement).click())

async function connectedWithBalance(options: Parameters<typeof setupModal>[0] = {}) {
  const t = await setupModal(options)
  await actSettled(() => t.fake.answer('getBalance', '1234567890000000000'))
  return t
}

describe('ConnectButton', () => {
  it('not connected: one real button, "Connect Wallet", that opens the modal on Connect', async () => {
    const { modal } = await setupModal({ chain: null })
    const el = mount(modal, <ConnectButton />)
    expect(buttons(el)).toHaveLength(1)
    const button = buttons(el)[0]!
    expect(button.type).toBe('button')
    expect(button.disabled).toBe(false)
    expect(button.tabIndex).toBe(0)
    expect(nameOf(button)).toBe('Connect Wallet')
    expect(root(el).getAttribute('aria-hidden')).toBeNull()
    button.focus()
    expect(document.activeElement).toBe(button)
    click(button)
    expect(modal.getState().modal.open).toBe(true)
    expect(modal.getState().router.view).toBe('Connect')
  })

  it("locale 'auto': the button speaks the browser's first language with a catalogue, and follows a change of the browser's languages", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['sv-SE', 'he-IL', 'en'])
    try {
      const { modal } = await setupModal({ chain: null })
      act(() => modal.setLocale('auto'))
      expect(modal.getState().preferences.locale).toBe('auto')
      await Promise.all([loadCatalogue('he'), loadCatalogue('de')])
      const el = mount(modal, <ConnectButton />)
      expect(nameOf(buttons(el)[0]!)).toBe('חיבור ארנק')
      languages.mockReturnValue(['de-DE'])
      act(() => void window.dispatchEvent(new Event('languagechange')))
      expect(nameOf(buttons(el)[0]!)).toBe('Wallet verbinden')
    } finally {
      languages.mockRestore()
    }
  })

  it('label changes the text', async () => {
    const { modal } = await setupModal({ chain: null })
    const el = mount(modal, <ConnectButton label="Sign in" />)
    expect(nameOf(buttons(el)[0]!)).toBe('Sign in')
  })

  it('connected: the network (opens Networks) and the account with its balance (opens Account)', async () => {
    const { modal } = await connectedWithBalance()
    const el = mount(modal, <ConnectButton />)
    const [chain, account] = buttons(el)
    expect(buttons(el)).toHaveLength(2)
    expect(nameOf(chain!)).toBe('One')
    expect(chain!.querySelector('img')?.getAttribute('src')).toBe('https://img.test/one.png')
    expect(chain!.querySelector('img')?.getAttribute('alt')).toBe('')
    expect(chain!.hasAttribute('data-wrong')).toBe(false)
    expect(nameOf(account!)).toBe('1.234 ETH0x00…0000A1')
    expect(account!.querySelector('[title]')?.getAttribute('title')).toBe(ACCOUNT)
    click(chain)
    expect(modal.getState().router.view).toBe('Networks')
    act(() => modal.close())
    click(account)
    expect(modal.getState().router.view).toBe('Account')
    expect(modal.getState().modal.open).toBe(true)
  })

  it('follows the state: connecting a wallet turns the connect button into the account', async () => {
    const { modal, fake } = await setupModal({ chain: null })
    const el = mount(modal, <ConnectButton />)
    expect(nameOf(buttons(el)[0]!)).toBe('Connect Wallet')
    await act(async () => {
      const c = modal.connect('a')
      fake.answer('connect', { accounts: [ACCOUNT], caipNetworkId: 'eip155:2' })
      await c
    })
    expect(buttons(el).map(nameOf)).toEqual(['Two', '0x00…0000A1'])
    // A network without an image shows its initials.
    expect(buttons(el)[0]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('TW')
  })

  it('an unsupported network shows "Wrong network" and opens UnsupportedChain', async () => {
    const { modal } = await setupModal({ chain: 'eip155:5' })
    await actSettled(() => modal.close())
    const el = mount(modal, <ConnectButton />)
    const chain = buttons(el)[0]!
    expect(nameOf(chain)).toContain('Wrong network')
    expect(chain.hasAttribute('data-wrong')).toBe(true)
    click(chain)
    expect(modal.getState().router.view).toBe('UnsupportedChain')
  })

  it('an unsupported network the host allows is shown by its id, not as wrong', async () => {
    const { modal } = await setupModal({ chain: 'eip155:5', allowUnsupportedChain: true })
    const el = mount(modal, <ConnectButton />)
    const chain = buttons(el)[0]!
    expect(nameOf(chain)).toBe('eip155:5')
    expect(chain.hasAttribute('data-wrong')).toBe(false)
    click(chain)
    expect(modal.getState().router.view).toBe('Networks')
  })

  it('accountStatus, chainStatus and showBalance choose what shows; hidden text keeps every button named', async () => {
    const { modal } = await connectedWithBalance()
    const el = mount(
      modal,
      <>
        <div id="a">
          <ConnectButton accountStatus="avatar" chainStatus="icon" showBalance={false} />
        </div>
        <div id="b">
          <ConnectButton accountStatus="address" chainStatus="name" />
        </div>
        <div id="c">
          <ConnectButton accountStatus="none" chainStatus="none" showBalance={false} />
        </div>
        <div id="d">
          <ConnectButton accountStatus="none" chainStatus="full" />
        </div>
      </>,
    )
    const [chainA, accountA] = buttons(el.querySelector('#a')!)
    expect(chainA!.querySelector('img')).not.toBeNull()
    expect(chainA!.querySelector('.gw-cb-sr')?.textContent).toBe('One')
    expect(accountA!.querySelector('.gw-cb-sr')?.textContent).toBe('Account 0x00…0000A1')
    expect(accountA!.textContent).not.toContain('ETH')
    const [chainB, accountB] = buttons(el.querySelector('#b')!)
    expect(chainB!.querySelector('img')).toBeNull()
    expect(nameOf(chainB!)).toBe('One')
    expect(nameOf(accountB!)).toBe('1.234 ETH0x00…0000A1')
    expect(accountB!.querySelector('.gw-cb-sr')).toBeNull()
    expect(accountB!.querySelector('.gw-cb-icon')).toBeNull()
    expect(buttons(el.querySelector('#c')!)).toHaveLength(0)
    const [chainD, accountD] = buttons(el.querySelector('#d')!)
    expect(nameOf(chainD!)).toBe('One')
    expect(nameOf(accountD!)).toBe('1.234 ETHAccount 0x00…0000A1')
    for (const b of buttons(el)) expect(nameOf(b).length, b.outerHTML).toBeGreaterThan(0)
  })

  it('uses the theme: mode, the option variables and runtime ones, on its own element', async () => {
    const { modal } = await setupModal({ chain: null, themeVariables: { '--gw-accent': 'rgb(1, 2, 3)' } })
    const el = mount(modal, <ConnectButton />)
    expect(root(el).getAttribute('data-theme')).toBe('light')
    expect(root(el).style.getPropertyValue('--gw-accent')).toBe('rgb(1, 2, 3)')
    await actSettled(() => modal.setThemeVariables({ '--gw-accent': 'rgb(4, 5, 6)', '--gw-radius': '0px' }))
    await actSettled(() => modal.setThemeMode('dark'))
    expect(root(el).getAttribute('data-theme')).toBe('dark')
    expect(root(el).style.getPropertyValue('--gw-accent')).toBe('rgb(4, 5, 6)')
    expect(root(el).style.getPropertyValue('--gw-radius')).toBe('0px')
  })

  it("the host's element and class rules do not reach it", async () => {
    const { modal } = await setupModal({ chain: null })
    const hostile = document.createElement('style')
    hostile.textContent =
      'button { display: none; padding: 40px; background: rgb(255, 0, 0); } div .gw-cb-btn { color: rgb(0, 255, 0); border-radius: 30px; cursor: wait; }'
    document.head.appendChild(hostile)
    try {
      const el = mount(modal, <ConnectButton />)
      const style = getComputedStyle(buttons(el)[0]!)
      expect(style.display).toBe('inline-flex')
      expect(style.color).not.toBe('rgb(0, 255, 0)')
      expect(style.cursor).toBe('pointer')
      expect(style.paddingLeft).toBe('12px')
      expect(style.backgroundColor).not.toBe('rgb(255, 0, 0)')
    } finally {
      hostile.remove()
    }
  })
})

describe('ConnectButton.Custom', () => {
  it('gives account, chain, the open functions and mounted to its children', async () => {
    const { modal, fake } = await setupModal({ chain: null })
    const seen: ConnectButtonRenderProps[] = []
    const el = mount(
      modal,
      <ConnectButton.Custom>
        {(props) => {
          seen.push(props)
          return <span data-testid="custom">{props.account?.displayName ?? 'none'}</span>
        }}
      </ConnectButton.Custom>,
    )
    let last = seen.at(-1)!
    expect(last).toMatchObject({ account: undefined, chain: undefined, mounted: true })
    expect(el.textContent).toBe('none')
    act(() => last.openConnectModal())
    expect(modal.getState().router.view).toBe('Connect')
    act(() => modal.close())

    await act(async () => {
      const c = modal.connect('a')
      fake.answer('connect', { accounts: [ACCOUNT], caipNetworkId: 'eip155:1' })
      await c
    })
    await actSettled(() => fake.answer('getBalance', '2000000000000000000'))
    last = seen.at(-1)!
    expect(last.account).toMatchObject({
      address: ACCOUNT,
      caipAddress: `eip155:1:${ACCOUNT}`,
      displayName: '0x00…0000A1',
      displayBalance: '2.000 ETH',
      connectorName: 'Alpha Wallet',
      status: 'connected',
    })
    expect(last.chain).toEqual({ id: 1, name: 'One', caipNetworkId: 'eip155:1', iconUrl: 'https://img.test/one.png', unsupported: false })
    expect(el.textContent).toBe('0x00…0000A1')
    act(() => last.openAccountModal())
    expect(modal.getState().router.view).toBe('Account')
    act(() => modal.close())
    act(() => last.openChainModal())
    expect(modal.getState().router.view).toBe('Networks')
  })
})
