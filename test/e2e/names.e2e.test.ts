import { describe, expect, it } from 'vitest'
import { browserPerFile, connectInjected, currentView, demoWithoutDevtools, gatewayControl, inModal, modalState } from './support/demo'
import { e2eStack } from './support/stack'
import { seriousViolations } from './support/axe'

// Name registration (spec §4) in Chromium on the local stack: the dev wallet (account 0, which
// has no name) registers one through the real gateway on its database; Account then shows it
// and Send resolves it.

const MAIN = 'dev.gangway.wallet'
const shared = browserPerFile()
const stack = () => e2eStack().config

describe('name registration', () => {
  it('registers a free name by a signed message: invalid and taken names go nowhere, a refusal stays on the form, then Account shows the name and Send resolves it', async () => {
    const { page } = await demoWithoutDevtools(shared)
    const address = await connectInjected(page, MAIN)
    if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-choose-name').click()
    await expect.poll(() => currentView(page)).toBe('RegisterAccountName')
    const note = () => inModal(page, 'name-note').textContent()

    // Too short: the rule is shown and nothing reaches the wallet.
    await inModal(page, 'name-input').fill('ab')
    expect(await note()).toBe('Use letters, digits and hyphens, at least 4 characters')
    expect(await inModal(page, 'name-register').getAttribute('aria-disabled')).toBe('true')
    await inModal(page, 'name-input').press('Enter')
    expect(await page.getByTestId('devwallet-method').count()).toBe(0)

    // Taken (the stack named account 1 bobby.gangway): said so, with free suggestions beside it.
    await inModal(page, 'name-input').fill('bobby')
    await expect.poll(note).toBe('bobby.gangway is taken')
    expect(await inModal(page, 'name-suggestions').locator('button:not([disabled])').count()).toBeGreaterThan(0)
    expect(await inModal(page, 'name-register').getAttribute('aria-disabled')).toBe('true')
    await inModal(page, 'name-input').press('Enter')
    expect(await page.getByTestId('devwallet-method').count()).toBe(0)
    expect(await seriousViolations(page)).toEqual([])

    const label = `dev-${Date.now().toString(36)}`
    const name = `${label}.gangway`
    await inModal(page, 'name-input').fill(label)
    await expect.poll(note).toBe(`${name} is available`)
    // Refused in the wallet: the form stays, with the error and a retry.
    await inModal(page, 'name-register').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    expect(await inModal(page, 'name-approve').textContent()).toBe('Approve in Gangway Dev Wallet')
    await page.getByTestId('devwallet-reject').click()
    await inModal(page, 'name-error').waitFor()
    expect(await inModal(page, 'name-error').textContent()).toBe('Error signing message')
    expect(await currentView(page)).toBe('RegisterAccountName')

    await inModal(page, 'name-register').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => currentView(page)).toBe('RegisterAccountNameSuccess')
    expect(await inModal(page, 'name-success').textContent()).toBe(`${name} is yours`)
    const profile = (await (await fetch(`${stack().gatewayUrl}/v1/profile/account/${name}?projectId=${stack().projectId}`)).json()) as { addresses: Record<string, { address: string }> }
    expect(profile.addresses['60']!.address).toBe(address)

    // Done: Account shows the name; the form is gone from the history.
    await inModal(page, 'name-done').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-name').textContent()).toBe(name)
    expect(await inModal(page, 'account-choose-name').count()).toBe(0)

    // Send resolves it to this account.
    await inModal(page, 'account-send').click()
    await inModal(page, 'send-receiver').fill(name)
    await expect.poll(() => inModal(page, 'send-receiver-name').getAttribute('data-status')).toBe('resolved')
    expect(await inModal(page, 'send-receiver-name').locator('span').getAttribute('title')).toBe(address)

    // The next e2e files find account 0 without a name again.
    await gatewayControl('DELETE', `/_control/names/${name}`)
  })

  it("shows the name the name API has for the account, with its avatar record, from the reverse lookup (the account's identity has none)", async () => {
    const { page } = await demoWithoutDevtools(shared)
    const address = await page.evaluate((rdns) => (window as unknown as { __gangwayDevWallets: Record<string, { address: string }> }).__gangwayDevWallets[rdns]!.address, MAIN)
    const name = `pic-${Date.now().toString(36)}.gangway`
    const avatar = `${stack().gatewayUrl}/public/getAssetImage/${name.replace('.', '-')}`
    await gatewayControl('PUT', `/_control/names/${name}`, { address, attributes: { avatar } })
    try {
      // The identity says nothing of it: the name and avatar can only come from the reverse lookup.
      expect(await (await fetch(`${stack().gatewayUrl}/v1/identity/${address}?projectId=${stack().projectId}`)).json()).toEqual({ name: null, avatar: null })
      expect(await connectInjected(page, MAIN)).toBe(address)
      if (!(await modalState(page, (s) => s.modal.open))) await page.getByTestId('open-modal').click()
      await expect.poll(() => currentView(page)).toBe('Account')
      await expect.poll(() => inModal(page, 'account-name').textContent()).toBe(name)
      expect(await inModal(page, 'account-avatar').getAttribute('src')).toBe(avatar)
      // The avatar loaded: an image of real size, not the broken-image glyph.
      await expect.poll(() => inModal(page, 'account-avatar').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
      expect(await inModal(page, 'account-choose-name').count()).toBe(0)
    } finally {
      await gatewayControl('DELETE', `/_control/names/${name}`)
    }
  })
})
