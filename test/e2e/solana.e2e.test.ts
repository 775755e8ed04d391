import { address, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type SignatureBytes } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { dialog } from './support/browser'
import { browserPerFile, connectInjected, currentView, eip155Connection, inModal, modalState, openDemo, storedDurable } from './support/demo'
import { connectDevSolana, DEV_SOLANA, devSolana, openSolanaDemo, solanaConnection } from './support/solana'
import { e2eStack } from './support/stack'
import { formatAmount } from '../../src/core/domain/format'

// The dev Solana wallet (a Wallet Standard wallet with its own approve / reject prompt) on the
// stack's Solana validator, driven through the demo's modal in Chromium, beside the EVM wallets.

const EVM_WALLET = 'dev.gangway.wallet'
const run = browserPerFile()

type PageWindow = Window & { gangway: Modal }

const stack = () => e2eStack().config
const activeNamespace = (page: Page) => modalState(page, (s) => s.connection.activeNamespace)

async function open() {
  const opened = await openSolanaDemo(run.browser)
  run.contexts.push(opened.context)
  return opened
}

/** What the Account view should show for `lamports`: SOL with 3 decimals, truncated. */
function shownSol(lamports: bigint): string {
  return formatAmount(lamports, { locale: 'en', decimals: 9, symbol: 'SOL' })
}

const validatorBalance = async (owner: string) => (await createSolanaRpc(stack().solanaRpcUrl).getBalance(address(owner)).send()).value

