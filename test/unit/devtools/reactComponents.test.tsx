// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerComponentsTab } from '../../../src/devtools/componentsTab'
import { ReactComponentsPane } from '../../../src/devtools/reactComponents'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
let unmount: (() => void) | undefined
afterEach(() => {
  unmount?.()
  document.body.innerHTML = ''
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('gangway.devtools.componentsTab')]
})

/** The pane from a fresh copy of its module: it loads React DevTools once per page. */
async function freshPane(): Promise<typeof ReactComponentsPane> {
  vi.resetModules()
  return (await import('../../../src/devtools/reactComponents')).ReactComponentsPane
}

async function renderPane(Pane: typeof ReactComponentsPane = ReactComponentsPane) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<Pane />))
  unmount = () => act(() => root.unmount())
  return el
}

describe("the devtools' Components tab", () => {
  it('without installReactDevtoolsHook() of gangway-kit/devtools/components, says what to install and call', async () => {
    const el = await renderPane()
    const setup = el.querySelector('[data-testid="devtools-react-setup"]')
    expect(setup?.textContent).toContain('install react-devtools-inline and react-is')
    expect(setup?.textContent).toContain('installReactDevtoolsHook() from gangway-kit/devtools/components')
    expect(el.querySelector('[data-testid="devtools-react"]')).toBeNull()
  })

  it('shows the tree of the frontend the hook registered, activating its backend', async () => {
    const activated: Window[] = []
    registerComponentsTab(window, {
      backend: { activate: (w) => void activated.push(w) },
      loadFrontend: () => Promise.resolve({ initialize: () => () => <p data-testid="tree">the tree</p> }),
    })
    const el = await renderPane(await freshPane())
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(el.querySelector('[data-testid="devtools-react"] [data-testid="tree"]')?.textContent).toBe('the tree')
    expect(el.querySelector('[data-testid="devtools-react"]')?.hasAttribute('hidden')).toBe(false)
    expect(activated).toEqual([window])
  })

  it('says why when the frontend cannot load (react-is missing, say)', async () => {
    registerComponentsTab(window, {
      backend: { activate: () => undefined },
      loadFrontend: () => Promise.reject(new Error('Install react-devtools-inline and react-is to use the Components tab')),
    })
    const el = await renderPane(await freshPane())
    await act(async () => new Promise((r) => setTimeout(r, 0)))
    expect(el.textContent).toContain('React DevTools could not load: Install react-devtools-inline and react-is to use the Components tab')
    expect(el.querySelector('[data-testid="devtools-react"]')?.hasAttribute('hidden')).toBe(true)
  })
})
