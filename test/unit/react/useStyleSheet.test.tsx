// @vitest-environment happy-dom
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { createModal, type ModalOptions } from '../../../src/createModal'
import { DevtoolsPanel } from '../../../src/devtools/DevtoolsPanel'
import { adoptStyleSheet, canAdoptStyleSheets } from '../../../src/react/adoptStyleSheet'
import { ConnectButton } from '../../../src/react/ConnectButton'
import { CONNECT_BUTTON_CSS } from '../../../src/react/connectButtonCss'
import { ModalProvider, preloadModalUi } from '../../../src/react/ModalProvider'
import { MODAL_CSS } from '../../../src/react/theme'
import { LAZY_VIEW_CSS } from '../../../src/react/views/lazyViewCss'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { createFakeChainAdapter, connectorOf } from '../../support/fakeChainAdapter'
import { settle } from '../../support/virtualTime'
import { NETWORKS } from '../connection/support'

// A Content-Security-Policy without 'unsafe-inline' blocks <style> elements, not stylesheets a
// document or shadow root adopts: where they can be adopted, Gangway renders no <style> at all.

beforeAll(async () => {
  await preloadModalUi()
  await prefetchViews()
})
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.reverse().forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

async function render(node: (modal: ReturnType<typeof createModal>) => ReactNode, options: Partial<ModalOptions> = {}) {
  const fake = createFakeChainAdapter([connectorOf('a', 'Alpha')])
  const modal = createModal({ projectId: 'p', adapters: [fake.adapter], networks: NETWORKS, storage: createMemoryStorage(), persistLog: false, ...options })
  await modal.ready
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<ModalProvider modal={modal}>{node(modal)}</ModalProvider>))
  cleanup.push(() => modal.destroy(), () => act(() => root.unmount()))
  const shadow = () => document.querySelector('gangway-modal')!.shadowRoot!
  const step = async (fn: () => unknown) => {
    await act(async () => {
      fn()
      await settle()
    })
    while (shadow().querySelector('[data-testid="view-loading"]')) await act(() => new Promise((r) => setTimeout(r, 10)))
  }
  return { modal, el, shadow, step }
}

/** The text of each stylesheet a root adopted, in order. */
const adopted = (root: Document | ShadowRoot) => root.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('\n'))
/** The first rule of a stylesheet text, as the sheet's cssRules gives it back. */
const firstRuleOf = (css: string) => {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  return sheet.cssRules[0]!.cssText
}
const styleElements = () => [...document.querySelectorAll('style'), ...[...document.querySelectorAll('gangway-modal')].flatMap((h) => [...h.shadowRoot!.querySelectorAll('style')])]

describe('stylesheets under a strict Content-Security-Policy', () => {
  it('the test page has constructable stylesheets (the path a current browser takes)', () => {
    expect(canAdoptStyleSheets()).toBe(true)
  })

  it("the modal's shadow root adopts its stylesheet and a lazy view's; no <style> is rendered anywhere", async () => {
    const t = await render(() => <ConnectButton />)
    await t.step(() => t.modal.open())
    expect(adopted(t.shadow())).toHaveLength(1)
    expect(adopted(t.shadow())[0]).toContain(firstRuleOf(MODAL_CSS))
    // A lazily loaded view brings its sheet, after the modal's, and takes it away when it goes.
    await t.step(() => t.modal.push('AllWallets'))
    expect(t.shadow().querySelector('[data-testid="view-AllWallets"]')).not.toBeNull()
    expect(adopted(t.shadow())).toHaveLength(2)
    expect(adopted(t.shadow())[1]).toContain(firstRuleOf(LAZY_VIEW_CSS))
    expect(styleElements()).toEqual([])
    await t.step(() => t.modal.back())
    expect(adopted(t.shadow())).toHaveLength(1)
    // The button lives in the page: the document adopts its sheet.
    expect(adopted(document).filter((text) => text.includes('.gw-cb.gw-cb'))).toHaveLength(1)
    expect(styleElements()).toEqual([])
  })

  it('one sheet per stylesheet text: two modals and two buttons share it; the document keeps it while a button is there', async () => {
    const one = await render(() => (
      <>
        <ConnectButton />
        <ConnectButton />
      </>
    ))
    const two = await render(() => <ConnectButton />)
    // Each modal's UI stays rendered (closed) after its first open.
    await one.step(() => one.modal.open())
    await one.step(() => one.modal.close())
    await two.step(() => two.modal.open())
    const [hostA, hostB] = document.querySelectorAll('gangway-modal')
    expect(hostA!.shadowRoot!.adoptedStyleSheets[0]).toBe(hostB!.shadowRoot!.adoptedStyleSheets[0])
    const buttonSheets = () => document.adoptedStyleSheets.filter((s) => s.cssRules[0]?.cssText === firstRuleOf(CONNECT_BUTTON_CSS))
    expect(buttonSheets()).toHaveLength(1)
    cleanup.pop()!()
    expect(buttonSheets()).toHaveLength(1)
    cleanup.pop()!()
    cleanup.pop()!()
    expect(buttonSheets()).toHaveLength(0)
  })

  it('the devtools panel adopts its sheet into the page and renders no <style>', async () => {
    const t = await render((modal) => <DevtoolsPanel modal={modal} reduxDevtools={false} />)
    expect(t.el.querySelector('[data-testid="gangway-devtools"]')).not.toBeNull()
    expect(adopted(document).some((text) => text.includes('.gwd'))).toBe(true)
    expect(styleElements()).toEqual([])
  })

  it('without constructable stylesheets: <style> elements carrying the cspNonce option', async () => {
    vi.stubGlobal('CSSStyleSheet', undefined)
    expect(canAdoptStyleSheets()).toBe(false)
    const t = await render((modal) => (
      <>
        <ConnectButton />
        <DevtoolsPanel modal={modal} reduxDevtools={false} />
      </>
    ), { cspNonce: 'n0nce+/=' })
    await t.step(() => t.modal.open())
    await t.step(() => t.modal.push('AllWallets'))
    const styles = styleElements()
    expect(styles.map((s) => s.textContent)).toEqual(expect.arrayContaining([CONNECT_BUTTON_CSS, MODAL_CSS, LAZY_VIEW_CSS]))
    expect(styles.length).toBeGreaterThanOrEqual(4)
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('n0nce+/=')
    expect(t.shadow().adoptedStyleSheets).toHaveLength(0)
  })
})

describe('adoptStyleSheet', () => {
  it('adds the sheet after the root’s own once, keeps it while held, and leaves the rest alone', () => {
    const host = document.createElement('div')
    const root = host.attachShadow({ mode: 'open' })
    const own = new CSSStyleSheet()
    root.adoptedStyleSheets = [own]
    const release = [adoptStyleSheet(root, '.a { color: red; }'), adoptStyleSheet(root, '.a { color: red; }')]
    const releaseB = adoptStyleSheet(root, '.b { color: blue; }')
    expect(root.adoptedStyleSheets).toHaveLength(3)
    expect(root.adoptedStyleSheets[0]).toBe(own)
    release[0]!()
    release[0]!() // twice is once
    expect(root.adoptedStyleSheets).toHaveLength(3)
    release[1]!()
    expect(adopted(root).slice(1)).toEqual([firstRuleOf('.b { color: blue; }')])
    releaseB()
    expect(root.adoptedStyleSheets).toEqual([own])
  })
})
