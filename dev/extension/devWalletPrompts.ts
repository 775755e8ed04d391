// The approve / reject prompt of the dev Wallet Standard wallets (Solana, Bitcoin): a queue of
// requests shown one at a time in a shadow-DOM panel (test ids `dev<kind>-prompt`, `-method`,
// `-approve`, `-reject`), decisions armed ahead by tests, or every prompt approved at once.
import { devWalletPromptCss } from './promptCss'

export type DevWalletPromptsOptions = {
  /** `solana`, `bitcoin`: the host's `data-devwallet` and the test ids' `dev<kind>-` prefix. */
  kind: string
  name: string
  icon: string
  /** The approve button's colour. */
  accent: string
  /** Which bottom corner the panel sits in (wallets side by side do not cover each other). */
  corner: 'left' | 'right'
  autoApprove?: boolean
}

type Prompt = { method: string; details: string[]; decide(approved: boolean): void }

/** One wallet's prompts. */
export class DevWalletPrompts {
  readonly #options: DevWalletPromptsOptions
  readonly #css: string
  readonly #prompts: Prompt[] = []
  readonly #armed: boolean[] = []
  #autoApprove: boolean
  #host: HTMLElement | undefined
  #closed = false

  constructor(options: DevWalletPromptsOptions) {
    this.#options = options
    this.#css = devWalletPromptCss(options.accent)
    this.#autoApprove = options.autoApprove ?? false
  }

  get closed(): boolean {
    return this.#closed
  }

  /** Asks the user (or the test) about `method`; true when approved. */
  ask(method: string, details: string[]): Promise<boolean> {
    if (this.#closed) return Promise.resolve(false)
    if (this.#autoApprove) return Promise.resolve(true)
    const decided = this.#armed.shift()
    if (decided !== undefined) return Promise.resolve(decided)
    return new Promise<boolean>((resolve) => {
      const prompt: Prompt = {
        method,
        details,
        decide: (approved) => {
          const index = this.#prompts.indexOf(prompt)
          if (index === -1) return
          this.#prompts.splice(index, 1)
          this.#render()
          resolve(approved)
        },
      }
      this.#prompts.push(prompt)
      this.#render()
    })
  }

  /** Decides the oldest pending prompt (true), or arms the decision for the next one (false). */
  decideNext(approved: boolean): boolean {
    const first = this.#prompts[0]
    if (first === undefined) {
      this.#armed.push(approved)
      return false
    }
    first.decide(approved)
    return true
  }

  /** Methods of the prompts waiting for a decision, oldest first. */
  pending(): string[] {
    return this.#prompts.map((prompt) => prompt.method)
  }

  setAutoApprove(on: boolean): void {
    this.#autoApprove = on
    if (on) while (this.#prompts[0] !== undefined) this.#prompts[0].decide(true)
  }

  /** Rejects what is pending and removes the panel; later prompts are rejected at once. */
  close(): void {
    this.#closed = true
    for (const prompt of [...this.#prompts]) prompt.decide(false)
    this.#host?.remove()
  }

  #render(): void {
    const prompt = this.#prompts[0]
    if (prompt === undefined || this.#closed) {
      this.#host?.remove()
      return
    }
    const { kind, name, icon, corner } = this.#options
    if (this.#host === undefined) {
      this.#host = document.createElement('div')
      this.#host.setAttribute('data-devwallet', kind)
      this.#host.attachShadow({ mode: 'open' })
    }
    if (!this.#host.isConnected) {
      this.#host.style.cssText = `position:fixed;${corner}:16px;bottom:16px;z-index:2147483647;`
      ;(document.body ?? document.documentElement).appendChild(this.#host)
    }
    const root = this.#host.shadowRoot!
    root.replaceChildren()
    const style = document.createElement('style')
    style.textContent = this.#css
    const panel = element('div', { class: 'panel', role: 'dialog', 'aria-label': `${name} request`, 'data-testid': `dev${kind}-prompt` })
    const header = element('div', { class: 'header' })
    header.append(element('img', { src: icon, alt: '', width: '20', height: '20' }), element('strong', {}, name))
    panel.append(
      header,
      element('div', { class: 'method', 'data-testid': `dev${kind}-method` }, prompt.method),
      element('div', { class: 'origin' }, window.location.origin),
      element('pre', { class: 'details' }, prompt.details.join('\n')),
    )
    if (this.#prompts.length > 1) panel.append(element('div', { class: 'queue' }, `1 of ${this.#prompts.length} requests`))
    const buttons = element('div', { class: 'buttons' })
    const reject = element('button', { type: 'button', class: 'reject', 'data-testid': `dev${kind}-reject` }, 'Reject')
    const approve = element('button', { type: 'button', class: 'approve', 'data-testid': `dev${kind}-approve` }, 'Approve')
    reject.addEventListener('click', () => prompt.decide(false))
    approve.addEventListener('click', () => prompt.decide(true))
    buttons.append(reject, approve)
    panel.append(buttons)
    root.append(style, panel)
  }
}

function element(tag: string, attributes: Record<string, string>, text?: string): HTMLElement {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  if (text !== undefined) node.textContent = text
  return node
}