describe('the dev Solana wallet in the demo', () => {
  it('is listed with the EVM wallets, connects through its prompt and shows the validator balance', async () => {
    const { page, errors } = await open()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await expect.poll(() => inModal(page, `wallet-${DEV_SOLANA}`).count()).toBe(1)
    const names = await page.locator('gangway-modal button[data-testid^="wallet-"] .gw-wallet-name').allTextContents()
    expect(names).toEqual(expect.arrayContaining(['Gangway Dev Wallet', 'Second Dev Wallet', 'Gangway Dev Solana']))
    expect(await inModal(page, `wallet-${DEV_SOLANA}`).locator('.gw-badge').textContent()).toBe('Installed')

    await inModal(page, `wallet-${DEV_SOLANA}`).click()
    await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toBe('standard:connect')
    expect(await inModal(page, 'view-connecting-external').getAttribute('data-status')).toBe('waiting')
    await page.getByTestId('devsolana-approve').click()
    // A successful connect closes the modal.
    await expect.poll(() => dialog(page).count()).toBe(0)
    const owner = stack().solanaAccounts[0]!.address
    expect(await solanaConnection(page)).toEqual({
      status: 'connected',
      activeConnectorId: DEV_SOLANA,
      connections: [{ connectorId: DEV_SOLANA, accounts: [{ address: owner, type: 'eoa' }], caipNetworkId: stack().solanaCaipNetworkId }],
    })
    expect(await activeNamespace(page)).toBe('solana')
    expect((await eip155Connection(page))?.status ?? 'disconnected').toBe('disconnected')

    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${owner.slice(0, 4)}…${owner.slice(-6)}`)
    expect(await inModal(page, 'account-network').textContent()).toContain('Solana Localnet')
    const lamports = await validatorBalance(owner)
    expect(lamports).toBeGreaterThan(0n)
    await expect.poll(() => inModal(page, 'account-balance').textContent()).toBe(shownSol(lamports))
    expect(await inModal(page, 'account-balance').getAttribute('data-source')).not.toBe('none')
    expect(errors).toEqual([])
  })

  it('is off in the plain demo, and its link turns it on and off', async () => {
    const { page, context } = await openDemo(run.browser)
    run.contexts.push(context)
    expect(await page.getByTestId('toggle-solana').textContent()).toBe('With Solana')
    expect(await modalState(page, (s) => s.settings.adapters)).toEqual(['eip155'])
    await page.getByTestId('toggle-solana').click()
    await page.waitForURL(/[?&]solana=1/)
    await page.getByTestId('open-modal').waitFor()
    expect(await modalState(page, (s) => s.settings.adapters)).toEqual(['eip155', 'solana'])
    expect(await page.getByTestId('toggle-solana').textContent()).toBe('Without Solana')
    await page.getByTestId('toggle-solana').click()
    await page.waitForURL((url) => !url.search.includes('solana'))
    await page.getByTestId('open-modal').waitFor()
    expect(await modalState(page, (s) => s.settings.adapters)).toEqual(['eip155'])
  })

  it('signs a message with the solana namespace active, and kit verifies it for the account', async () => {
    const { page } = await open()
    const owner = await connectDevSolana(page)
    expect(await activeNamespace(page)).toBe('solana')
    const message = 'Sign in to Gangway on Solana'
    const signing = page.evaluate((m) => (window as unknown as PageWindow).gangway.signMessage(m), message)
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toBe('solana:signMessage')
    await page.getByTestId('devsolana-approve').click()
    const signature = await signing
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(bytes.length).toBe(64)
    const data = getUtf8Encoder().encode(message)
    expect(await verifySignature(await getPublicKeyFromAddress(address(owner)), bytes, data)).toBe(true)
    // Not another account's signature, nor one of another message.
    expect(await verifySignature(await getPublicKeyFromAddress(address(stack().solanaAccounts[1]!.address)), bytes, data)).toBe(false)
    expect(await verifySignature(await getPublicKeyFromAddress(address(owner)), bytes, getUtf8Encoder().encode(`${message}!`))).toBe(false)
  })

  it("a refused connect shows 'Connection rejected' and connects nothing", async () => {
    const { page } = await open()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await inModal(page, `wallet-${DEV_SOLANA}`).click()
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toBe('standard:connect')
    await page.getByTestId('devsolana-reject').click()
    await expect.poll(() => inModal(page, 'connecting-error').textContent()).toBe('Connection rejected')
    expect(await modalState(page, (s) => s.wallets.attempt)).toMatchObject({
      connectorId: DEV_SOLANA,
      status: 'failed',
      error: { name: 'WalletRejectedError', kind: 'WALLET_REJECTED', shortMessage: 'Connection rejected' },
    })
    const solana = await solanaConnection(page)
    expect(solana?.status ?? 'disconnected').toBe('disconnected')
    expect(solana?.connections ?? []).toEqual([])
    expect(await modalState(page, (s) => Object.values(s.connection.byNamespace).some((ns) => ns?.status === 'connected'))).toBe(false)
    expect(await devSolana(page, 'pending')).toEqual([])
  })

  it('reconnects silently to the same Solana address after a reload', async () => {
    const { page, reload } = await open()
    const owner = await connectDevSolana(page)
    // The connection is stored (what the reload reconnects from).
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { solana: [DEV_SOLANA] } } })
    await reload()
    await expect.poll(() => solanaConnection(page).then((ns) => ns?.status)).toBe('connected')
    expect((await solanaConnection(page))?.connections).toEqual([
      { connectorId: DEV_SOLANA, accounts: [{ address: owner, type: 'eoa' }], caipNetworkId: stack().solanaCaipNetworkId },
    ])
    // No prompt was needed, and the modal stayed closed.
    expect(await devSolana(page, 'pending')).toEqual([])
    expect(await modalState(page, (s) => s.modal.open)).toBe(false)
  })

  it('holds an EVM and a Solana connection at once, and the host switches the active namespace', async () => {
    const { page } = await open()
    const evmAddress = await connectInjected(page, EVM_WALLET)
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await activeNamespace(page)).toBe('eip155')
    const solAddress = await connectDevSolana(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    // Connecting Solana made it active and left the EVM connection as it was.
    expect(await activeNamespace(page)).toBe('solana')
    expect((await eip155Connection(page))?.connections[0]?.accounts[0]?.address).toBe(evmAddress)
    expect((await eip155Connection(page))?.status).toBe('connected')

    // switchConnection(connectorId, 'active', namespace) makes the EVM connection current.
    await page.evaluate((id) => (window as unknown as PageWindow).gangway.switchConnection(id, 'active', 'eip155'), EVM_WALLET)
    expect(await activeNamespace(page)).toBe('eip155')
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${evmAddress.slice(0, 4)}…${evmAddress.slice(-6)}`)
    await expect.poll(() => inModal(page, 'account-balance').textContent()).toMatch(/ ETH$/)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)
    // A message is now signed by the EVM wallet.
    const evmSigning = page.evaluate(() => (window as unknown as PageWindow).gangway.signMessage('to the active wallet'))
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    expect(await evmSigning).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await devSolana(page, 'pending')).toEqual([])

    // open({ namespace }) makes Solana active again: its account, its SOL balance.
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open({ namespace: 'solana' }))
    expect(await activeNamespace(page)).toBe('solana')
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${solAddress.slice(0, 4)}…${solAddress.slice(-6)}`)
    await expect.poll(() => inModal(page, 'account-balance').textContent()).toBe(shownSol(await validatorBalance(solAddress)))
    // Both connections stayed up throughout.
    expect((await solanaConnection(page))?.status).toBe('connected')
    expect((await eip155Connection(page))?.status).toBe('connected')
  })
})
