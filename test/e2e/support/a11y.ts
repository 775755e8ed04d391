import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../../src/createModal'
import { browserPerFile, currentView, demoWithoutDevtools, eip155Connection, inModal, modalState } from './demo'
import { openSolanaDemo } from './solana'
import { seriousViolations } from './axe'

// axe-core on the modal's views (the dialog in its shadow root), in both themes, at desktop
// and phone sizes: no critical or serious violation. Each view is audited in the light theme, then
// switched to the dark one and audited again, in one walk through the views per size. The suite
// is long, so it is run in three files that can go side by side (a11y*.e2e.test.ts): each
// registers its part of it here.

type PageWindow = Window & { gangway: Modal }

/**
 * axe's rules that read colours. A theme changes the modal's colours only (custom properties), so
 * the dark pass of a view runs these and the light pass runs every rule: the same audit at half
 * the cost of two full ones.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const violations = (page: Page, theme: 'light' | 'dark') => seriousViolations(page, theme === 'dark' ? COLOUR_RULES : undefined)

const open = (page: Page, view: string) => page.evaluate((v) => (window as unknown as PageWindow).gangway.open(v as never), view)

/** Switches the modal's theme and waits until the modal is drawn in it. */
async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((t) => (window as unknown as PageWindow).gangway.setThemeMode(t), theme)
  await expect.poll(() => page.locator('gangway-modal').getAttribute('data-theme')).toBe(theme)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/**
 * The view on screen audited in both themes: every rule in the light one, then the colour rules
 * in the dark one (tagged `dark:`); the modal is left in the light theme.
 */
