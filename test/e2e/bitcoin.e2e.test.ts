import { Verifier } from 'bip322-js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { dialog } from './support/browser'
import { bitcoinConnection, bitcoinPrompt, connectDevBitcoin, DEV_BITCOIN, devBitcoin, esploraBalance, openBitcoinDemo, shownBtc } from './support/bitcoin'
import { browserPerFile, connectInjected, currentView, eip155Connection, inModal, modalState, storedDurable } from './support/demo'
import { connectDevSolana, solanaConnection } from './support/solana'
import { e2eStack } from './support/stack'

// The dev Bitcoin wallet on the stack's regtest node (bcoin), driven through the demo's modal in
// Chromium: found the Wallet Standard way and the btc_providers way, its payment and ordinals
// accounts, the balance as the node has it, a BIP-322 message, a send confirmed on the node, a
// refusal, a reload, and Bitcoin beside EVM and Solana.

const EVM_WALLET = 'dev.gangway.wallet'
const run = browserPerFile()
type PageWindow = Window & { gangway: Modal }

const stack = () => e2eStack().config
const btc = () => {
  const bitcoin = stack().bitcoin
  if (!bitcoin) throw new Error('the e2e stack runs no Bitcoin node')
  return bitcoin
}
const activeNamespace = (page: Page) => modalState(page, (s) => s.connection.activeNamespace)

async function open(options: Parameters<typeof openBitcoinDemo>[1] = {}) {
  const opened = await openBitcoinDemo(run.browser, options)
  run.contexts.push(opened.context)
  return opened
}

