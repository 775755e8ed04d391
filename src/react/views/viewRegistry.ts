import { createElement, Fragment, lazy, type ComponentType } from 'react'
import type { ViewGroup, ViewProps } from './viewProps.js'
import type { ViewName } from '../../core/events/views.js'
import { AccountView } from './accountSheet/AccountView.js'
import { ConnectView } from './connection/ConnectView.js'
import type { Modal } from '../../createModal.js'
import type { ModalState } from '../../core/state.js'
import { selectIsConnected } from '../../core/selectors.js'
import { selectHasEmbeddedWallet } from '../components/embeddedWallet.js'
import { StyleSheet } from '../useStyleSheet.js'
import { missingFeatureView } from './MissingFeatureView.js'
import type { ModalOptions } from '../../options/modalOptions.js'
import { isOptionalFeature, type FeatureChunks } from '../../core/features/defineFeature.js'


type ViewLoader = () => Promise<ComponentType<ViewProps>>
type GroupLoader = () => Promise<ViewGroup>

// Views an open rarely lands on load on first use, so they stay out of the host's initial bundle;
// they are prefetched when the page is idle after loading (and again, if that has not happened,
// once the modal is on screen), so pushing one never waits for the network. Optimization: one
// chunk per feature, not per view: a phone on a slow network pays a round trip per chunk.
type Group = 'connect' | 'account' | OptionalGroup
/** The groups of the features a host brings by importing them: their loaders come with the import. */
type OptionalGroup = 'walletConnect' | 'embeddedWallet' | 'siwx' | 'swaps' | 'calls' | 'onramp' | 'names' | 'permissions' | 'pay'

const VIEW_GROUPS: Partial<Record<Group, GroupLoader>> = {
  connect: () => import('./connection/connectViews.js').then((m) => m.connectViews),
  account: () => import('./accountSheet/accountViews.js').then((m) => m.accountViews),
}

/** The options whose views have been registered. */
const registered = new WeakSet<object>()

/** How a host brings each optional group's views: named in a view's error when it did not. */
const BROUGHT_BY: Record<OptionalGroup, string> = {
  walletConnect: "createModal({ walletConnect: walletConnect() }) of 'gangway-kit/walletconnect'",
  embeddedWallet: "createModal({ embeddedWallet: embeddedWallet({ frameUrl }) }) of 'gangway-kit/features'",
  siwx: "createModal({ siwx: siwx() }) of 'gangway-kit/features'",
  swaps: "createModal({ modules: [swaps()] }) of 'gangway-kit/features'",
  calls: "createModal({ modules: [batchedCalls()] }) of 'gangway-kit/features'",
  onramp: "createModal({ modules: [onramp()] }) of 'gangway-kit/features'",
  names: "createModal({ modules: [names()] }) of 'gangway-kit/features'",
  permissions: "createModal({ modules: [smartSessions()] }) of 'gangway-kit/features'",
  pay: "createModal({ modules: [pay()] }) of 'gangway-kit/features'",
}

/**
 * Takes the views' loaders of the features a host's options bring (`walletConnect()`,
 * `embeddedWallet()`, `siwx()`, `swaps()` …: each import carries its own). The UI does this for
 * its modal before it renders or prefetches a view; a later modal's features add to them.
 *
 * @example
 * registerFeatureViews(modal.options)
 */
export function registerFeatureViews(options: Partial<Pick<ModalOptions, 'walletConnect' | 'embeddedWallet' | 'siwx' | 'modules' | 'adapters'>>): void {
  // Once per modal's options: ModalRoot asks on each of its renders.
  if (registered.has(options)) return
  registered.add(options)
  const bring = (group: OptionalGroup, chunks: FeatureChunks | undefined) => {
    if (chunks?.views && !VIEW_GROUPS[group]) VIEW_GROUPS[group] = chunks.views as GroupLoader
  }
  bring('walletConnect', options.walletConnect)
  for (const a of options.adapters ?? []) if (typeof a === 'object') bring('walletConnect', (a as { walletConnectFeature?: FeatureChunks }).walletConnectFeature)
  bring('embeddedWallet', options.embeddedWallet)
  bring('siwx', options.siwx)
  for (const m of options.modules ?? []) if (isOptionalFeature(m) && m.optional in BROUGHT_BY) bring(m.optional as OptionalGroup, m)
}

/** The chunk each lazy view is in. */
const GROUP_OF: Partial<Record<ViewName, Group>> = {
  AllWallets: 'connect',
  ConnectWallets: 'connect',
  ConnectingExternal: 'connect',
  ConnectingWalletConnect: 'walletConnect',
  ConnectingWalletConnectBasic: 'walletConnect',
  WhatIsAWallet: 'connect',
  GetWallet: 'connect',
  Networks: 'connect',
  SwitchNetwork: 'connect',
  UnsupportedChain: 'connect',
  ProfileWallets: 'account',
  SwitchActiveChain: 'account',
  Receive: 'account',
  WalletSend: 'account',
  EmailLogin: 'embeddedWallet',
  UpdateEmailWallet: 'embeddedWallet',
  ConnectingSocial: 'embeddedWallet',
  ConnectingFarcaster: 'embeddedWallet',
  SIWXSignMessage: 'siwx',
  SiwxSessions: 'siwx',
  Swap: 'swaps',
  ApproveTransaction: 'swaps',
  OnRamp: 'onramp',
  RegisterAccountName: 'names',
  RegisterAccountNameSuccess: 'names',
  ReviewPermissions: 'permissions',
  Permissions: 'permissions',
  Pay: 'pay',
}

