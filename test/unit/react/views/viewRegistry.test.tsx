import { isValidElement, type FunctionComponent, type ReactElement } from 'react'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../../../src/createModal'
import { VIEWS } from '../../../../src/core/events/views'
import { MODAL_CSS } from '../../../../src/react/theme'
import { StyleSheet } from '../../../../src/react/useStyleSheet'
import { AccountView } from '../../../../src/react/views/accountSheet/AccountView'
import { AllWalletsView } from '../../../../src/react/views/connection/AllWalletsView'
import { ConnectView } from '../../../../src/react/views/connection/ConnectView'
import { LAZY_VIEW_CSS } from '../../../../src/react/views/lazyViewCss'
import { NetworksView } from '../../../../src/react/views/connection/NetworksView'
import { prefetchViews, VIEW_COMPONENTS, viewComponent } from '../../../../src/react/views/viewRegistry'
import type { ViewProps } from '../../../../src/react/views/viewProps'

/** What a loaded lazy view renders: its stylesheet, then the view itself. */
function rendered(view: ViewProps['view']): ReactElement[] {
  const element = (viewComponent(view) as FunctionComponent<ViewProps>)({ view, modal: {} as Modal })
  if (!isValidElement<{ children: ReactElement[] }>(element)) throw new Error('not an element')
  return element.props.children
}

describe('viewRegistry', () => {
  it('the views an open shows first are the components themselves; the others load lazily, then render without suspending', async () => {
    expect(viewComponent('Connect')).toBe(ConnectView)
    expect(viewComponent('Account')).toBe(AccountView)
    // Before the prefetch the registry holds a lazy stand-in for the view's module.
    const standIn = VIEW_COMPONENTS.AllWallets
    expect(viewComponent('AllWallets')).toBe(standIn)
    await prefetchViews()
    // Once loaded, a push renders the view directly, not through the lazy stand-in.
    expect(viewComponent('AllWallets')).not.toBe(standIn)
    const [style, view] = rendered('AllWallets')
    expect(style?.type).toBe(StyleSheet)
    expect((style?.props as { css: string }).css).toBe(LAZY_VIEW_CSS)
    expect(view?.type).toBe(AllWalletsView)
    expect(rendered('Networks')[1]?.type).toBe(NetworksView)
  })

  it('the lazy views bring the rules only they use; the first frame\'s stylesheet has none of them', () => {
    for (const rule of ['.gw-wallet-row', '.gw-search', '.gw-connecting', '.gw-skeleton', '.gw-row ']) {
      expect(LAZY_VIEW_CSS).toContain(rule)
      expect(MODAL_CSS).not.toContain(rule)
    }
  })

  it('every view of the spec has a component', () => {
    expect(VIEWS.filter((view) => typeof VIEW_COMPONENTS[view] !== 'function' && typeof VIEW_COMPONENTS[view] !== 'object')).toEqual([])
  })
})
