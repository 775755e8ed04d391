import { Verifier } from 'bip322-js'
import { address, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type SignatureBytes } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { devSolanaAccountSigner } from '../../dev/solana/devAccounts'
import { newPage } from './support/browser'
import { browserPerFile, currentView, eip155Connection, inModal, modalState } from './support/demo'
import { openSolanaDemo, solanaConnection } from './support/solana'
import { bitcoinConnection, esploraBalance, openBitcoinDemo, shownBtc } from './support/bitcoin'
import { e2eStack } from './support/stack'

// WalletConnect with the solana namespace, end to end in Chromium, offline: the demo in Solana
// mode proposes eip155 and solana through the local relay; the dev wallet page (WalletKit, its
// Solana key the validator's dev account #1) approves both in one session; Solana signatures are
// checked with kit and a transaction it signs lands on the local validator. With Bitcoin on, the
// same session carries the bip122 namespace (the wallet's regtest keys, dev account #0).

const shared = browserPerFile()
const stack = () => e2eStack().config

type PageWindow = Window & { gangway: Modal }

/** The dev wallet page in its own context, ready to pair. */
async function walletPage(): Promise<Page> {
  const { context, page } = await newPage(shared.browser, { viewport: { width: 900, height: 900 } })
  shared.contexts.push(context)
  await page.goto(e2eStack().urls.wallet)
  await page.locator('[data-testid="wallet-status"][data-status="ready"]').waitFor({ timeout: 40_000 })
  return page
}

async function open() {
  const opened = await openSolanaDemo(shared.browser)
  shared.contexts.push(opened.context)
  return opened
}

/** Picks WalletConnect in the Connect view; the pairing URI the modal shows. */
async function pairingUri(page: Page): Promise<string> {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, 'wallet-walletConnect').click()
  await expect.poll(() => currentView(page)).toBe('ConnectingWalletConnect')
  await expect.poll(() => modalState(page, (s) => s.walletConnect.pairing?.uri ?? null), { timeout: 30_000 }).toMatch(/^wc:/)
  return (await modalState(page, (s) => s.walletConnect.pairing?.uri ?? null))!
}

