import { address, getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type SignatureBytes } from '@solana/kit'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { browserPerFile, currentView, demoWithoutDevtools, eip155Connection, inModal, modalState } from './support/demo'
import { e2eStack } from './support/stack'
import { seriousViolations } from './support/axe'
import { connectDevSolana } from './support/solana'
import { parseSiwxMessage } from '../../src/core/domain/siwx'

// Sign-in with a wallet (spec §4) in Chromium on the local stack: the injected dev wallet signs
// the EIP-4361 message, the session survives a reload (IndexedDB), and the cancel and sign-out
// paths; the signature is checked on the hardhat node with viem's verifySiweMessage. The dev
// Solana wallet signs a Sign-In With Solana message the same way, checked with kit's Ed25519.

const MAIN = 'dev.gangway.wallet'
const shared = browserPerFile()
const stack = () => e2eStack().config
type Session = { message: string; signature: Hex }

const demo = async (query: string): Promise<Page> => (await demoWithoutDevtools(shared, { query: `?${query}` })).page

/** Connects the dev wallet; sign-in then asks for a signature in the modal. */
async function connectAndAwaitSignIn(page: Page): Promise<string> {
  await page.getByTestId('open-modal').click()
  await inModal(page, `wallet-${MAIN}`).click()
  await page.getByTestId('devwallet-approve').click()
  await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
  await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
  await inModal(page, 'view-siwx').waitFor()
  return (await eip155Connection(page))!.connections[0]!.accounts[0]!.address
}

const sessions = (page: Page) => modalState(page, (s) => s.siwx.sessions as Record<string, Session>)

/**
 * Records the sessions as the host's event stream carries them: the state (and so IndexedDB and
 * the event log) keeps a session's data, its message and signature redacted.
 */
const recordSessions = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { gangway: { event$: { subscribe(f: (e: { type: string; payload: unknown }) => void): unknown } }; __sessions: unknown[] }
    w.__sessions = []
    w.gangway.event$.subscribe((e) => {
      if (e.type === 'siwx/sessionStored') w.__sessions.push(e.payload)
    })
  })
const recordedSessions = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sessions: { caipAddress: string; session: Session }[] }).__sessions)

/** The gateway's live session `id` of `address`, as a list of none or one. */
async function inGateway(address: string, id: string | undefined) {
  const answer = (await (await fetch(`${stack().gatewayUrl}/v1/sessions/${address}?projectId=${stack().projectId}`)).json()) as { sessions: { id: string; chainId: string; domain: string }[] }
  return answer.sessions.filter((s) => s.id === id)
}

/** Opens the modal (on Account, connected) and its Sessions; the row of session `id`, once listed. */
async function sessionRow(page: Page, id: string | undefined) {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Account')
  await inModal(page, 'account-sessions').click()
  await expect.poll(() => currentView(page)).toBe('SiwxSessions')
  const row = page.locator(`gangway-modal [data-session-id="${id}"]`)
  await row.waitFor()
  return row
}

