import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { animationsDone, dialog, launchBrowser } from './support/browser'
import { currentView, openDemo } from './support/demo'
import { e2eStack } from './support/stack'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const gateway = () => e2eStack().config.gatewayUrl
async function setFault(fault: Record<string, unknown> | null) {
  const res = await fetch(`${gateway()}/_control/fault`, {
    method: fault ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    ...(fault ? { body: JSON.stringify(fault) } : {}),
  })
  expect(res.ok).toBe(true)
}
afterEach(async () => {
  await setFault(null)
})

/** Announces an EIP-6963 wallet in the page (its provider answers nothing; only its row is used). */
async function announceWallet(page: Page, info: { name: string; icon: string; rdns: string }) {
  await page.evaluate((wallet) => {
    const provider = { request: () => new Promise(() => {}), on() {}, removeListener() {} }
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: { ...wallet, uuid: crypto.randomUUID() }, provider }) }),
      )
    announce()
    window.addEventListener('eip6963:requestProvider', announce)
  }, info)
}

/** WCAG 2 contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('motion', () => {
  it('the dialog enters with an animation, its body follows the view\'s height as no scroll region, and a connecting wallet spins a progress ring; with prefers-reduced-motion nothing moves', async () => {
    for (const reduced of [false, true]) {
      const { page, context } = await openDemo(browser)
      try {
        if (reduced) await page.emulateMedia({ reducedMotion: 'reduce' })
        await page.getByTestId('open-modal').click()
        await expect.poll(() => currentView(page)).toBe('Connect')
        const dialogAnimation = await dialog(page).evaluate((el) => getComputedStyle(el).animationName)
        expect(dialogAnimation).toBe(reduced ? 'none' : 'gw-dialog-in')
        // While the body's height moves to the next view's it is no scroll region (content
        // overflowing for a moment would be one with nothing to focus); under reduced motion it never moves.
        await page.evaluate(() => {
          const body = document.querySelector('gangway-modal')!.shadowRoot!.querySelector('.gw-body')!
          const w = window as unknown as { __resizing: boolean[] }
          w.__resizing = []
          new MutationObserver(() => w.__resizing.push(body.classList.contains('gw-resizing'))).observe(body, { attributes: true, attributeFilter: ['class'] })
        })
        // The wallet never answers: the view waits on it with the ring.
        await page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]').click()
        const ring = page.locator('gangway-modal [data-testid=connecting-progress]')
        await ring.waitFor()
        const resizing = () => page.evaluate(() => (window as unknown as { __resizing: boolean[] }).__resizing)
        if (reduced) expect(await resizing()).not.toContain(true)
        else {
          await expect.poll(resizing).toContain(true)
          await expect.poll(async () => (await resizing()).at(-1)).toBe(false)
          expect(await page.locator('gangway-modal .gw-body').evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto')
        }
        expect(await ring.getAttribute('data-active')).toBe('true')
        const spin = await ring.evaluate((el) => getComputedStyle(el, '::after').animationName)
        expect(spin).toBe(reduced ? 'none' : 'gw-spin')
        // Closing: a still picture of the dialog plays the entrance backwards, then goes;
        // the modal itself is closed at once. None under reduced motion. The picture is read
        // the moment it is added: it lasts only as long as its animation.
        await page.evaluate(() => {
          const shadow = document.querySelector('gangway-modal')!.shadowRoot!
          const w = window as unknown as { __closing: unknown[] }
          w.__closing = []
          const read = () => {
            const el = shadow.querySelector('.gw-overlay[data-closing]')
            const picture = el?.querySelector('.gw-dialog')
            if (!el || !picture || w.__closing.length > 0) return
            const style = getComputedStyle(picture)
            w.__closing.push([style.animationName, style.animationDirection], [el.closest('[aria-hidden]') !== null, el.textContent, el.querySelectorAll('*').length])
          }
          new MutationObserver(read).observe(shadow, { childList: true, subtree: true, attributes: true })
        })
        await page.keyboard.press('Escape')
        await expect.poll(() => dialog(page).count()).toBe(0)
        const closing = page.locator('gangway-modal .gw-overlay[data-closing]')
        const picture = () => page.evaluate(() => (window as unknown as { __closing: unknown[] }).__closing)
        if (reduced) expect(await closing.count()).toBe(0)
        else {
          await expect.poll(picture).not.toEqual([])
          const [animation, shape] = await picture()
          expect(animation).toEqual(['gw-dialog-in', 'reverse'])
          expect(shape).toEqual([true, '', 1])
          await expect.poll(() => closing.count(), { timeout: 2_000 }).toBe(0)
        }
      } finally {
        await context.close()
      }
    }
  })
})

describe('the modal keeps its layout steady (Chromium)', () => {
  it("the dialog's header stays put through view and tab changes: top-anchored on a desktop, a sheet of one height on a phone", async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { page, context } = await openDemo(browser, { viewport })
      try {
        const header = page.locator('gangway-modal .gw-header')
        const tops: [string, number][] = []
        // Once the view is drawn and the body's height and every entrance have settled.
        const measure = async (label: string) => {
          await expect.poll(() => currentView(page)).toBe(label.split(' ')[0])
          await animationsDone(dialog(page))
          tops.push([label, await header.evaluate((el) => Math.round(el.getBoundingClientRect().top))])
        }
        await page.getByTestId('open-modal').click()
        await measure('Connect')
        await page.locator('gangway-modal [data-testid=all-wallets-entry]').click()
        await measure('AllWallets')
        await page.locator('gangway-modal [data-testid=modal-back]').click()
        await measure('Connect (back)')
        await page.locator('gangway-modal [data-testid="wallet-dev.gangway.wallet"]').click()
        await measure('ConnectingExternal')
        await page.getByTestId('devwallet-approve').click()
        // Connected, the modal closes; opened again it shows the account.
        await expect.poll(() => currentView(page)).toBeNull()
        await page.getByTestId('open-modal').click()
        await measure('Account')
        for (const tab of ['nfts', 'activity', 'tokens']) {
          await page.locator(`gangway-modal [data-testid=account-tab-${tab}]`).click()
          await measure(`Account (${tab})`)
        }
        await page.evaluate(() => (window as unknown as { gangway: { push(v: string): void } }).gangway.push('Networks'))
        await measure('Networks')
        const first = tops[0]![1]
        expect(tops.filter(([, top]) => top !== first), `${viewport.width} px: ${JSON.stringify(tops)}`).toEqual([])
      } finally {
        await context.close()
      }
    }
  })

  it('opening Connect with a slow directory shifts nothing: skeleton rows hold the recommended wallets\' place', async () => {
    // With the devtools panel, whose event list grows beside the modal all along.
    const { page, context } = await openDemo(browser, { devtools: true })
    // The wallet directory (recommended wallets and the AllWallets page) answers only once the
    // dialog has been measured with its skeleton rows: slow however busy the machine is.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await page.route(/\/getWallets/, async (route) => {
      await answered
      await route.continue()
    })
    await page.evaluate(() => {
      const w = window as unknown as { __shifts: { value: number; hadRecentInput: boolean; inModal: boolean }[] }
      w.__shifts = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node: Node | null }[] }[]) {
          // Sources in the dialog's shadow root are attributed to nodes whose root node's host is the modal.
          const inModal = (e.sources ?? []).some((source) => {
            const root = source.node?.getRootNode() as ShadowRoot | Document | undefined
            return source.node?.nodeName === 'GANGWAY-MODAL' || (root instanceof ShadowRoot && root.host.nodeName === 'GANGWAY-MODAL')
          })
          w.__shifts.push({ value: e.value, hadRecentInput: e.hadRecentInput, inModal })
        }
      }).observe({ type: 'layout-shift', buffered: false })
    })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    const loading = page.locator('gangway-modal [data-testid=recommended-wallets-loading]')
    await loading.waitFor()
    await animationsDone(dialog(page)) // past the entrance and the body's height transition
    const heightBefore = await dialog(page).evaluate((el) => el.getBoundingClientRect().height)
    const entryBefore = await page.locator('gangway-modal [data-testid=all-wallets-entry]').boundingBox()
    answer()
    await page.locator('gangway-modal [data-testid=recommended-wallets]').waitFor({ timeout: 20_000 })
    expect(await loading.count()).toBe(0)
    // Whatever the arrival of the wallets set moving (a height following them) has ended.
    await animationsDone(dialog(page))
    const heightAfter = await dialog(page).evaluate((el) => el.getBoundingClientRect().height)
    const entryAfter = await page.locator('gangway-modal [data-testid=all-wallets-entry]').boundingBox()
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; hadRecentInput: boolean; inModal: boolean }[] }).__shifts)
    // CLS as browsers report it: shifts within 500 ms of the opening click do not count.
    const cls = shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0)
    const modalShifts = shifts.filter((s) => s.inModal).reduce((sum, s) => sum + s.value, 0)
    console.info(`layout shifts while Connect opened with a slow directory: CLS ${cls}, modal (any input) ${modalShifts}, dialog ${heightBefore} → ${heightAfter} px`)
    expect(await page.locator('gangway-modal [data-testid=recommended-wallets] button').count()).toBeGreaterThan(0)
    expect(heightAfter).toBe(heightBefore)
    expect(entryAfter?.y).toBe(entryBefore?.y)
    // The modal's CLS: every shift of a node in its shadow root (the devtools beside it live-update).
    expect(modalShifts).toBe(0)
    await context.close()
  })

  it('primary buttons have at least 4.5:1 contrast in both themes; AllWallets\' aria-controls points at a rendered list', async () => {
    const { page, context } = await openDemo(browser)
    // The directory fails from the first open on, so AllWallets shows its error state.
    await setFault({ status: 400, pathPrefix: '/getWallets', count: 50 })
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    const primaryColours = () =>
      page.evaluate(() => {
        const root = document.querySelector('gangway-modal')?.shadowRoot?.querySelector('.gw-root') as HTMLElement
        const button = document.createElement('button')
        button.className = 'gw-button'
        button.dataset.primary = 'true'
        button.textContent = 'Try again'
        root.appendChild(button)
        const style = getComputedStyle(button)
        const colours = { fg: style.color, bg: style.backgroundColor }
        button.remove()
        return colours
      })
    const light = await primaryColours()
    expect(contrast(light.fg, light.bg)).toBeGreaterThanOrEqual(4.5)
    await page.keyboard.press('Escape')
    await page.getByTestId('toggle-theme').click()
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    expect(await page.locator('gangway-modal .gw-root').getAttribute('data-theme')).toBe('dark')
    const dark = await primaryColours()
    expect(contrast(dark.fg, dark.bg)).toBeGreaterThanOrEqual(4.5)

    // AllWallets while its directory fails: no list, so nothing for aria-controls to point at.
    await page.evaluate(() => (window as unknown as { gangway: { push(v: string): void } }).gangway.push('AllWallets'))
    await page.locator('gangway-modal [data-testid=all-wallets-error]').waitFor({ timeout: 30_000 })
    const danglingControls = () =>
      page.evaluate(() => {
        const shadow = document.querySelector('gangway-modal')?.shadowRoot
        return [...(shadow?.querySelectorAll('[aria-controls]') ?? [])]
          .map((el) => el.getAttribute('aria-controls') as string)
          .filter((id) => !id.split(/\s+/).every((one) => shadow?.getElementById(one)))
      })
    expect(await danglingControls()).toEqual([])
    await setFault(null)
    await page.locator('gangway-modal [data-testid=all-wallets-error] button').click()
    await page.locator('gangway-modal [data-testid=all-wallets-list]').waitFor()
    expect(await page.locator('gangway-modal [data-testid=all-wallets-search]').getAttribute('aria-controls')).toBeTruthy()
    expect(await danglingControls()).toEqual([])
    await context.close()
  })

  it('a wallet icon that fails to load shows its initial, and a long name stays on one line with its full name in title', async () => {
    const { page, context } = await openDemo(browser)
    const longName = 'The Extraordinarily Long Named Wallet Of Many Words And Chains'
    await announceWallet(page, { name: longName, icon: 'data:image/png;base64,bm90IGFuIGltYWdl', rdns: 'dev.broken.wallet' })
    await page.getByTestId('open-modal').click()
    const row = page.locator('gangway-modal button', { hasText: 'Extraordinarily' })
    await row.waitFor()
    await expect.poll(() => row.locator('[data-testid=wallet-icon-initial]').count()).toBe(1)
    // No <img> in the dialog is broken (complete without pixels).
    const broken = await page.evaluate(() =>
      [...(document.querySelector('gangway-modal')?.shadowRoot?.querySelectorAll('img') ?? [])].filter((img) => img.complete && img.naturalWidth === 0).length,
    )
    expect(broken).toBe(0)
    const name = row.locator('.gw-wallet-name')
    expect(await name.getAttribute('title')).toBe(longName)
    const metrics = await name.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(el).fontSize) * 1.6,
      truncated: el.scrollWidth > el.clientWidth,
      overflow: getComputedStyle(el).textOverflow,
    }))
    expect(metrics.height).toBeLessThan(metrics.lineHeight)
    expect(metrics.truncated).toBe(true)
    expect(metrics.overflow).toBe('ellipsis')
    await context.close()
  })

  it('networks have distinct fallback icons', async () => {
    const { page, context } = await openDemo(browser)
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    await page.evaluate(() => (window as unknown as { gangway: { push(v: string): void } }).gangway.push('Networks'))
    await expect.poll(() => currentView(page)).toBe('Networks')
    const icons = page.locator('gangway-modal [data-testid=network-icon-fallback]')
    await expect.poll(() => icons.count()).toBe(2)
    const seen = await icons.evaluateAll((els) => els.map((el) => ({ text: el.textContent, bg: getComputedStyle(el).backgroundColor })))
    expect(new Set(seen.map((s) => s.text)).size).toBe(2)
    expect(new Set(seen.map((s) => s.bg)).size).toBe(2)
    await context.close()
  })
})

describe('the demo\'s devtools (Chromium)', () => {
  for (const width of [390, 700]) {
    it(`never cover the modal ${width} px wide`, async () => {
      const { page, context } = await openDemo(browser, { viewport: { width, height: 800 }, devtools: true })
      await page.locator('[data-gangway-devtools]').waitFor()
      await page.getByTestId('open-modal').click()
      await dialog(page).waitFor()
      await animationsDone(dialog(page))
      const box = await dialog(page).boundingBox()
      const devtools = await page.locator('[data-gangway-devtools]').boundingBox()
      expect(box && devtools).toBeTruthy()
      // Points of the dialog, the ones over the devtools included, hit the modal.
      const points: [number, number][] = []
      for (let y = box!.y + 4; y < box!.y + box!.height - 4; y += 24) points.push([box!.x + box!.width / 2, y])
      const hits = await page.evaluate(
        (pts) => pts.map(([x, y]) => document.elementFromPoint(x, y)?.closest('gangway-modal, [data-gangway-devtools]')?.tagName ?? 'none'),
        points,
      )
      expect(new Set(hits)).toEqual(new Set(['GANGWAY-MODAL']))
      // The devtools are docked below the page content.
      const appBottom = await page.locator('.demo-app').evaluate((el) => el.getBoundingClientRect().bottom)
      expect(devtools!.y).toBeGreaterThanOrEqual(appBottom)
      await context.close()
    })
  }

  it('1280 px wide: every Jump / Skip button is whole, and the panel is dark with a dark modal', async () => {
    const { page, context } = await openDemo(browser, { viewport: { width: 1280, height: 800 }, devtools: true })
    await page.getByTestId('open-modal').click()
    await dialog(page).waitFor()
    await page.evaluate(() => (window as unknown as { gangway: { push(v: string): void } }).gangway.push('Networks'))
    await page.keyboard.press('Escape')
    const rows = page.locator('[data-gangway-devtools] li[data-seq]')
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(5)
    const clipped = await page.evaluate(() => {
      const list = document.querySelector('[data-gangway-devtools] .gwd-events') as HTMLElement
      const right = list.getBoundingClientRect().left + list.clientWidth
      return [...list.querySelectorAll('li[data-seq] .gwd-small')].filter((b) => b.getBoundingClientRect().right > right + 0.5).length
    })
    expect(clipped).toBe(0)
    const panelBg = () => page.locator('[data-gangway-devtools]').evaluate((el) => getComputedStyle(el).backgroundColor)
    const panelFg = () => page.locator('[data-gangway-devtools]').evaluate((el) => getComputedStyle(el).color)
    expect(contrast(await panelBg(), 'rgb(255, 255, 255)')).toBeLessThan(1.5)
    await page.getByTestId('toggle-theme').click()
    await expect.poll(async () => contrast(await panelBg(), 'rgb(0, 0, 0)')).toBeLessThan(1.5)
    expect(contrast(await panelBg(), await panelFg())).toBeGreaterThanOrEqual(7)
    await context.close()
  })
})
