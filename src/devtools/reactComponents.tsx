import { createElement, useEffect, useRef, useState } from 'react'
import { registeredComponentsTab, type ComponentsTab } from './componentsTab.js'

let devtoolsElement: Promise<HTMLElement> | undefined

/**
 * React DevTools lives in its own root that is created once and never unmounted: unmounting
 * shuts its bridge down for good, and the pane mounts and unmounts as tabs change (twice under
 * StrictMode). Its frontend comes from what `installReactDevtoolsHook()` of
 * `gangway-kit/devtools/components` registered (this module never imports React DevTools), and
 * loads when the pane first opens.
 */
function devtoolsRoot(target: Window, tab: ComponentsTab): Promise<HTMLElement> {
  devtoolsElement ??= Promise.all([tab.loadFrontend(), import('react-dom/client')]).then(([front, client]) => {
    const DevTools = front.initialize(target)
    tab.backend.activate(target)
    const element = document.createElement('div')
    element.style.height = '100%'
    client.createRoot(element).render(createElement(DevTools, { browserTheme: 'light', showTabBar: true }))
    return element
  })
  return devtoolsElement
}

/** React DevTools' component tree of this page, inline. */
export function ReactComponentsPane() {
  const slot = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'loading' | 'ready' | { failed: string }>('loading')
  const tab = typeof window !== 'undefined' ? registeredComponentsTab(window) : undefined
  useEffect(() => {
    if (!tab) return
    let attached: HTMLElement | undefined
    let live = true
    devtoolsRoot(window, tab).then(
      (element) => {
        if (!live || !slot.current) return
        slot.current.appendChild(element)
        attached = element
        setState('ready')
      },
      (e: unknown) => live && setState({ failed: e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e) }),
    )
    return () => {
      live = false
      attached?.remove()
    }
  }, [tab])
  if (!tab) {
    return (
      <p className="gwd-muted" data-testid="devtools-react-setup">
        The component tree needs React DevTools inline: install react-devtools-inline and react-is, and call
        installReactDevtoolsHook() from gangway-kit/devtools/components first in the page's entry, before React loads.
      </p>
    )
  }
  return (
    <>
      {state === 'loading' ? <p className="gwd-muted">Loading React DevTools…</p> : null}
      {typeof state === 'object' ? <p className="gwd-error">React DevTools could not load: {state.failed}</p> : null}
      <div className="gwd-react" data-testid="devtools-react" ref={slot} hidden={state !== 'ready'} />
    </>
  )
}
