// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal } from '../../../src/createModal'
import { ModalProvider, preloadModalUi } from '../../../src/react/ModalProvider'
import { useModal } from '../../../src/react/ModalContext'
import { useModalState } from '../../../src/react/useModalState'
import { siwx } from '../../../src/features/siwx'

// The modal's UI is a chunk of its own: loaded before the first open, as an idle page has it.
beforeAll(() => preloadModalUi())

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const newModal = () => createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

function mount(node: React.ReactNode) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  act(() => root.render(node))
  cleanup.push(() => act(() => root.unmount()))
  return el
}

describe('useModalState', () => {
  it('re-renders on the selected slice only', async () => {
    const modal = newModal()
    await modal.ready
    const renders: string[] = []
    function View() {
      const view = useModalState((s) => s.router.view)
      renders.push(view)
      return <span>{view}</span>
    }
    const el = mount(
      <ModalProvider modal={modal}>
        <View />
      </ModalProvider>,
    )
    const count = renders.length
    act(() => modal.setThemeMode('dark'))
    expect(renders.length).toBe(count)
    act(() => modal.open('Networks'))
    expect(el.textContent).toBe('Networks')
    expect(renders.length).toBe(count + 1)
  })
  it('accepts a custom equality', async () => {
    const modal = newModal()
    await modal.ready
    let renders = 0
    function View() {
      useModalState((s) => ({ open: s.modal.open }), (a, b) => a.open === b.open)
      renders++
      return null
    }
    mount(<ModalProvider modal={modal}><View /></ModalProvider>)
    const count = renders
    act(() => modal.setThemeMode('dark'))
    act(() => modal.showBanner('info', 'hi'))
    expect(renders).toBe(count)
  })
  it('useModal outside a provider says what is wrong', () => {
    function Bad() {
      useModal()
      return null
    }
    expect(() => renderToString(<Bad />)).toThrowError('useModal must be used inside <ModalProvider>')
  })
  it('a server render hydrates without a mismatch', async () => {
    const modal = newModal()
    function App() {
      const open = useModalState((s) => s.modal.open)
      const theme = useModalState((s) => s.preferences.themeMode)
      return <p>{`${open}-${theme}`}</p>
    }
    const html = renderToString(<ModalProvider modal={modal}><App /></ModalProvider>)
    expect(html).toBe('<p>false-light</p>')
    const client = newModal()
    await client.ready
    const el = document.createElement('div')
    el.innerHTML = html
    document.body.appendChild(el)
    const errors: unknown[] = []
    await act(async () => {
      const root = hydrateRoot(el, <ModalProvider modal={client}><App /></ModalProvider>, { onRecoverableError: (e) => errors.push(e) })
      cleanup.push(() => root.unmount())
    })
    expect(errors).toEqual([])
  })
})

describe('the modal shell', () => {
  it('renders the dialog in a shadow root with aria-modal, title and the view', async () => {
    const modal = newModal()
    await modal.ready
    mount(<ModalProvider modal={modal} />)
    const host = document.querySelector('gangway-modal') as HTMLElement
    expect(host.shadowRoot?.querySelector('[role=dialog]')).toBeNull()
    act(() => modal.open())
    const dialog = host.shadowRoot?.querySelector('[role=dialog]') as HTMLElement
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(host.shadowRoot?.getElementById(dialog.getAttribute('aria-labelledby') as string)?.textContent).toBe('Connect Wallet')
    expect(dialog.querySelector('[data-testid=view-connect]')).not.toBeNull()
  })
  it('shows a back button only with history', async () => {
    const modal = newModal()
    await modal.ready
    mount(<ModalProvider modal={modal} />)
    act(() => modal.open())
    const root = () => (document.querySelector('gangway-modal') as HTMLElement).shadowRoot as ShadowRoot
    expect(root().querySelector('[aria-label=Back]')).toBeNull()
    act(() => modal.push('UpdateEmailWallet'))
    expect(modal.getState().router.view).toBe('UpdateEmailWallet')
    expect(root().querySelector('[aria-label=Back]')).not.toBeNull()
    act(() => (root().querySelector('[aria-label=Back]') as HTMLButtonElement).click())
    expect(modal.getState().router.view).toBe('Connect')
  })
  it('Escape closes; the close button shakes instead when closing is not allowed', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false, siwx: siwx({ required: true }) })
    await modal.ready
    mount(<ModalProvider modal={modal} />)
    const root = () => (document.querySelector('gangway-modal') as HTMLElement).shadowRoot as ShadowRoot
    act(() => modal.open())
    act(() => root().querySelector('[role=dialog]')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(modal.getState().modal.open).toBe(false)
    act(() => modal.open('SIWXSignMessage'))
    act(() => (root().querySelector('[aria-label=Close]') as HTMLButtonElement).click())
    expect(modal.getState().modal.open).toBe(true)
    expect(root().querySelector('[role=dialog]')?.getAttribute('data-shake')).toBe('true')
  })
  it('applies the theme mode and host theme variables', async () => {
    const modal = createModal({ projectId: 'p', storage: createMemoryStorage(), persistLog: false, themeVariables: { '--gw-accent': 'rgb(1, 2, 3)' } })
    await modal.ready
    mount(<ModalProvider modal={modal} />)
    const host = document.querySelector('gangway-modal') as HTMLElement
    expect(host.style.getPropertyValue('--gw-accent')).toBe('rgb(1, 2, 3)')
    act(() => modal.setThemeMode('dark'))
    expect(host.getAttribute('data-theme')).toBe('dark')
    // The UI renders from the first open on, in the mode set before it.
    expect(host.shadowRoot?.querySelector('.gw-root')).toBeNull()
    act(() => modal.open())
    expect(host.shadowRoot?.querySelector('.gw-root')?.getAttribute('data-theme')).toBe('dark')
    act(() => modal.setThemeMode('light'))
    expect([host.getAttribute('data-theme'), host.shadowRoot?.querySelector('.gw-root')?.getAttribute('data-theme')]).toEqual(['light', 'light'])
  })
})
