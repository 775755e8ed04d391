// @vitest-environment happy-dom
import { act, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { createModal, type Modal } from '../../../../src/createModal'
import { ConnectButton, type ConnectButtonRenderProps } from '../../../../src/react/ConnectButton'
import { ModalProvider } from '../../../../src/react/ModalProvider'
import { NETWORKS, setupModal } from '../hooks/support'

const THEME = { '--gw-accent': 'rgb(1, 2, 3)' }
const serverModal = () =>
  createModal({ projectId: 'p', adapters: ['eip155'], networks: NETWORKS, storage: createMemoryStorage(), persistLog: false, themeVariables: THEME })

let unmount: (() => void)[] = []
afterEach(() => {
  unmount.forEach((f) => f())
  unmount = []
  vi.restoreAllMocks()
})

/** Renders on the "server", then hydrates the HTML on the client; returns what hydration reported. */
async function serverThenHydrate(server: Modal, client: Modal, app: (modal: Modal) => ReactNode, between = () => {}) {
  const html = renderToString(<ModalProvider modal={server}>{app(server)}</ModalProvider>)
  between()
  const el = document.createElement('div')
  el.innerHTML = html
  document.body.appendChild(el)
  const recoverable: unknown[] = []
  const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
  await act(async () => {
    const root = hydrateRoot(el, <ModalProvider modal={client}>{app(client)}</ModalProvider>, { onRecoverableError: (e) => recoverable.push(e) })
    unmount.push(() => act(() => root.unmount()))
  })
  return { html, el, recoverable, consoleErrors: consoleErrors.mock.calls }
}

function Custom({ seen }: { seen: ConnectButtonRenderProps[] }) {
  return (
    <ConnectButton.Custom>
      {(props) => {
        seen.push(props)
        if (!props.mounted) return <span data-testid="custom">…</span>
        return (
          <button type="button" data-testid="custom" onClick={props.account ? props.openAccountModal : props.openConnectModal}>
            {props.account ? props.account.displayName : 'Connect'}
          </button>
        )
      }}
    </ConnectButton.Custom>
  )
}

describe('server rendering and hydration', () => {
  it('ConnectButton renders on the server as not mounted (hidden), and hydrates with no recoverable error', async () => {
    const { modal: client } = await setupModal({ chain: null, themeVariables: THEME })
    const { html, el, recoverable, consoleErrors } = await serverThenHydrate(serverModal(), client, () => <ConnectButton />)
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('data-mounted="false"')
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('tabindex="-1"')
    // No style attribute (a strict CSP blocks it in HTML): the theme's variables come once mounted.
    expect(html).not.toContain('style="')
    // The stylesheet hides the button until hydrated; the page's CSP may need the cspNonce option for it.
    expect(html).toContain('<style>')
    expect(recoverable).toEqual([])
    expect(consoleErrors).toEqual([])
    // After hydration it is mounted: visible and usable, its stylesheet adopted by the document, not a <style>.
    const root = el.querySelector<HTMLElement>('[data-testid="gw-connect-button"]')!
    expect(root.style.getPropertyValue('--gw-accent')).toBe('rgb(1, 2, 3)')
    expect(el.querySelector('style')).toBeNull()
    expect(document.adoptedStyleSheets.some((sheet) => sheet.cssRules[0]?.cssText.includes('.gw-cb.gw-cb'))).toBe(true)
    expect(root.getAttribute('data-mounted')).toBeNull()
    expect(root.getAttribute('aria-hidden')).toBeNull()
    expect(el.querySelector('button')!.tabIndex).toBe(0)
    act(() => el.querySelector('button')!.click())
    expect(client.getState().modal.open).toBe(true)
  })

  it('with the cspNonce option the server\'s <style> carries the nonce, and hydrates with no error', async () => {
    // Browsers give elements a `nonce` property (which React compares when hydrating, as
    // browsers hide the attribute); happy-dom has none: the same, reflecting the attribute.
    if (!('nonce' in HTMLElement.prototype)) {
      Object.defineProperty(HTMLElement.prototype, 'nonce', {
        configurable: true,
        get(this: HTMLElement) {
          return this.getAttribute('nonce') ?? ''
        },
        set(this: HTMLElement, value: string) {
          this.setAttribute('nonce', value)
        },
      })
      unmount.push(() => delete (HTMLElement.prototype as { nonce?: string }).nonce)
    }
    const withNonce = () =>
      createModal({ projectId: 'p', adapters: ['eip155'], networks: NETWORKS, storage: createMemoryStorage(), persistLog: false, cspNonce: 'R4nd0m/n0nce+=' })
    const client = withNonce()
    await client.ready
    const { html, el, recoverable, consoleErrors } = await serverThenHydrate(withNonce(), client, () => <ConnectButton />)
    expect(html).toContain('<style nonce="R4nd0m/n0nce+=">')
    expect(recoverable).toEqual([])
    expect(consoleErrors).toEqual([])
    expect(el.querySelector('style')).toBeNull()
    client.destroy()
  })

  it('the nonce prop (a request\'s, from a server component) beats the option', () => {
    const html = renderToString(
      <ModalProvider modal={serverModal()}>
        <ConnectButton nonce="UmVxdWVzdE5vbmNl" />
      </ModalProvider>,
    )
    expect(html).toContain('<style nonce="UmVxdWVzdE5vbmNl">')
  })

  it('a client already connected hydrates the server HTML first, then shows the account', async () => {
    const { modal: client } = await setupModal({ themeVariables: THEME })
    const { el, recoverable, consoleErrors } = await serverThenHydrate(serverModal(), client, () => <ConnectButton />)
    expect(recoverable).toEqual([])
    expect(consoleErrors).toEqual([])
    expect([...el.querySelectorAll('button')].map((b) => b.getAttribute('data-testid'))).toEqual(['gw-connect-button-chain', 'gw-connect-button-account'])
  })

  it('ConnectButton.Custom: mounted is false on the server and in the first hydration render, true after', async () => {
    const serverSeen: ConnectButtonRenderProps[] = []
    const clientSeen: ConnectButtonRenderProps[] = []
    const { modal: client } = await setupModal({ themeVariables: THEME })
    const html = renderToString(
      <ModalProvider modal={serverModal()}>
        <Custom seen={serverSeen} />
      </ModalProvider>,
    )
    expect(serverSeen.map((p) => p.mounted)).toEqual([false])
    expect(serverSeen[0]?.account).toBeUndefined()
    expect(html).toBe('<span data-testid="custom">…</span>')
    const el = document.createElement('div')
    el.innerHTML = html
    document.body.appendChild(el)
    const recoverable: unknown[] = []
    await act(async () => {
      const root = hydrateRoot(
        el,
        <ModalProvider modal={client}>
          <Custom seen={clientSeen} />
        </ModalProvider>,
        { onRecoverableError: (e) => recoverable.push(e) },
      )
      unmount.push(() => act(() => root.unmount()))
    })
    expect(recoverable).toEqual([])
    expect(clientSeen[0]).toMatchObject({ mounted: false, account: undefined })
    expect(clientSeen.at(-1)).toMatchObject({ mounted: true, account: { displayName: '0x00…0000A1' } })
    expect(el.querySelector('[data-testid="custom"]')?.textContent).toBe('0x00…0000A1')
  })

  it('the check can fail: a component that renders differently on the client is reported', async () => {
    const { modal: client } = await setupModal({ chain: null })
    let side = 'server'
    function Mismatch() {
      return <span>{side}</span>
    }
    const app = () => (
      <>
        <ConnectButton />
        <Mismatch />
      </>
    )
    const { html, recoverable } = await serverThenHydrate(serverModal(), client, app, () => (side = 'client'))
    expect(html).toContain('<span>server</span>')
    expect(recoverable.length).toBeGreaterThan(0)
  })
})