describe('the dev Bitcoin wallet in the demo', () => {
  it('found by the Wallet Standard: both accounts, the node’s balance, a BIP-322 signature, a send confirmed on the node, a reload', async () => {
    const { page, errors, reload } = await open({ way: 'standard' })
    const [payment, ordinals] = [btc().accounts[0]!.payment, btc().accounts[0]!.ordinals]
    const accounts = await connectDevBitcoin(page)
    // Payment first (the account shown and used), then the ordinals (taproot) account.
    expect(accounts).toMatchObject([
      { address: payment, type: 'payment', publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/) },
      { address: ordinals, type: 'ordinal', publicKey: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ])
    expect(await bitcoinConnection(page)).toMatchObject({ status: 'connected', activeConnectorId: DEV_BITCOIN, connections: [{ caipNetworkId: btc().caipNetworkId }] })
    expect(await activeNamespace(page)).toBe('bip122')
    await expect.poll(() => dialog(page).count()).toBe(0)

    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${payment.slice(0, 4)}…${payment.slice(-6)}`)
    expect(await inModal(page, 'account-network').textContent()).toContain('Bitcoin Regtest')
    const held = await esploraBalance(btc().esploraUrl, payment)
    expect(held).toBeGreaterThan(0n)
    await expect.poll(() => inModal(page, 'account-balance').textContent()).toBe(shownBtc(held))
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)

    // A BIP-322 signature of the payment address, which an independent implementation verifies.
    const message = 'Sign in to Gangway on Bitcoin'
    const signing = page.evaluate((m) => (window as unknown as PageWindow).gangway.signMessage(m), message)
    await expect.poll(() => bitcoinPrompt(page)).toBe('bitcoin:signMessage')
    await page.getByTestId('devbitcoin-approve').click()
    const signature = await signing
    expect(Verifier.verifySignature(payment, message, signature)).toBe(true)
    expect(Verifier.verifySignature(payment, `${message}!`, signature)).toBe(false)
    expect(Verifier.verifySignature(btc().accounts[1]!.payment, message, signature)).toBe(false)

    // A send through the Send view: the fee from the gateway's estimates, the PSBT signed in the
    // wallet, the transaction confirmed on the node, the receiver paid exactly.
    const receiver = btc().accounts[1]!.payment
    const receiverBefore = await esploraBalance(btc().esploraUrl, receiver)
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open('WalletSend' as never))
    await inModal(page, 'send-form').waitFor()
    expect(await modalState(page, (s) => s.account.send.token?.symbol)).toBe('BTC')
    await inModal(page, 'send-amount').fill('0.01')
    // A valid mainnet address (BIP-173's example) is no receiver on regtest.
    await inModal(page, 'send-receiver').fill('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
    await inModal(page, 'send-review').click()
    await expect.poll(() => inModal(page, 'send-form-error').textContent()).toBe('Invalid receiver address')
    await inModal(page, 'send-receiver').fill(receiver)
    await inModal(page, 'send-review').click()
    await expect.poll(() => inModal(page, 'send-review-fee').getAttribute('data-status')).toBe('ready')
    expect(await inModal(page, 'send-review-fee').textContent()).toMatch(/^≈ 0\.0000\d+ BTC$/)
    await inModal(page, 'send-confirm').click()
    await expect.poll(() => bitcoinPrompt(page)).toBe('bitcoin:signPsbt')
    await page.getByTestId('devbitcoin-approve').click()
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status'), { timeout: 60_000 }).toBe('confirmed')
    expect(await esploraBalance(btc().esploraUrl, receiver)).toBe(receiverBefore + 1_000_000n)
    const spent = held - (await esploraBalance(btc().esploraUrl, payment))
    // The amount and a fee, the change back to the payment address.
    expect(spent).toBeGreaterThan(1_000_000n)
    expect(spent).toBeLessThan(1_000_000n + 100_000n)

    // A reload reconnects without a prompt.
    await expect.poll(() => storedDurable(page)).toMatchObject({ wallets: { connected: { bip122: [DEV_BITCOIN] } } })
    await reload()
    await expect.poll(() => bitcoinConnection(page).then((ns) => ns?.status)).toBe('connected')
    expect((await bitcoinConnection(page))?.connections[0]?.accounts.map((a) => a.address)).toEqual([payment, ordinals])
    expect(await devBitcoin(page, 'pending')).toEqual([])
    expect(await modalState(page, (s) => s.modal.open)).toBe(false)
    expect(errors).toEqual([])
  })

  it("found by btc_providers: a refused connect shows 'Connection rejected'; approved, both accounts", async () => {
    const { page } = await open({ way: 'providers' })
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open({ view: 'Connect', namespace: 'bip122' }))
    await expect.poll(() => currentView(page)).toBe('Connect')
    await inModal(page, `wallet-${DEV_BITCOIN}`).click()
    await expect.poll(() => bitcoinPrompt(page)).toBe('getAddresses')
    await page.getByTestId('devbitcoin-reject').click()
    await expect.poll(() => inModal(page, 'connecting-error').textContent()).toBe('Connection rejected')
    expect((await bitcoinConnection(page))?.status ?? 'disconnected').toBe('disconnected')

    // Try again asks the wallet again.
    const retry = inModal(page, 'connecting-retry')
    await expect.poll(() => retry.isEnabled()).toBe(true)
    await retry.click()
    await expect.poll(() => bitcoinPrompt(page)).toBe('getAddresses')
    await page.getByTestId('devbitcoin-approve').click()
    await expect.poll(() => bitcoinConnection(page).then((ns) => ns?.status)).toBe('connected')
    expect((await bitcoinConnection(page))!.connections[0]!.accounts.map((a) => [a.address, a.type])).toEqual([
      [btc().accounts[0]!.payment, 'payment'],
      [btc().accounts[0]!.ordinals, 'ordinal'],
    ])
  })

  it('holds EVM, Solana and Bitcoin connections at once; the host switches between them', async () => {
    const { page } = await open({ query: '&solana=1' })
    const evmAddress = await connectInjected(page, EVM_WALLET)
    await expect.poll(() => dialog(page).count()).toBe(0)
    await connectDevSolana(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    const [payment] = await connectDevBitcoin(page)
    await expect.poll(() => dialog(page).count()).toBe(0)
    expect(await activeNamespace(page)).toBe('bip122')
    expect([(await eip155Connection(page))?.status, (await solanaConnection(page))?.status, (await bitcoinConnection(page))?.status]).toEqual(['connected', 'connected', 'connected'])

    await page.evaluate((id) => (window as unknown as PageWindow).gangway.switchConnection(id, 'active', 'eip155'), EVM_WALLET)
    expect(await activeNamespace(page)).toBe('eip155')
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${evmAddress.slice(0, 4)}…${evmAddress.slice(-6)}`)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page).count()).toBe(0)

    // open({ namespace }) makes Bitcoin active again: its payment account and its BTC.
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open({ namespace: 'bip122' }))
    expect(await activeNamespace(page)).toBe('bip122')
    await expect.poll(() => currentView(page)).toBe('Account')
    expect(await inModal(page, 'account-address').textContent()).toBe(`${payment!.address.slice(0, 4)}…${payment!.address.slice(-6)}`)
    await expect.poll(() => inModal(page, 'account-balance').textContent()).toMatch(/^\d{1,3}(?:,\d{3})*\.\d{3} BTC$/)
    // The Networks view lists Bitcoin beside the EVM chains and Solana.
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open('Networks' as never))
    await expect.poll(() => currentView(page)).toBe('Networks')
    await expect.poll(() => page.locator('gangway-modal').getByText('Bitcoin Regtest').count()).toBeGreaterThan(0)
    expect([(await eip155Connection(page))?.status, (await solanaConnection(page))?.status, (await bitcoinConnection(page))?.status]).toEqual(['connected', 'connected', 'connected'])
  })
})
