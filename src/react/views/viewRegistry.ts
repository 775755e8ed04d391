import { createElement, Fragment, lazy, type ComponentType } from 'react'
import type { ViewProps } from './viewProps.js'
import type { ViewName } from '../../core/events/views.js'
import { AccountView } from './AccountView.js'
import { ConnectView } from './ConnectView.js'
import { pageIdle } from '../../adapters/pageIdle.js'


type ViewLoader = () => Promise<ComponentType<ViewProps>>

// Views an open rarely lands on load on first use, so they stay out of the host's initial bundle;
// they are prefetched when the page is idle after loading (and again, if that has not happened,
// once the modal is on screen), so pushing one never waits for the network.
const VIEW_LOADERS: Partial<Record<ViewName, ViewLoader>> = {
  AllWallets: () => import('./AllWalletsView.js').then((m) => m.AllWalletsView),
  EmailLogin: () => import('./EmailLoginView.js').then((m) => m.EmailLoginView),
  UpdateEmailWallet: () => import('./UpdateEmailWalletView.js').then((m) => m.UpdateEmailWalletView),
  ConnectingSocial: () => import('./ConnectingSocialView.js').then((m) => m.ConnectingSocialView),
  ConnectingFarcaster: () => import('./ConnectingFarcasterView.js').then((m) => m.ConnectingFarcasterView),
  ConnectingExternal: () => import('./ConnectingExternalView.js').then((m) => m.ConnectingExternalView),
  ConnectingWalletConnect: () => import('./ConnectingWalletConnectView.js').then((m) => m.ConnectingWalletConnectView),
  ConnectingWalletConnectBasic: () => import('./ConnectingWalletConnectBasicView.js').then((m) => m.ConnectingWalletConnectBasicView),
  Networks: () => import('./NetworksView.js').then((m) => m.NetworksView),
  SwitchNetwork: () => import('./SwitchNetworkView.js').then((m) => m.SwitchNetworkView),
  UnsupportedChain: () => import('./UnsupportedChainView.js').then((m) => m.UnsupportedChainView),
  ProfileWallets: () => import('./ProfileWalletsView.js').then((m) => m.ProfileWalletsView),
  SwitchActiveChain: () => import('./SwitchActiveChainView.js').then((m) => m.SwitchActiveChainView),
  Receive: () => import('./ReceiveView.js').then((m) => m.ReceiveView),
  WalletSend: () => import('./SendView.js').then((m) => m.SendView),
  SIWXSignMessage: () => import('./SiwxSignMessageView.js').then((m) => m.SiwxSignMessageView),
  SiwxSessions: () => import('./SiwxSessionsView.js').then((m) => m.SiwxSessionsView),
  RegisterAccountName: () => import('./RegisterAccountNameView.js').then((m) => m.RegisterAccountNameView),
  RegisterAccountNameSuccess: () => import('./RegisterAccountNameView.js').then((m) => m.RegisterAccountNameSuccessView),
  Swap: () => import('./SwapView.js').then((m) => m.SwapView),
  ApproveTransaction: () => import('./ApproveTransactionView.js').then((m) => m.ApproveTransactionView),
  OnRamp: () => import('./OnRampView.js').then((m) => m.OnRampView),
  WhatIsAWallet: () => import('./WhatIsAWalletView.js').then((m) => m.WhatIsAWalletView),
  GetWallet: () => import('./GetWalletView.js').then((m) => m.GetWalletView),
}

/** Each lazy view's module load, started once and shared by the prefetch and the first render. */
const loading = new Map<ViewName, Promise<ComponentType<ViewProps>>>()
/** The lazy views whose module has loaded: rendered directly, so they never suspend again. */
const loaded = new Map<ComponentType<ViewProps>, ComponentType<ViewProps>>()
const lazyViews = new Map<ViewName, ComponentType<ViewProps>>()

function load(view: ViewName, loader: ViewLoader): Promise<ComponentType<ViewProps>> {
  let promise = loading.get(view)
  if (!promise) {
    promise = Promise.all([loader(), import('./lazyViewCss.js')]).then(([View, { LAZY_VIEW_CSS }]) => {
      const component = withStyles(View, LAZY_VIEW_CSS)
      const wrapper = lazyViews.get(view)
      if (wrapper) loaded.set(wrapper, component)
      return component
    })
    // A failed prefetch (e.g. a network error) is tried again by the view's first render.
    promise.catch(() => loading.delete(view))
    loading.set(view, promise)
  }
  return promise
}

/** The view with its stylesheet rendered in front of it (inside the modal's shadow root). */
function withStyles(View: ComponentType<ViewProps>, css: string): ComponentType<ViewProps> {
  const Styled = (props: ViewProps) => createElement(Fragment, null, createElement('style', null, css), createElement(View, props))
  Styled.displayName = View.displayName ?? View.name
  return Styled
}

/** A lazy stand-in for a view's module (React keeps a failed load's error: a retry needs a new one). */
function lazyView(view: ViewName, loader: ViewLoader): ComponentType<ViewProps> {
  const wrapper = lazy(() => load(view, loader).then((component) => ({ default: component })))
  lazyViews.set(view, wrapper)
  return wrapper
}

for (const [view, loader] of Object.entries(VIEW_LOADERS) as [ViewName, ViewLoader][]) lazyView(view, loader)

/** The component the router renders for each view; features register theirs here. */
export const VIEW_COMPONENTS: Record<ViewName, ComponentType<ViewProps>> = {
  Connect: ConnectView,
  Account: AccountView,
  ...(Object.fromEntries(lazyViews) as Record<Exclude<ViewName, 'Connect' | 'Account'>, ComponentType<ViewProps>>),
}

/** The component for a view: a lazy view already loaded is returned as itself, so it renders without suspending. */
export function viewComponent(view: ViewName): ComponentType<ViewProps> {
  const component = VIEW_COMPONENTS[view]
  return loaded.get(component) ?? component
}

/**
 * Starts loading every lazy view (the modal calls this when it opens); resolves once all have
 * settled. Failures are left for the view's own render to retry and report.
 *
 * @example
 * useEffect(() => void prefetchViews(), [])
 */
export async function prefetchViews(): Promise<void> {
  const entries = Object.entries(VIEW_LOADERS) as [ViewName, ViewLoader][]
  // The Account view's tabs are a module of their own too.
  await Promise.allSettled([...entries.map(([view, loader]) => load(view, loader)), import('./AccountTabs.js')])
}

// Prefetched once the page has loaded and the browser is idle: never with the host's first
// bundle, never on the click that opens the modal. Only in a browser.
void pageIdle(typeof window === 'undefined' ? undefined : window).then((idle) => {
  if (idle) void prefetchViews()
})

/**
 * After a view's module failed to load (a network error, a deployment that replaced the chunk),
 * its next render fetches it again. Nothing happens for a view that loaded or has no module.
 *
 * @example
 * reloadView('AllWallets') // then render viewComponent('AllWallets') again
 */
export function reloadView(view: ViewName): void {
  const loader = VIEW_LOADERS[view]
  const current = VIEW_COMPONENTS[view]
  if (!loader || !current || loaded.has(current)) return
  loading.delete(view)
  VIEW_COMPONENTS[view] = lazyView(view, loader)
}
