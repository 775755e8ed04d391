// The dev wallet page: renders WalletController state into index.html and wires its controls.
// Every control and status text has a data-testid so e2e tests and benchmarks can drive it.
//
// Query parameters (besides relay / rpc / projectId, see stackConfig.ts):
//   ?uri=wc:…            pair at once (deep link: `<wallet>/wc?uri=…` works when the server
//                         answers /wc with this page)
//   ?autoApprove[=1]     approve every proposal and request without a click (benchmarks)
//   ?chains=31337,…      offer only these chain ids (to test a chain outside the session)
//   ?account=N           sign with config.accounts[N] (default 0)
//   ?solanaAccount=N     sign Solana requests with the validator's dev account N (default 1)
//   ?bitcoinAccount=N    sign Bitcoin (bip122) requests with the regtest node's dev account N (default 0)
//   ?storage=memory      keep nothing across reloads (default: the SDK's IndexedDB storage)
//   ?oneClickAuth=0      ignore session_authenticate, so the dApp's authenticate() falls back to
//                         an ordinary proposal (a wallet without one-click auth)

import { MemoryStorage } from './memoryStorage'
import { loadStackConfig, type StackConfig } from './stackConfig'
import {
  WalletController,
  type PendingAuth,
  type PendingProposal,
  type PendingRequest,
  type SessionView,
  type WalletState,
} from './walletController'

type Attrs = Record<string, string | undefined>

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) node.setAttribute(k, v)
  for (const c of children) node.append(c)
  return node
}

function flag(query: URLSearchParams, name: string): boolean {
  if (!query.has(name)) return false
  const v = query.get(name)
  return v !== '0' && v !== 'false'
}

