import { createElement, useEffect, useRef, useState } from 'react'
import { importOptionalPeer } from '../adapters/optionalPeer.js'

type HookWindow = Window & { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }

let devtoolsElement: Promise<HTMLElement> | undefined

/**
 * React DevTools lives in its own root that is created once and never unmounted: unmounting
 * shuts its bridge down for good, and the pane mounts and unmounts as tabs change (twice under
 * StrictMode). The frontend is over a megabyte, so it loads when the pane first opens; it is an
 * optional peer dependency, and without it the pane says which package to install.
 */
function devtoolsRoot(target: Window): Promise<HTMLElement> {
  devtoolsElement ??= Promise.all([
    // Its frontend needs react-is, which it does not declare.
    importOptionalPeer(['react-devtools-inline', 'react-is'], 'the Components tab', () => import('react-devtools-inline/frontend')),
    importOptionalPeer('react-devtools-inline', 'the Components tab', () => import('react-devtools-inline/backend')),
    import('react-dom/client'),
  ]).then(([front, back, client]) => {
    const DevTools = front.initialize(target)
    back.activate(target)
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
  const hooked = typeof window !== 'undefined' && !!(window as HookWindow).__REACT_DEVTOOLS_GLOBAL_HOOK__
  useEffect(() => {
    if (!hooked) return
    let attached: HTMLElement | undefined
    let live = true
    devtoolsRoot(window).then(
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
  }, [hooked])
  if (!hooked) {
    return (
      <p className="gwd-muted">
        The component tree needs React DevTools' hook installed before React loads: call installReactDevtoolsHook() first in
        the page's entry.
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
