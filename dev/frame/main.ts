// Entry of the embedded wallet frame page: checks who embeds it (the `parentOrigin` query
// parameter), then connects the frame wallet to the window (postMessage with the parent, the
// page's localStorage, the auth service on this origin) and to the approval prompt.

import { frameType, type FrameMessage } from '../../src/core/domain/frameProtocol'
import { createFrameWallet, resolveParentOrigin, type FramePrompt, type FrameStorage } from './frameWallet'

// The smart account's kit reports its calls to MetaMask unless the page says "do not track"; the
// wallet tells nobody what its users do.
Object.defineProperty(window, 'doNotTrack', { value: '1', configurable: true })

/** The page's localStorage, or memory when the browser withholds it (e.g. blocked third-party storage). */
function pageStorage(): FrameStorage {
  try {
    const ls = window.localStorage
    const probe = 'gangway-frame:probe'
    ls.setItem(probe, '1')
    ls.removeItem(probe)
    return {
      get: (k) => ls.getItem(k),
      set: (k, v) => ls.setItem(k, v),
      del: (k) => ls.removeItem(k),
    }
  } catch {
    const map = new Map<string, string>()
    return { get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), del: (k) => void map.delete(k) }
  }
}

function showNotice(text: string): void {
  const notice = document.getElementById('frame-notice')
  if (!notice) return
  notice.textContent = text
  notice.hidden = false
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  if (text !== undefined) el.textContent = text
  return el
}

/**
 * Shows the approval card and resolves with the user's choice: Approve (focused first), Reject
 * or the prompt's third choice ('alternative', e.g. "Keep regular account"); Escape rejects; Tab
 * stays on the buttons. An info card (`kind: 'info'`) has a Close button only. A withdrawn
 * request takes it down.
 */
function showPrompt(prompt: FramePrompt): Promise<boolean | 'alternative'> {
  return new Promise((resolve) => {
    const overlay = element('div', { class: 'frame-overlay', 'data-testid': 'frame-prompt' })
    const card = element('div', {
      class: 'frame-card',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'frame-prompt-title',
      'aria-describedby': 'frame-prompt-from',
    })
    card.append(
      element('h2', { id: 'frame-prompt-title' }, prompt.title),
      element(
        'p',
        { id: 'frame-prompt-from', class: 'frame-from' },
        prompt.kind === 'info' ? `Shown at the request of ${prompt.requestedBy}.` : `${prompt.requestedBy} asks you to approve this request.`,
      ),
    )
    const details = element('dl', { class: 'frame-details' })
    for (const d of prompt.details) {
      const row = element('div')
      row.append(element('dt', {}, d.label), element('dd', {}, d.value))
      details.append(row)
    }
    const info = prompt.kind === 'info'
    const reject = element('button', { type: 'button', 'data-testid': 'frame-reject' }, 'Reject')
    const approve = info
      ? element('button', { type: 'button', class: 'frame-primary', 'data-testid': 'frame-close' }, 'Close')
      : element('button', { type: 'button', class: 'frame-primary', 'data-testid': 'frame-approve' }, 'Approve')
    const alternative =
      prompt.alternative !== undefined && !info ? element('button', { type: 'button', 'data-testid': 'frame-alternative' }, prompt.alternative) : undefined
    const actions = element('div', { class: 'frame-actions' })
    const buttons = info ? [approve] : alternative ? [reject, alternative, approve] : [reject, approve]
    actions.append(...buttons)
    card.append(details, actions)
    overlay.append(card)

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault()
        done(false)
      } else if (e.key === 'Tab') {
        e.preventDefault()
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
        const next = e.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : (at + 1) % buttons.length
        buttons[next]?.focus()
      }
    }
    // Focus that wanders outside the card (a click on the backdrop) comes back to it.
    const onFocusIn = (e: FocusEvent) => {
      if (!card.contains(e.target as Node)) approve.focus()
    }
    const onAbort = () => done(false)
    let settled = false
    function done(approved: boolean | 'alternative'): void {
      if (settled) return
      settled = true
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('focusin', onFocusIn)
      prompt.signal.removeEventListener('abort', onAbort)
      overlay.remove()
      resolve(approved)
    }
    approve.addEventListener('click', () => done(true))
    reject.addEventListener('click', () => done(false))
    alternative?.addEventListener('click', () => done('alternative'))
    overlay.addEventListener('mousedown', (e) => {
      if (e.target === overlay) e.preventDefault()
    })
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('focusin', onFocusIn)
    prompt.signal.addEventListener('abort', onAbort, { once: true })
    if (prompt.signal.aborted) return done(false)
    document.body.append(overlay)
    approve.focus()
  })
}

function start(): void {
  const parentOrigin = resolveParentOrigin(window.location.search)
  if (!parentOrigin) {
    showNotice('This site is not allowed to use this wallet')
    return
  }
  const parent = window.parent
  const wallet = createFrameWallet({
    fetch: (input, init) => window.fetch(input, { ...init, credentials: 'same-origin' }),
    storage: pageStorage(),
    post: (message: FrameMessage) => {
      parent.postMessage(message, parentOrigin)
      // The reply goes out first, then the page reloads.
      if (message.type === frameType('success') && message.name === 'Reload') setTimeout(() => window.location.reload(), 0)
    },
    confirm: showPrompt,
    createDeviceId: () => crypto.randomUUID(),
    parentOrigin,
    setTheme: ({ mode, variables }) => {
      const root = document.documentElement
      root.dataset.theme = mode
      // The modal's colours of the last sync only: the frame's own for what they leave out.
      for (const name of [...root.style]) if (name.startsWith('--frame-')) root.style.removeProperty(name)
      for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value)
    },
  })
  window.addEventListener('message', (event) => {
    wallet.receive({ data: event.data, origin: event.origin, fromParent: parent !== window && event.source === parent })
  })
  wallet.start()
}

start()