/** An icon is shown only from a loopback or data: URL: the page makes no request off 127.0.0.1. */
function localIcon(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    const u = new URL(url)
    if (u.protocol === 'data:') return url
    if ((u.protocol === 'http:' || u.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return url
  } catch {
    // not a URL
  }
  return undefined
}

function stringify(v: unknown): string {
  if (v === undefined) return ''
  if (typeof v === 'string') return v
  try {
    return JSON.stringify(v, null, 2)
  } catch {
    return String(v)
  }
}

export interface WalletPage {
  wallet: WalletController
  config: StackConfig
}

declare global {
  interface Window {
    /** The running page, for tests and benchmarks (read state, call methods). */
    gangwayWallet?: WalletPage
  }
}

/**
 * Loads the configuration, starts the wallet and renders it into `doc`.
 *
 * @example
 * await startWalletPage(document, window.location)
 */
export async function startWalletPage(doc: Document, location: Location): Promise<WalletPage> {
  const $ = <T extends Element>(testId: string) => doc.querySelector<T>(`[data-testid="${testId}"]`)!
  const status = $<HTMLElement>('wallet-status')
  const setStatus = (state: string, text: string) => {
    status.textContent = text
    status.setAttribute('data-status', state)
  }

  const query = new URLSearchParams(location.search)
  setStatus('loading', 'Loading configuration…')
  let config: StackConfig
  try {
    config = await loadStackConfig(location.origin, location.search)
  } catch (e) {
    setStatus('error', e instanceof Error ? e.message : String(e))
    throw e
  }
  const only = query.get('chains')
  if (only) {
    const ids = new Set(only.split(',').map((s) => Number(s.trim())))
    config = { ...config, chains: config.chains.filter((c) => ids.has(c.chainId)) }
  }

  $('wallet-relay').textContent = config.relayUrl
  $('wallet-chains').textContent = config.chains.map((c) => `${c.name} (${c.chainId}) ${c.rpcUrl}`).join(' · ')

  setStatus('loading', 'Connecting to the relay…')
  const wallet = await WalletController.create({
    config,
    accountIndex: Number(query.get('account') ?? 0),
    ...(query.get('solanaAccount') !== null ? { solanaAccountIndex: Number(query.get('solanaAccount')) } : {}),
    ...(query.get('bitcoinAccount') !== null ? { bitcoinAccountIndex: Number(query.get('bitcoinAccount')) } : {}),
    autoApprove: flag(query, 'autoApprove'),
    oneClickAuth: query.get('oneClickAuth') !== '0' && query.get('oneClickAuth') !== 'false',
    ...(query.get('storage') === 'memory' ? { storage: new MemoryStorage() } : {}),
  })
  const page: WalletPage = { wallet, config }
  window.gangwayWallet = page

  // ---- static controls ------------------------------------------------------------------------
  const form = $<HTMLFormElement>('pair-form')
  const input = $<HTMLInputElement>('uri-input')
  const pairButton = $<HTMLButtonElement>('pair-button')
  const auto = $<HTMLInputElement>('auto-approve')
  pairButton.disabled = false
  auto.checked = wallet.state.autoApprove
  form.addEventListener('submit', (ev) => {
    ev.preventDefault()
    const uri = input.value
    input.value = ''
    void wallet.pair(uri)
  })
  auto.addEventListener('change', () => wallet.setAutoApprove(auto.checked))
  $('wallet-address').textContent = wallet.state.address
  if (wallet.state.solanaAddress) {
    $('wallet-solana-address').textContent = wallet.state.solanaAddress
    $<HTMLElement>('wallet-solana-address').hidden = false
  }

  // ---- dynamic sections -----------------------------------------------------------------------
  const proposalsBox = $<HTMLElement>('proposals')
  const authsBox = $<HTMLElement>('auth-requests')
  const requestsBox = $<HTMLElement>('requests')
  const sessionsBox = $<HTMLElement>('sessions')
  const lastResult = $<HTMLElement>('last-result')
  const logBox = $<HTMLElement>('log')

  const button = (testId: string, text: string, cls: string, onClick: () => void) => {
    const b = el(doc, 'button', { type: 'button', 'data-testid': testId, class: cls }, [text])
    b.addEventListener('click', () => {
      b.disabled = true
      onClick()
    })
    return b
  }

  const kv = (pairs: [string, string, string][]) =>
    el(
      doc,
      'dl',
      { class: 'kv' },
      pairs.flatMap(([label, testId, value]) => [el(doc, 'dt', {}, [label]), el(doc, 'dd', { 'data-testid': testId }, [value])]),
    )

  const renderProposal = (p: PendingProposal) => {
    const icon = localIcon(p.dappIcon)
    return el(doc, 'article', { class: 'card prompt', 'data-testid': 'proposal', 'data-proposal-id': String(p.id) }, [
      ...(icon ? [el(doc, 'img', { class: 'icon', src: icon, alt: '' })] : []),
      el(doc, 'h2', {}, ['Session proposal']),
      kv([
        ['dApp', 'proposal-dapp-name', p.dappName],
        ['URL', 'proposal-dapp-url', p.dappUrl],
        ['Chains', 'proposal-chains', p.chains.join(', ')],
        ['Methods', 'proposal-methods', p.methods.join(', ')],
        ['Events', 'proposal-events', p.events.join(', ')],
      ]),
      ...(p.authentication.length > 0
        ? [
            el(doc, 'p', { 'data-testid': 'proposal-auth' }, [
              `Also signs in: ${p.authentication.map((a) => `${a.domain} (${a.chains.join(', ')})${a.statement ? ` “${a.statement}”` : ''}`).join('; ')}`,
            ]),
          ]
        : []),
      el(doc, 'div', { class: 'actions' }, [
        button('proposal-approve', 'Approve', 'approve', () => void wallet.approveProposal(p.id)),
        button('proposal-reject', 'Reject', 'reject', () => void wallet.rejectProposal(p.id)),
      ]),
    ])
  }

  const renderAuth = (a: PendingAuth) =>
    el(doc, 'article', { class: 'card prompt', 'data-testid': 'auth-request', 'data-auth-id': String(a.id) }, [
      el(doc, 'h2', {}, ['Sign-in request']),
      kv([
        ['dApp', 'auth-dapp-name', a.dappName],
        ['Domain', 'auth-domain', a.domain],
        ['Chains', 'auth-chains', a.chains.join(', ')],
      ]),
      el(doc, 'pre', { 'data-testid': 'auth-message' }, [a.message]),
      el(doc, 'div', { class: 'actions' }, [
        button('auth-approve', 'Sign in', 'approve', () => void wallet.approveAuth(a.id)),
        button('auth-reject', 'Reject', 'reject', () => void wallet.rejectAuth(a.id)),
      ]),
    ])

  const renderRequest = (r: PendingRequest) =>
    el(doc, 'article', { class: 'card prompt', 'data-testid': 'request', 'data-request-id': String(r.id), 'data-method': r.method }, [
      el(doc, 'h2', {}, [`Request from ${r.dappName}`]),
      kv([
        ['Method', 'request-method', r.method],
        ['Chain', 'request-chain', r.chainId],
        ['What', 'request-summary', r.summary],
      ]),
      el(doc, 'pre', { 'data-testid': 'request-params' }, [stringify(r.params)]),
      el(doc, 'div', { class: 'actions' }, [
        button('request-approve', 'Approve', 'approve', () => void wallet.approveRequest(r.id)),
        button('request-reject', 'Reject', 'reject', () => void wallet.rejectRequest(r.id)),
      ]),
    ])

  const renderSession = (s: SessionView) => {
    const select = el(
      doc,
      'select',
      { 'data-testid': 'session-chain-select', 'aria-label': 'Chain' },
      s.chains.map((c) => {
        const o = el(doc, 'option', { value: c }, [c])
        o.selected = c === s.currentChain
        return o
      }),
    )
    return el(doc, 'article', { class: 'card', 'data-testid': 'session', 'data-topic': s.topic }, [
      kv([
        ['dApp', 'session-dapp-name', s.dappName],
        ['URL', 'session-dapp-url', s.dappUrl],
        ['Chains', 'session-chains', s.chains.join(', ')],
        ['Current chain', 'session-current-chain', s.currentChain],
        ['Accounts', 'session-accounts', s.accounts.join(', ')],
        ['Topic', 'session-topic', s.topic],
      ]),
      el(doc, 'div', { class: 'actions' }, [
        select,
        button('session-switch-chain', 'Switch chain', '', () => void wallet.switchChain(s.topic, select.value)),
        button('session-disconnect', 'Disconnect', 'reject', () => void wallet.disconnect(s.topic)),
      ]),
    ])
  }

  let rendered: WalletState | undefined
  const render = (s: WalletState) => {
    setStatus(s.status, s.statusText)
    if (auto.checked !== s.autoApprove) auto.checked = s.autoApprove
    if (s.proposals !== rendered?.proposals) proposalsBox.replaceChildren(...s.proposals.map(renderProposal))
    if (s.auths !== rendered?.auths) authsBox.replaceChildren(...s.auths.map(renderAuth))
    if (s.requests !== rendered?.requests) requestsBox.replaceChildren(...s.requests.map(renderRequest))
    if (s.sessions !== rendered?.sessions) {
      sessionsBox.replaceChildren(
        ...(s.sessions.length > 0
          ? s.sessions.map(renderSession)
          : [el(doc, 'p', { class: 'empty', 'data-testid': 'no-sessions' }, ['No active sessions'])]),
      )
      sessionsBox.setAttribute('data-count', String(s.sessions.length))
    }
    if (s.lastResult !== rendered?.lastResult) lastResult.textContent = stringify(s.lastResult)
    if (s.log !== rendered?.log) {
      logBox.replaceChildren(
        ...s.log.map((e) =>
          el(doc, 'li', { 'data-testid': 'log-entry', 'data-kind': e.kind }, [`${new Date(e.at).toISOString().slice(11, 23)} ${e.text}`]),
        ),
      )
      logBox.scrollTop = logBox.scrollHeight
    }
    if (s.lastApprovalMs !== undefined) status.setAttribute('data-approval-ms', String(Math.round(s.lastApprovalMs)))
    rendered = s
  }
  wallet.subscribe(render)
  render(wallet.state)

  const uri = query.get('uri')
  if (uri) void wallet.pair(uri)
  return page
}