/** Connects the dev wallet over WalletConnect, approving its proposal; the wallet's Solana address. */
async function connectOverWalletConnect(page: Page, wallet: Page): Promise<string> {
  const uri = await pairingUri(page)
  await wallet.getByTestId('uri-input').fill(uri)
  await wallet.getByTestId('pair-button').click()
  await wallet.getByTestId('proposal').waitFor({ timeout: 30_000 })
  await wallet.getByTestId('proposal-approve').click()
  await expect.poll(() => eip155Connection(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
  await expect.poll(() => solanaConnection(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
  return (await solanaConnection(page))!.connections[0]!.accounts[0]!.address
}

/** Answers the wallet's next request for `method`. */
async function answerRequest(wallet: Page, method: string, answer: 'approve' | 'reject'): Promise<void> {
  const card = wallet.locator(`[data-testid="request"][data-method="${method}"]`)
  await card.waitFor({ timeout: 30_000 })
  await card.getByTestId(`request-${answer}`).click()
}

const solBalance = async (owner: string) => (await createSolanaRpc(stack().solanaRpcUrl).getBalance(address(owner)).send()).value

describe('WalletConnect with the solana namespace, through the local relay and the dev wallet', () => {
  it('one session connects eip155 and solana; a Solana message is signed over WalletConnect and kit verifies it', async () => {
    const { page, errors } = await open()
    const wallet = await walletPage()
    const solAddress = await connectOverWalletConnect(page, wallet)
    // The dev wallet's Solana key is dev account #1, not the dev Solana browser wallet's #0.
    expect(solAddress).toBe((await devSolanaAccountSigner(1)).address)
    expect(solAddress).not.toBe(stack().solanaAccounts[0]!.address)
    expect(await solanaConnection(page)).toMatchObject({
      status: 'connected',
      connections: [{ connectorId: 'walletConnect', accounts: [{ address: solAddress, type: 'eoa' }], caipNetworkId: stack().solanaCaipNetworkId }],
    })
    expect((await eip155Connection(page))!.connections[0]).toMatchObject({ connectorId: 'walletConnect', accounts: [{ address: stack().accounts[0]!.address }] })
    // The namespace the visitor connected in stays active; the wallet holds one session with both.
    expect(await modalState(page, (s) => s.connection.activeNamespace)).toBe('eip155')
    await expect.poll(() => wallet.getByTestId('session-accounts').first().textContent()).toContain(`${stack().solanaCaipNetworkId}:${solAddress}`)

    await page.evaluate(() => (window as unknown as PageWindow).gangway.switchConnection('walletConnect', 'active', 'solana'))
    expect(await modalState(page, (s) => s.connection.activeNamespace)).toBe('solana')
    const message = 'Sign in to Gangway over WalletConnect'
    const signing = page.evaluate((m) => (window as unknown as PageWindow).gangway.signMessage(m), message)
    await answerRequest(wallet, 'solana_signMessage', 'approve')
    const signature = await signing
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    const data = getUtf8Encoder().encode(message)
    expect(await verifySignature(await getPublicKeyFromAddress(address(solAddress)), bytes, data)).toBe(true)
    // Not the injected dev Solana wallet's signature.
    expect(await verifySignature(await getPublicKeyFromAddress(address(stack().solanaAccounts[0]!.address)), bytes, data)).toBe(false)
    expect(errors).toEqual([])
  })

  it('a transaction signed over WalletConnect (solana_signTransaction) lands on the validator; a refusal changes nothing', async () => {
    const { page } = await open()
    const wallet = await walletPage()
    const solAddress = await connectOverWalletConnect(page, wallet)
    await page.evaluate(() => (window as unknown as PageWindow).gangway.switchConnection('walletConnect', 'active', 'solana'))
    const receiver = stack().solanaAccounts[2]!.address
    const [before, senderBefore] = [await solBalance(receiver), await solBalance(solAddress)]

    const sending = page.evaluate(
      (to) => (window as unknown as PageWindow).gangway.send({ token: { symbol: 'SOL', decimals: 9 }, amount: '0.25', receiver: to }),
      receiver,
    )
    await answerRequest(wallet, 'solana_signTransaction', 'approve')
    await sending
    await expect.poll(() => solBalance(receiver)).toBe(before + 250_000_000n)
    expect(await solBalance(solAddress)).toBeLessThan(senderBefore - 250_000_000n + 1n)

    // The wallet refuses the next one: the spec's message, and no SOL moves.
    const refusedBefore = await solBalance(receiver)
    const refused = page.evaluate(
      (to) =>
        (window as unknown as PageWindow).gangway
          .send({ token: { symbol: 'SOL', decimals: 9 }, amount: '0.5', receiver: to })
          .then(
            () => null,
            (e: { name?: string; shortMessage?: string }) => ({ name: e.name, shortMessage: e.shortMessage }),
          ),
      receiver,
    )
    await answerRequest(wallet, 'solana_signTransaction', 'reject')
    expect(await refused).toEqual({ name: 'WalletRejectedError', shortMessage: 'User rejected the request' })
    const signing = page.evaluate(() =>
      (window as unknown as PageWindow).gangway.signMessage('no').then(
        () => null,
        (e: { shortMessage?: string }) => e.shortMessage,
      ),
    )
    await answerRequest(wallet, 'solana_signMessage', 'reject')
    expect(await signing).toBe('Error signing message')
    expect(await solBalance(receiver)).toBe(refusedBefore)
    expect((await solanaConnection(page))?.status).toBe('connected')
  })

  it('disconnecting removes both namespaces and ends the session in the wallet', async () => {
    const { page } = await open()
    const wallet = await walletPage()
    await connectOverWalletConnect(page, wallet)
    await page.evaluate(() => (window as unknown as PageWindow).gangway.disconnect())
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.connections.length ?? 0)).toBe(0)
    await expect.poll(() => solanaConnection(page).then((ns) => ns?.connections.length ?? 0)).toBe(0)
    await expect.poll(() => wallet.getByTestId('session-accounts').count()).toBe(0)
  })

  it('with Bitcoin: the session carries bip122, the Account shows the node’s BTC balance, a BIP-322 message signed over WalletConnect verifies', async () => {
    const { page, errors, context } = await openBitcoinDemo(shared.browser)
    shared.contexts.push(context)
    const wallet = await walletPage()
    const bitcoin = stack().bitcoin!
    const payment = bitcoin.accounts[0]!.payment
    const uri = await pairingUri(page)
    await wallet.getByTestId('uri-input').fill(uri)
    await wallet.getByTestId('pair-button').click()
    await wallet.getByTestId('proposal').waitFor({ timeout: 30_000 })
    await wallet.getByTestId('proposal-approve').click()
    await expect.poll(() => bitcoinConnection(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
    expect((await bitcoinConnection(page))!.connections[0]).toMatchObject({
      connectorId: 'walletConnect',
      caipNetworkId: bitcoin.caipNetworkId,
      accounts: [{ address: payment, type: 'payment' }, { address: bitcoin.accounts[0]!.ordinals, type: 'ordinal' }],
    })
    await page.evaluate(() => (window as unknown as PageWindow).gangway.switchConnection('walletConnect', 'active', 'bip122'))
    await expect.poll(() => modalState(page, (s) => s.connection.activeNamespace)).toBe('bip122')

    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await expect.poll(async () => (await inModal(page, 'account-balance').textContent()) === shownBtc(await esploraBalance(bitcoin.esploraUrl, payment)), { timeout: 30_000 }).toBe(true)
    await page.keyboard.press('Escape')

    const message = 'Sign in to Gangway over WalletConnect, on Bitcoin'
    const signing = page.evaluate((m) => (window as unknown as PageWindow).gangway.signMessage(m), message)
    await answerRequest(wallet, 'signMessage', 'approve')
    const signature = await signing
    expect(Verifier.verifySignature(payment, message, signature)).toBe(true)
    expect(Verifier.verifySignature(bitcoin.accounts[1]!.payment, message, signature)).toBe(false)
    expect(errors).toEqual([])
  })
})
