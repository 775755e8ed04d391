import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { animationsDone, dialog, launchBrowser } from './support/browser'
import { currentView, focusedInModal, openDemo, settled } from './support/demo'
import { demoUrl } from './support/stack'
import { seriousViolations } from './support/axe'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

describe('the test browser', () => {
  it('opens a context with the page and nothing else: no window UI pages of its own (CHROMIUM_ARGS)', async () => {
    const context = await browser.newContext()
    await context.newPage()
    const cdp = await browser.newBrowserCDPSession()
    const { targetInfos } = await cdp.send('Target.getTargets')
    await cdp.detach()
    await context.close()
    // Chromium 156 loads the address bar's popups (two WebUI pages, a renderer) in every window
    // unless their features are off; each new context paid ~2.5 CPU-s for them.
    expect(targetInfos.filter((t) => t.type !== 'page' || !t.url.startsWith('about:')).map((t) => `${t.type} ${t.url}`)).toEqual([])
  })
})

describe('the modal shell in Chromium', () => {
  it('opens from the host button as an aria-modal dialog and closes on Escape', async () => {
    const { page, errors, context } = await openDemo(browser)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true')
    expect(await page.locator('gangway-modal #gw-dialog-title').textContent()).toBe('Connect Wallet')
    // Focus moves into the dialog (at its first frame) and back to the host's button on close.
    await expect.poll(async () => (await focusedInModal(page)).insideDialog).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-modal')
    expect(await page.getByTestId('demo-status').textContent()).toContain('modal: closed')
    expect(errors).toEqual([])
    await context.close()
  })

  it('links the app\'s terms on Connect; with the legalCheckbox feature the wallets wait for the box to be ticked', async () => {
    const footer = await openDemo(browser, { query: '?legal=1' })
    await footer.page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(footer.page)).toBe('Connect')
    const note = footer.page.locator('gangway-modal [data-testid=legal-footer]')
    expect(await note.textContent()).toBe('By connecting your wallet, you agree to the Terms of Service and Privacy Policy.')
    expect(await note.locator('[data-testid=legal-terms]').getAttribute('href')).toBe('https://example.com/terms')
    expect(await note.locator('[data-testid=legal-privacy]').getAttribute('href')).toBe('https://example.com/privacy')
    expect(await footer.page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]').isEnabled()).toBe(true)
    await footer.context.close()

    const { page, context } = await openDemo(browser, { query: '?legal=checkbox' })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    const wallet = page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]')
    expect(await wallet.isDisabled()).toBe(true)
    expect(await page.locator('gangway-modal [data-testid=all-wallets-entry]').isDisabled()).toBe(true)
    expect(await page.locator('gangway-modal [data-testid=legal-footer]').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.locator('gangway-modal [data-testid=legal-checkbox]').check()
    expect(await wallet.isEnabled()).toBe(true)
    await wallet.click()
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    await context.close()
  })

  it('Connect layout from the options: the host order, the wallets collapsed into one entry leading to them, a wallet hidden by name', async () => {
    const { page, context, errors } = await openDemo(browser, { query: '?email=1&collapseWallets=1&connectMethods=social,wallet&excludeWalletNames=Second%20Dev%20Wallet' })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    const connect = page.locator('gangway-modal [data-testid=view-connect]')
    expect(await connect.getAttribute('data-methods')).toBe('social wallet email')
    expect(await page.locator('gangway-modal [data-testid^="wallet-dev."]').count()).toBe(0)
    // The open's prefetch of the directory's lists ends, and with it the loading bar.
    await expect.poll(() => page.evaluate(() => (window as unknown as { gangway: { getState(): { modal: { loading: boolean } } } }).gangway.getState().modal.loading)).toBe(false)
    expect(await page.locator('gangway-modal [data-testid=modal-loading]').count()).toBe(0)
    await page.locator('gangway-modal [data-testid=connect-wallets-entry]').click()
    await expect.poll(() => currentView(page)).toBe('ConnectWallets')
    await page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]').waitFor()
    expect(await page.locator('gangway-modal [data-testid="wallet-dev.gangway.second"]').count()).toBe(0)
    expect(await page.locator('gangway-modal [data-testid=recommended-wallets] button').count()).toBe(4)
    await page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]').click()
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    expect(errors).toEqual([])
    await context.close()
  })

  it("onboarding: New to wallets? explains wallets and suggests some; a WalletConnect wallet offers Get <wallet> with its store pages; connecting views are titled after the wallet", async () => {
    const { page, context } = await openDemo(browser)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await page.locator('gangway-modal [data-testid="new-to-wallets"]').click()
    await expect.poll(() => currentView(page)).toBe('WhatIsAWallet')
    expect(await dialog(page).locator('#gw-dialog-title').textContent()).toBe('What is a Wallet?')
    expect(await page.locator('gangway-modal .gw-onboarding-points li').count()).toBe(3)
    await page.locator('gangway-modal [data-testid="get-a-wallet"]').click()
    await expect.poll(() => currentView(page)).toBe('GetWallet')
    const options = page.locator('gangway-modal [data-testid="get-wallet-option"]')
    await options.first().waitFor()
    expect(await options.count()).toBeGreaterThan(0)
    const name = (await options.first().textContent())!.trim()
    await options.first().click()
    await expect.poll(() => page.locator('gangway-modal .gw-connecting-title').textContent()).toBe(`Get ${name}`)
    const links = page.locator('gangway-modal [data-testid="get-wallet-link"]')
    const hrefs = await links.evaluateAll((els) => els.map((el) => [el.getAttribute('href'), el.getAttribute('target'), el.getAttribute('rel')]))
    expect(hrefs.length).toBeGreaterThan(0)
    for (const [href, target, rel] of hrefs) {
      expect(href).toMatch(/^https:\/\//)
      expect([target, rel]).toEqual(['_blank', 'noopener noreferrer'])
    }
    // Back to Connect; a directory wallet (not installed) goes to WalletConnect, titled after it.
    await page.evaluate(() => (window as unknown as { gangway: { open(v: string): void } }).gangway.open('Connect'))
    const directory = page.locator('gangway-modal [data-testid="recommended-wallets"] button').first()
    const walletName = (await directory.locator('.gw-wallet-name').textContent())!.trim()
    await directory.click()
    await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
    expect(await dialog(page).locator('#gw-dialog-title').textContent()).toBe(walletName)
    await page.locator('gangway-modal [data-testid="wc-get-wallet"]').click()
    await expect.poll(() => currentView(page)).toBe('GetWallet')
    expect(await page.locator('gangway-modal .gw-connecting-title').textContent()).toBe(`Get ${walletName}`)
    await context.close()
  })

  it("a directory wallet with a mobile link only: on a phone its link comes before the QR code; on a desktop only the QR code shows", async () => {
    for (const phone of [true, false]) {
      const context = await browser.newContext(
        phone
          ? { viewport: { width: 390, height: 844 }, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' }
          : { viewport: { width: 1280, height: 800 } },
      )
      const page = await context.newPage()
      await page.goto(demoUrl())
      await page.getByTestId('open-modal').click()
      await expect.poll(() => currentView(page)).toBe('Connect')
      // The first recommended wallet of the dev directory has a mobile link and no desktop one.
      await page.locator('gangway-modal [data-testid="recommended-wallets"] button').first().click()
      await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
      await page.locator('gangway-modal [data-testid="wc-qr"]').waitFor()
      const order = await page.locator('gangway-modal [data-testid="wc-panel"]').evaluate((panel) => {
        const link = panel.querySelector('[data-testid="wc-open-mobile"]')
        const qr = panel.querySelector('[data-testid="wc-qr"]')
        if (!link || !qr) return link ? 'link only' : 'qr only'
        return link.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING ? 'link first' : 'qr first'
      })
      expect(order).toBe(phone ? 'link first' : 'qr only')
      await context.close()
    }
  })

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    // With the embedded wallet, UpdateEmailWallet is a form: a field and a button besides the header's.
    const { page, context } = await openDemo(browser, { query: '?email=1' })
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    await page.evaluate(() => (window as unknown as { gangway: { push(v: string): void } }).gangway.push('UpdateEmailWallet'))
    await expect.poll(() => currentView(page)).toBe('UpdateEmailWallet')
    // The view's form is drawn (its part of the UI loads after the header).
    await page.locator('gangway-modal [data-testid="update-email-input"]').waitFor()
    const seen = new Set<string>()
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab')
      const focus = await focusedInModal(page)
      expect(focus.insideDialog).toBe(true)
      seen.add(focus.label)
    }
    expect(seen).toEqual(new Set(['Back', 'Close', 'New e-mail', 'Continue']))
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab')
      expect((await focusedInModal(page)).insideDialog).toBe(true)
    }
    await context.close()
  })

  it('toggles the theme and closes on an overlay click', async () => {
    const { page, context } = await openDemo(browser)
    const theme = () => page.locator('gangway-modal').getAttribute('data-theme')
    expect(await theme()).toBe('light')
    await page.getByTestId('toggle-theme').click()
    expect(await theme()).toBe('dark')
    await page.getByTestId('open-modal').click()
    const background = await dialog(page).evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(background).toBe('rgb(24, 25, 27)')
    await page.mouse.click(5, 790)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await context.close()
  })

  it('is a bottom sheet on a narrow screen', async () => {
    const { page, context } = await openDemo(browser, { viewport: { width: 390, height: 800 } })
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    // The sheet has slid all the way up.
    await animationsDone(dialog(page))
    const box = await dialog(page).boundingBox()
    expect(box?.width).toBe(390)
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800)
    await context.close()
  })

  it('devtools: jumping to an earlier event renders that view; back to present restores it', async () => {
    const { page, context } = await openDemo(browser, { devtools: true })
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    await page.evaluate(() => (window as unknown as { gangway: { push(v: string): void } }).gangway.push('Networks'))
    await expect.poll(() => currentView(page)).toBe('Networks')
    const openRow = page.locator('[data-gangway-devtools] li', { hasText: 'modal/openRequested' }).last()
    await openRow.getByRole('button', { name: /^Jump/ }).click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    expect(await page.getByTestId('devtools-status').textContent()).toContain('effects paused')
    await page.getByTestId('devtools-present').click()
    await expect.poll(() => currentView(page)).toBe('Networks')
    await context.close()
  })

  it('devtools: the Components tab shows the React tree of the page', async () => {
    const { page, context, errors } = await openDemo(browser, { devtools: true })
    await page.locator('[data-gangway-devtools]').getByRole('tab', { name: 'Components' }).click()
    const pane = page.getByTestId('devtools-react')
    await pane.waitFor({ timeout: 40_000 })
    await expect.poll(() => pane.textContent(), { timeout: 40_000 }).toContain('ModalProvider')
    expect(errors).toEqual([])
    await context.close()
  })

  it('a reload keeps the persisted theme and the event log from IndexedDB', async () => {
    const { page, context, reload } = await openDemo(browser, { devtools: true })
    await page.getByTestId('toggle-theme').click()
    await page.getByTestId('open-modal').click()
    await page.keyboard.press('Escape')
    const rows = page.locator('[data-gangway-devtools] li[data-seq] .gwd-type')
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5)
    // Let the effects that opening started (prefetches) settle and the log be written.
    await settled(page)
    const before = await rows.allTextContents()
    await reload()
    expect(await page.locator('gangway-modal').getAttribute('data-theme')).toBe('dark')
    const after = await rows.allTextContents()
    expect(after.slice(0, before.length)).toEqual(before)
    expect(after[before.length]).toBe('session/started')
    expect(after.slice(before.length)).toContain('storage/hydrated')
    const stored = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const req = indexedDB.open('gangway')
          req.onsuccess = () => {
            const keys = req.result.transaction('keyval').objectStore('keyval').getAllKeys()
            keys.onsuccess = () => resolve((keys.result as string[]).sort())
          }
        }),
    )
    // The tab keeps its log under its own key, listed with the tabs that have one.
    const tab = await page.evaluate(() => sessionStorage.getItem('gangway:tab'))
    expect(stored).toEqual(['gangway:durable', `gangway:eventLog.${tab}`, 'gangway:eventLog.tabs', 'gangway:schema'])
    await context.close()
  })
})