describe('sign-in with a wallet', () => {
  it('required: the view cannot be closed; signing stores a session the node verifies, kept after a reload', async () => {
    const page = await demo('siwx=required')
    const address = await connectAndAwaitSignIn(page)
    // axe finds no serious or critical violation in the view.
    expect(await seriousViolations(page)).toEqual([])
    // Closing is refused while no session exists: the dialog shakes and stays.
    await page.keyboard.press('Escape')
    expect(await modalState(page, (s) => s.modal.open)).toBe(true)
    expect(await currentView(page)).toBe('SIWXSignMessage')

    await recordSessions(page)
    await inModal(page, 'siwx-sign').click()
    await expect.poll(() => inModal(page, 'view-siwx').getAttribute('data-status')).toBe('signing')
    expect(await inModal(page, 'siwx-authenticating').textContent()).toBe('Authenticating...')
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)

    const caipAddress = `eip155:${stack().chains[0]!.chainId}:${address}`
    // The state keeps the session's data, its secrets redacted; the event the host receives carries them.
    expect((await sessions(page))[caipAddress]).toMatchObject({ message: '[redacted]', signature: '[redacted]', data: { chainId: `eip155:${stack().chains[0]!.chainId}` } })
    const recorded = await recordedSessions(page)
    expect(recorded.map((r) => r.caipAddress)).toEqual([caipAddress])
    const session = recorded[0]!.session
    const parsed = parseSiweMessage(session.message)
    expect(parsed).toMatchObject({ domain: new URL(e2eStack().urls.demo).host, chainId: stack().chains[0]!.chainId, version: '1', statement: 'Sign in to the Gangway demo.' })
    expect(parsed.address?.toLowerCase()).toBe(address.toLowerCase())
    const node = createPublicClient({ transport: http(stack().chains[0]!.rpcUrl) })
    expect(await node.verifySiweMessage({ message: session.message, signature: session.signature, domain: parsed.domain, nonce: parsed.nonce })).toBe(true)

    // A reload reconnects; the stored session means no new prompt.
    await page.reload()
    await page.getByTestId('open-modal').waitFor()
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
    expect(Object.keys(await sessions(page))).toContain(caipAddress)
    expect(await modalState(page, (s) => s.modal.open)).toBe(false)

    // Signing out asks to sign in again.
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Account')
    await inModal(page, 'account-sign-out').click()
    await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
    expect(await sessions(page)).toEqual({})
  })

  it("required: a refusal says 'Error signing message' with a retry; cancel disconnects", async () => {
    const page = await demo('siwx=required')
    await connectAndAwaitSignIn(page)
    await inModal(page, 'siwx-sign').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-reject').click()
    await expect.poll(() => inModal(page, 'siwx-error').textContent()).toBe('Error signing message')
    expect(await inModal(page, 'siwx-sign').textContent()).toBe('Try again')
    expect(await sessions(page)).toEqual({})

    await inModal(page, 'siwx-cancel').click()
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status ?? 'disconnected')).toBe('disconnected')
    expect(await currentView(page)).not.toBe('SIWXSignMessage')
  })

  it('not required: cancel closes the modal and the wallet stays connected', async () => {
    const page = await demo('siwx=1')
    await connectAndAwaitSignIn(page)
    await inModal(page, 'siwx-cancel').click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)
    expect((await eip155Connection(page))?.status).toBe('connected')
    expect(await sessions(page)).toEqual({})
  })

  it('hosted: the gateway keeps the verified session; Account → Sessions lists it, a refused revocation keeps it, a signed one revokes it and signs the page out', async () => {
    const page = await demo('siwx=hosted')
    const address = await connectAndAwaitSignIn(page)
    await inModal(page, 'siwx-sign').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)

    const caipAddress = `eip155:${stack().chains[0]!.chainId}:${address}`
    const id = ((await sessions(page))[caipAddress] as unknown as { id?: string } | undefined)?.id
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await inGateway(address, id)).toMatchObject([{ domain: new URL(e2eStack().urls.demo).host }])

    // After a reload the page is still signed in, and Account leads to the sessions.
    await page.reload()
    await page.getByTestId('open-modal').waitFor()
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
    const row = await sessionRow(page, id)
    expect(await row.textContent()).toContain(new URL(e2eStack().urls.demo).host)
    expect(await row.getByTestId('siwx-session-current').textContent()).toBe('This page')
    expect(await seriousViolations(page)).toEqual([])

    // Refused in the wallet: the session stays, the error shows on its row.
    await row.getByTestId('siwx-session-revoke').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    expect(await row.getByTestId('siwx-session-approve').textContent()).toBe('Approve in Gangway Dev Wallet')
    await page.getByTestId('devwallet-reject').click()
    await row.getByTestId('siwx-session-error').waitFor()
    expect(await inGateway(address, id)).toHaveLength(1)

    // Signed: the gateway drops it and this page is signed out.
    await row.getByTestId('siwx-session-revoke').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('personal_sign')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => row.count()).toBe(0)
    expect(await inGateway(address, id)).toEqual([])
    expect((await sessions(page))[caipAddress]).toBeUndefined()
  })

  it('Solana, hosted: the dev Solana wallet signs a Sign-In With Solana message, the gateway holds the verified session, Sessions lists and revokes it', async () => {
    const page = await demo('solana=1&siwx=hosted')
    const owner = await connectDevSolana(page)
    // Connected with sign-in on: the modal asks the Solana account to sign in.
    await expect.poll(() => currentView(page)).toBe('SIWXSignMessage')
    await inModal(page, 'view-siwx').waitFor()
    await recordSessions(page)
    await inModal(page, 'siwx-sign').click()
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toBe('solana:signMessage')
    // The wallet shows the message it is asked to sign.
    expect(await page.getByTestId('devsolana-prompt').textContent()).toContain(`${new URL(e2eStack().urls.demo).host} wants you to sign in with your Solana account:`)
    await page.getByTestId('devsolana-approve').click()
    await expect.poll(() => modalState(page, (s) => s.modal.open)).toBe(false)

    const caipAddress = `${stack().solanaCaipNetworkId}:${owner}`
    const stored = (await sessions(page))[caipAddress] as unknown as { id?: string; message: string; data: { chainId: string } }
    expect(stored).toMatchObject({ message: '[redacted]', signature: '[redacted]', data: { chainId: stack().solanaCaipNetworkId, accountAddress: owner } })
    // The message read back, and its signature verified by kit (Ed25519 over its UTF-8 bytes) for the account's key.
    const recorded = await recordedSessions(page)
    expect(recorded.map((r) => r.caipAddress)).toEqual([caipAddress])
    const { message, signature } = recorded[0]!.session
    expect(parseSiwxMessage(message)).toMatchObject({
      accountAddress: owner,
      chainId: stack().solanaCaipNetworkId,
      domain: new URL(e2eStack().urls.demo).host,
      uri: new URL(e2eStack().urls.demo).origin,
      statement: 'Sign in to the Gangway demo.',
      version: '1',
    })
    const key = await getPublicKeyFromAddress(address(owner))
    expect(await verifySignature(key, getBase58Encoder().encode(signature) as SignatureBytes, getUtf8Encoder().encode(message))).toBe(true)

    // The gateway holds it for the base58 address.
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await inGateway(owner, stored.id)).toEqual([expect.objectContaining({ chainId: stack().solanaCaipNetworkId, domain: new URL(e2eStack().urls.demo).host })])

    // Account → Sessions lists it as this page's; revoking it is signed by the Solana wallet, and signs the page out.
    const row = await sessionRow(page, stored.id)
    expect(await row.getByTestId('siwx-session-current').textContent()).toBe('This page')
    expect(await row.textContent()).toContain('Solana Localnet')
    await row.getByTestId('siwx-session-revoke').click()
    await expect.poll(() => page.getByTestId('devsolana-prompt').textContent()).toContain(`Revoke sign-in session ${stored.id}`)
    await page.getByTestId('devsolana-approve').click()
    await expect.poll(() => row.count()).toBe(0)
    expect(await inGateway(owner, stored.id)).toEqual([])
    expect((await sessions(page))[caipAddress]).toBeUndefined()
  })
})