async function audit(page: Page): Promise<string[]> {
  const light = await violations(page, 'light')
  await setTheme(page, 'dark')
  const dark = await violations(page, 'dark')
  await setTheme(page, 'light')
  return [...light, ...dark.map((v) => `dark: ${v}`)]
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

/**
 * A walk audits ~15 views twice (an audit: 0.05–0.3 s alone) and waits on quotes and a connect;
 * alone it takes 13 s, and this file runs beside others on a loaded 2-core machine.
 */
const TIMEOUT_MS = 300_000

/** Registers one part of the suite: the main views at one size, or the other views. */
export function accessibilitySuite(part: (typeof SIZES)[number]['name'] | 'other views'): void {
  const run = browserPerFile()
  describe('accessibility (axe-core) of the modal’s views', () => {
    for (const size of SIZES.filter((s) => s.name === part)) {
      it(`${size.name}, light and dark themes: Connect, AllWallets, ConnectingExternal, Account, Networks, Receive, ProfileWallets, SwitchActiveChain, Swap (form and review), Buy, Activity, NFTs, WalletSend (form, token list and review), the request feedback`, async () => {
        const opened = await openSolanaDemo(run.browser)
        run.contexts.push(opened.context)
        const { page } = opened
        await page.setViewportSize({ width: size.width, height: size.height })
        // axe reads colours as drawn: without motion no view is caught mid-fade.
        await page.emulateMedia({ reducedMotion: 'reduce' })
        const found: Record<string, string[]> = {}
        await page.getByTestId('open-modal').click()
        await setTheme(page, 'light')
        await expect.poll(() => currentView(page)).toBe('Connect')
        found.Connect = await audit(page)
        await open(page, 'AllWallets')
        await expect.poll(() => currentView(page)).toBe('AllWallets')
        found.AllWallets = await audit(page)
        await open(page, 'Connect')
        await expect.poll(() => currentView(page)).toBe('Connect')
        await inModal(page, 'wallet-dev.gangway.wallet').click()
        await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
        found.ConnectingExternal = await audit(page)
        await page.getByTestId('devwallet-approve').click()
        await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
        for (const view of ['Account', 'Networks', 'Receive', 'ProfileWallets', 'SwitchActiveChain']) {
          await open(page, view)
          await expect.poll(() => currentView(page)).toBe(view)
          found[view] = await audit(page)
        }
        // Swap with a quote shown and its review, and Buy with both providers' quotes.
        await open(page, 'Swap')
        await expect.poll(() => inModal(page, 'view-swap').getAttribute('data-status')).toBe('ready')
        await inModal(page, 'swap-from-amount').fill('0.01')
        await expect.poll(() => inModal(page, 'swap-action').textContent(), { timeout: 20_000 }).toBe('Review swap')
        found.Swap = await audit(page)
        await inModal(page, 'swap-action').click()
        await inModal(page, 'swap-review').waitFor()
        found.SwapReview = await audit(page)
        await open(page, 'OnRamp')
        await expect.poll(() => inModal(page, 'view-onramp').getAttribute('data-status')).toBe('ready')
        await inModal(page, 'onramp-amount').fill('100')
        await expect.poll(() => inModal(page, 'onramp-quote-amount').count(), { timeout: 20_000 }).toBe(2)
        found.OnRamp = await audit(page)
        // The account's Activity tab (Tokens is what Account shows first).
        await open(page, 'Account')
        await inModal(page, 'account-tab-activity').click()
        await inModal(page, 'account-activity').waitFor()
        await expect.poll(() => inModal(page, 'account-activity').getAttribute('aria-busy')).toBe('false')
        found.AccountActivity = await audit(page)
        await inModal(page, 'account-tab-nfts').click()
        await expect.poll(() => inModal(page, 'account-nfts').getAttribute('aria-busy')).toBe('false')
        found.AccountNfts = await audit(page)
        // Send: the form showing its refusals, then the review.
        await open(page, 'WalletSend')
        await expect.poll(() => currentView(page)).toBe('WalletSend')
        await inModal(page, 'send-amount').fill('1.1234567890123456789')
        await inModal(page, 'send-amount-error').waitFor()
        await inModal(page, 'send-review').click()
        await inModal(page, 'send-form-error').waitFor()
        found.WalletSend = await audit(page)
        // The token picker's listbox, open.
        await inModal(page, 'send-token').click()
        await inModal(page, 'send-token-list').waitFor()
        found.WalletSendTokens = await audit(page)
        await page.keyboard.press('Escape')
        await inModal(page, 'send-token-list').waitFor({ state: 'detached' })
        await inModal(page, 'send-amount').fill('0.01')
        await inModal(page, 'send-receiver').fill('0x90F79bf6EB2c4f870365E785982E1f101E93b906')
        await inModal(page, 'send-review').click()
        await inModal(page, 'send-review-step').waitFor()
        found.WalletSendReview = await audit(page)
        // A host's wallet request that asks for feedback, with the modal closed: the notice over the page.
        await page.evaluate(() => {
          const modal = (window as unknown as PageWindow).gangway
          modal.close()
          modal.signMessage('axe', { feedback: true }).catch(() => undefined)
        })
        await page.locator('gangway-modal [data-testid="gw-request-toast"]').waitFor()
        found.RequestToast = await audit(page)
        await page.getByTestId('devwallet-reject').click()
        expect(await modalState(page, (s) => s.preferences.themeMode)).toBe('light')
        expect(found).toEqual({
          Connect: [],
          AllWallets: [],
          ConnectingExternal: [],
          Account: [],
          Networks: [],
          Receive: [],
          ProfileWallets: [],
          SwitchActiveChain: [],
          Swap: [],
          SwapReview: [],
          OnRamp: [],
          AccountActivity: [],
          AccountNfts: [],
          WalletSend: [],
          WalletSendTokens: [],
          WalletSendReview: [],
          RequestToast: [],
        })
      }, TIMEOUT_MS)
    }

    if (part === 'other views') {
      it(`light and dark themes, the other views: sign-in, WalletConnect, the folded wallet list, names, sessions, network switching, approvals, onboarding, the unbuilt ones`, async () => {
        const { page } = await demoWithoutDevtools(run, { query: '?siwx=hosted' })
        await page.emulateMedia({ reducedMotion: 'reduce' })
        const found: Record<string, string[]> = {}
        const look = async (view: string, ready?: string) => {
          await open(page, view)
          await expect.poll(() => currentView(page)).toBe(view)
          if (ready) await inModal(page, ready).first().waitFor()
          found[view] = await audit(page)
        }
        await page.getByTestId('open-modal').click()
        await setTheme(page, 'light')
        await look('WhatIsAWallet', 'get-a-wallet')
        await look('GetWallet', 'get-wallet-option')
        await inModal(page, 'get-wallet-option').first().click()
        await inModal(page, 'get-wallet-link').first().waitFor()
        found.GetWalletOne = await audit(page)
        await open(page, 'ConnectingWalletConnect')
        await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
        await inModal(page, 'wc-qr').or(inModal(page, 'wc-qr-loading')).first().waitFor()
        found.ConnectingWalletConnect = await audit(page)
        await look('ConnectingWalletConnectBasic')
        // Without an embedded wallet configured, the view says so (its flows: emailLogin.e2e).
        await look('EmailLogin', 'embedded-wallet-missing')
        // The wallets that collapseWallets folds behind Connect's "Continue with a wallet".
        await look('ConnectWallets', 'wallet-choices')
        await open(page, 'Connect')
        await inModal(page, 'wallet-dev.gangway.wallet').click()
        await page.getByTestId('devwallet-approve').click()
        // Sign-in is asked for after the connect.
        await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
        found.SIWXSignMessage = await audit(page)
        await inModal(page, 'siwx-sign').click()
        await page.getByTestId('devwallet-approve').click()
        await expect.poll(() => modalState(page, (s) => Object.keys(s.siwx.sessions).length)).toBe(1)
        await look('SiwxSessions', 'siwx-session')
        await look('RegisterAccountName', 'name-input')
        await look('ApproveTransaction')
        await page.evaluate(() => (window as unknown as PageWindow).gangway.push('SwitchNetwork', { caipNetworkId: 'eip155:31338' }))
        await expect.poll(() => currentView(page)).toBe('SwitchNetwork')
        found.SwitchNetwork = await audit(page)
        await page.getByTestId('devwallet-reject').click().catch(() => undefined)
        await look('UnsupportedChain')
        expect(found).toEqual({
          WhatIsAWallet: [],
          GetWallet: [],
          GetWalletOne: [],
          ConnectingWalletConnect: [],
          ConnectingWalletConnectBasic: [],
          EmailLogin: [],
          ConnectWallets: [],
          SIWXSignMessage: [],
          SiwxSessions: [],
          RegisterAccountName: [],
          ApproveTransaction: [],
          SwitchNetwork: [],
          UnsupportedChain: [],
        })
      }, TIMEOUT_MS)
    }
  })
}