/**
 * Views a second feature also brings, used when the first's is absent: ApproveTransaction shows
 * a swap's approval (swaps) and the embedded wallet's batch (batched calls).
 */
const ALSO_IN: Partial<Record<ViewName, Group>> = { ApproveTransaction: 'calls' }

/** The chunk a view loads from: its own feature's, else (absent) the other feature's that brings it. */
function groupOf(view: ViewName): Group | undefined {
  const first = GROUP_OF[view]
  const also = ALSO_IN[view]
  return first && !VIEW_GROUPS[first] && also && VIEW_GROUPS[also] ? also : first
}

const groupLoading = new Map<string, Promise<ViewGroup>>()

/** A view's loader: its feature's chunk, fetched once for all its views (again after a failure). */
function loaderOf(view: ViewName, first: Group): ViewLoader {
  return () => {
    const group = groupOf(view) ?? first
    let promise = groupLoading.get(group)
    if (!promise) {
      const loadGroup = VIEW_GROUPS[group]
      if (!loadGroup) return Promise.reject(new Error(`The ${view} view comes with ${BROUGHT_BY[group as OptionalGroup]}`))
      promise = loadGroup()
      promise.catch(() => groupLoading.delete(group))
      groupLoading.set(group, promise)
    }
    return promise.then((views) => {
      const View = views[view]
      if (!View) throw new Error(`the ${group} views have no ${view}`)
      return View
    })
  }
}

const VIEW_LOADERS: Partial<Record<ViewName, ViewLoader>> = Object.fromEntries(
  (Object.entries(GROUP_OF) as [ViewName, Group][]).map(([view, group]) => [view, loaderOf(view, group)]),
)

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

/** The view with its stylesheet in front of it (adopted by the modal's shadow root while the view is there). */
function withStyles(View: ComponentType<ViewProps>, css: string): ComponentType<ViewProps> {
  const Styled = (props: ViewProps) => createElement(Fragment, null, createElement(StyleSheet, { css }), createElement(View, props))
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

const missing = new Map<ViewName, ComponentType<ViewProps>>()

/**
 * The component for a view: a lazy view already loaded is returned as itself, so it renders
 * without suspending; a view of a feature the host did not bring says so.
 */
export function viewComponent(view: ViewName): ComponentType<ViewProps> {
  const group = groupOf(view)
  if (group && !VIEW_GROUPS[group]) {
    let stand = missing.get(view)
    if (!stand) missing.set(view, (stand = missingFeatureView(view, group, BROUGHT_BY[group as OptionalGroup])))
    return stand
  }
  const component = VIEW_COMPONENTS[view]
  return loaded.get(component) ?? component
}

/**
 * When a feature's views are worth fetching before a visitor asks for one: when the modal can get
 * there from where it is. The account sheet's features need a connected wallet, the embedded
 * wallet's and sign-in's views the host's setting for them.
 */
const REACHABLE: Record<Group, (state: ModalState) => boolean> = {
  connect: () => true,
  account: () => true,
  walletConnect: () => true,
  embeddedWallet: selectHasEmbeddedWallet,
  siwx: (state) => !!state.settings.siwx,
  swaps: (state) => selectIsConnected(state),
  onramp: (state) => selectIsConnected(state),
  names: (state) => selectIsConnected(state),
  // A host's request opens the review: fetched once an EVM wallet is connected and permissions are on.
  permissions: (state) => state.features.smartSessions && selectIsConnected(state, 'eip155'),
  // A host's payment opens it, connected or not: fetched when the page is idle while the project has Pay on.
  pay: (state) => state.features.pay,
  // The embedded wallet's batch opens ApproveTransaction: fetched once it is connected in EVM.
  calls: (state) => selectHasEmbeddedWallet(state) && selectIsConnected(state, 'eip155'),
}

/** The view groups (one chunk each) whose views the modal in `state` can reach (of those its host brought). */
export function reachableViewGroups(state: ModalState): Group[] {
  return (Object.keys(REACHABLE) as Group[]).filter((group) => VIEW_GROUPS[group] && REACHABLE[group](state))
}

function loadGroups(groups: readonly Group[]): Promise<unknown> {
  const entries = (Object.entries(VIEW_LOADERS) as [ViewName, ViewLoader][]).filter(([view]) => groups.includes(groupOf(view) as Group))
  return Promise.allSettled(entries.map(([view, loader]) => load(view, loader)))
}

/**
 * Starts loading the lazy views (every one, or those the modal in `state` can reach); resolves
 * once they have settled. Failures are left for the view's own render to retry and report.
 *
 * @example
 * useEffect(() => void prefetchViews(modal.getState()), [])
 */
export async function prefetchViews(state?: ModalState): Promise<void> {
  await loadGroups(state ? reachableViewGroups(state) : (Object.keys(VIEW_GROUPS) as Group[]))
}

/**
 * Prefetches the views the modal can reach now, then each group as it becomes reachable (a
 * wallet connects, say); stops once every group is loading, or when the returned function is called.
 */
export function prefetchReachableViews(modal: Pick<Modal, 'getState' | 'subscribe'> & { options?: ModalOptions }): () => void {
  if (modal.options) registerFeatureViews(modal.options)
  const pending = new Set(Object.keys(VIEW_GROUPS) as Group[])
  let stop = () => {}
  // Optimization: only the groups still pending are asked about, on each state change.
  const check = (state: ModalState) => {
    const due = [...pending].filter((group) => REACHABLE[group](state))
    if (due.length === 0) return
    for (const group of due) pending.delete(group)
    if (pending.size === 0) stop()
    void loadGroups(due)
  }
  check(modal.getState())
  if (pending.size > 0) stop = modal.subscribe(check)
  return () => stop()
}

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
