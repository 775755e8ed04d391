import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { dialog } from './support/browser'
import { browserPerFile, connectInjected, currentView, eip155Connection, inModal, modalState } from './support/demo'
import { connectDevSolana, DEV_SOLANA, devSolana, openSolanaDemo, solanaConnection } from './support/solana'
import { e2eStack } from './support/stack'

// The modal's own views with an EVM and a Solana wallet connected at once (the demo in Solana
// mode, the dev wallets, the local chains and validator): Networks, ProfileWallets, the switch.

const EVM_WALLET = 'dev.gangway.wallet'
const run = browserPerFile()
const stack = () => e2eStack().config
const activeNamespace = (page: Page) => modalState(page, (s) => s.connection.activeNamespace)

async function bothConnected() {
  const opened = await openSolanaDemo(run.browser)
  run.contexts.push(opened.context)
  const { page } = opened
  const evm = await connectInjected(page, EVM_WALLET)
  await expect.poll(() => dialog(page).count()).toBe(0)
  const sol = await connectDevSolana(page)
  await expect.poll(() => dialog(page).count()).toBe(0)
  return { page, evm, sol }
}

describe('EVM and Solana in the modal’s views', () => {
  it('Networks lists both families; a Solana network from the EVM account makes Solana active and shows its account', async () => {
    const { page, sol } = await bothConnected()
    await page.evaluate(() => (window as unknown as { gangway: { open(o: unknown): void } }).gangway.open({ view: 'Account', namespace: 'eip155' }))
    await expect.poll(() => currentView(page)).toBe('Account')
    // Account's rows move once the account's name and balances are in (a click during that shift
    // can land beside the button on a loaded machine): click once they are.
    await expect.poll(() => modalState(page, (s) => Object.keys(s.tokenBalances.byAccount).length)).toBeGreaterThan(0)
    await inModal(page, 'account-network').click()
    await expect.poll(() => currentView(page)).toBe('Networks')
    expect(await page.locator('gangway-modal [data-testid="view-networks"] h3').allTextContents()).toEqual(['Ethereum (EVM)', 'Solana'])
    const evmIds = stack().chains.map((c) => `eip155:${c.chainId}`)
    for (const id of [...evmIds, stack().solanaCaipNetworkId]) expect(await inModal(page, `network-${id}`).count(), id).toBe(1)
    expect(await inModal(page, `network-${evmIds[0]}`).getAttribute('aria-current')).toBe('true')

    await inModal(page, `network-${stack().solanaCaipNetworkId}`).click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await activeNamespace(page)).toBe('solana')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${sol.slice(0, 4)}…${sol.slice(-6)}`)
    // No wallet was asked: the Solana wallet was already on that network.
    expect(await devSolana(page, 'pending')).toEqual([])
  })

  it('ProfileWallets shows both connections; disconnecting the Solana wallet leaves the EVM one connected and active', async () => {
    const { page, evm } = await bothConnected()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-wallets').click()
    await expect.poll(() => currentView(page)).toBe('ProfileWallets')
    const solRow = page.locator(`gangway-modal [data-testid="profile-wallets-solana"] [data-testid="profile-wallet-${DEV_SOLANA}"]`)
    const evmRow = page.locator(`gangway-modal [data-testid="profile-wallets-eip155"] [data-testid="profile-wallet-${EVM_WALLET}"]`)
    // Solana was connected last, so it is the active family.
    expect(await solRow.getAttribute('data-status')).toBe('active')
    expect(await evmRow.getAttribute('data-status')).toBe('connected')
    expect(await evmRow.textContent()).toContain(`${evm.slice(0, 4)}…`)

    await solRow.getByRole('button', { name: `Disconnect ${DEV_SOLANA}` }).click()
    await expect.poll(() => solanaConnection(page).then((ns) => ns?.connections.length ?? 0)).toBe(0)
    expect((await eip155Connection(page))?.status).toBe('connected')
    expect((await eip155Connection(page))?.connections[0]?.accounts[0]?.address).toBe(evm)
    expect(await activeNamespace(page)).toBe('eip155')
  })
})
