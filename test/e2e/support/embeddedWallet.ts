import type { Page } from 'playwright-core'
import type { SmartAccountsEnvironment } from '@metamask/smart-accounts-kit'
import { expect } from 'vitest'
import { PAGE_WAIT_MS } from './browser'
import { currentView, eip155Connection, inModal } from './demo'
import { e2eStack } from './stack'

// The embedded wallet's sign-in as the e2e files drive it: the e-mail login through the stack's
// mail sink, and the frame's own Approve button. Each step waits as long as a page waits for an
// element (PAGE_WAIT_MS): in a full run on 2 cores a code's check and the connection after it
// outlasted 30 s.

const stack = () => e2eStack().config
export type Mail = { to: string[]; subject: string; text: string; receivedAt: number }

/** The newest mail to `to` after `after` (ms) that matches, waiting for it. */
export async function mailTo(to: string, match: RegExp, after = 0): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${stack().mailUrl}/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[]
        found = mails.find((m) => m.receivedAt > after && match.test(m.text))
        return found !== undefined
      },
      { timeout: PAGE_WAIT_MS },
    )
    .toBe(true)
  return found!
}
export const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)![1]!

/** The visitor's choice of account type, as `modal.setPreferredAccountType` records it. */
export async function chooseAccountType(page: Page, type: 'eoa' | 'smartAccount'): Promise<void> {
  await page.evaluate((t) => (window as unknown as { gangway: { setPreferredAccountType(t: string): void } }).gangway.setPreferredAccountType(t), type)
}

export const frameApprove = (page: Page) => page.frameLocator('iframe[data-gangway-frame]').getByTestId('frame-approve')

export async function startLogin(page: Page, email: string) {
  await page.getByTestId('open-modal').click()
  await inModal(page, 'email-input').fill(email)
  await inModal(page, 'email-submit').click()
  await expect.poll(() => currentView(page)).toBe('EmailLogin')
}

/**
 * A whole e-mail login on a new device: the mailed link approves it, the mailed code connects.
 * `accountType: 'eoa'` chooses the EOA first, for a test about the EOA on a network where the
 * wallet would otherwise move to its smart account (the default) once connected.
 */
export async function loginByEmail(page: Page, email: string, options: { accountType?: 'eoa' } = {}): Promise<void> {
  if (options.accountType) await chooseAccountType(page, options.accountType)
  await startLogin(page, email)
  await expect.poll(() => inModal(page, 'view-email-login').getAttribute('data-step'), { timeout: PAGE_WAIT_MS }).toBe('verifyDevice')
  const link = /(http:\/\/\S+\/v1\/device\/approve\?token=\w+)/.exec((await mailTo(email, /\/v1\/device\/approve\?token=/)).text)![1]!
  expect((await fetch(link)).status).toBe(200)
  await inModal(page, 'email-otp').fill(codeIn(await mailTo(email, /\b\d{6}\b/)))
  await expect.poll(() => eip155Connection(page).then((ns) => ns?.status), { timeout: PAGE_WAIT_MS }).toBe('connected')
}

/** A network the wallet service runs smart accounts on, as GET /v1/smart-accounts says it. */
export type SmartAccountNetwork = { chainId: number; bundlerUrl: string; paymasterUrl?: string; environment: SmartAccountsEnvironment }

/**
 * The wallet service's smart-account networks, once its bundler is up: it comes up in the
 * background (on a fresh clone its packages install first). Fails at once with the reason when
 * the bundler could not start, rather than at the end of the wait.
 */
export async function smartAccountNetworks(timeout = 240_000): Promise<SmartAccountNetwork[]> {
  const until = Date.now() + timeout
  for (;;) {
    const answer = (await (await fetch(`${stack().authUrl}/v1/smart-accounts`)).json()) as { networks: SmartAccountNetwork[]; unavailable?: string }
    if (answer.unavailable !== undefined) throw new Error(`The stack's smart accounts did not start: ${answer.unavailable}`)
    if (answer.networks.length > 0) return answer.networks
    if (Date.now() > until) throw new Error(`The stack's smart accounts were not up after ${timeout / 1000} s (its bundler still starting)`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
}
