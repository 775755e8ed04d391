import { address, createSolanaRpc } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { browserPerFile, inModal, modalState } from './support/demo'
import { connectDevSolana, devSolana, openSolanaDemo } from './support/solana'
import { e2eStack } from './support/stack'

// Sends from the dev Solana wallet through the modal's send command (the send form's events and
// the adapter's transfer), checked on the stack's Solana validator: SOL, the GWAY SPL token, the
// wallet refusing, and the form's rules on Solana.

const run = browserPerFile()
type PageWindow = Window & { gangway: Modal }
type SendForm = Parameters<Modal['send']>[0]

const stack = () => e2eStack().config
const rpc = () => createSolanaRpc(stack().solanaRpcUrl)
const lamports = async (owner: string) => (await rpc().getBalance(address(owner), { commitment: 'confirmed' }).send()).value

/** The owner's GWAY balance in raw units, summed over its token accounts for the mint (0 without one). */
async function tokenUnits(owner: string): Promise<bigint> {
  const { value } = await rpc()
    .getTokenAccountsByOwner(address(owner), { mint: address(stack().solanaMint.address) }, { encoding: 'jsonParsed', commitment: 'confirmed' })
    .send()
  return value.reduce((sum, account) => sum + BigInt((account.account.data as { parsed: { info: { tokenAmount: { amount: string } } } }).parsed.info.tokenAmount.amount), 0n)
}

async function connected() {
  const opened = await openSolanaDemo(run.browser)
  run.contexts.push(opened.context)
  const owner = await connectDevSolana(opened.page)
  return { ...opened, owner }
}

/** Starts a send in the page; the outcome (hash or the error's shortMessage) when it settles. */
function send(page: Page, form: SendForm) {
  return page.evaluate(
    (f) =>
      (window as unknown as PageWindow).gangway.send(f).then(
        (r) => ({ ok: true as const, hash: r.hash }),
        (e: { shortMessage?: string; message: string }) => ({ ok: false as const, message: e.shortMessage ?? e.message }),
      ),
    form,
  )
}

const SOL = { symbol: 'SOL', decimals: 9 }
const sendStatus = (page: Page) => modalState(page, (s) => s.account.send.status)

describe('sending from the dev Solana wallet', () => {
  it('sends 0.05 SOL and 2.5 GWAY, and the validator shows the new balances', async () => {
    const { page, owner } = await connected()
    const receiver = stack().solanaAccounts[2]!.address
    const mint = stack().solanaMint
    const [solBefore, gwayBefore, ownerGwayBefore] = [await lamports(receiver), await tokenUnits(receiver), await tokenUnits(owner)]
    // The modal holds the account's SOL and GWAY balances, as the gateway reads them from the validator.
    const held = async () =>
      (await modalState(page, (s) => Object.entries(s.tokenBalances.byAccount)))
        .filter(([caipAddress]) => caipAddress.endsWith(`:${owner}`))
        .flatMap(([, entry]) => (entry.balances ?? []).map((b) => `${b.quantity.numeric} ${b.symbol}`))
    await expect.poll(held).toEqual(expect.arrayContaining([`${Number(ownerGwayBefore) / 10 ** mint.decimals} ${mint.symbol}`, expect.stringMatching(/ SOL$/)]))

    const sol = send(page, { token: SOL, amount: '0.05', receiver })
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toMatch(/^solana:sign(AndSend)?Transaction$/)
    await page.getByTestId('devsolana-approve').click()
    const sent = await sol
    expect(sent).toMatchObject({ ok: true })
    // A Solana signature: 64 bytes in base58.
    expect(sent.ok && sent.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    expect(await lamports(receiver)).toBe(solBefore + 50_000_000n)
    expect(await sendStatus(page)).toBe('confirmed')
    const status = (await rpc().getSignatureStatuses([sent.ok ? (sent.hash as never) : ('' as never)]).send()).value[0]
    expect(['confirmed', 'finalized']).toContain(status?.confirmationStatus)

    const token = send(page, { token: { symbol: mint.symbol, decimals: mint.decimals, address: mint.address }, amount: '2.5', receiver })
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toMatch(/^solana:sign(AndSend)?Transaction$/)
    await page.getByTestId('devsolana-approve').click()
    expect(await token).toMatchObject({ ok: true })
    expect(await tokenUnits(receiver)).toBe(gwayBefore + 2_500_000n)
    expect(await tokenUnits(owner)).toBe(ownerGwayBefore - 2_500_000n)
  })

  it('a refused send rejects with the wallet’s refusal and moves nothing', async () => {
    const { page, owner } = await connected()
    const receiver = stack().solanaAccounts[2]!.address
    const [ownerBefore, receiverBefore] = [await lamports(owner), await lamports(receiver)]
    const refused = send(page, { token: SOL, amount: '1', receiver })
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toMatch(/^solana:sign(AndSend)?Transaction$/)
    await page.getByTestId('devsolana-reject').click()
    expect(await refused).toEqual({ ok: false, message: 'User rejected the request' })
    expect(await modalState(page, (s) => s.account.send)).toMatchObject({ status: 'failed', error: { kind: 'WALLET_REJECTED' } })
    expect([await lamports(owner), await lamports(receiver)]).toEqual([ownerBefore, receiverBefore])
    expect(await devSolana(page, 'pending')).toEqual([])
  })

  it('the form’s rules on Solana: each refused in the modal, before the wallet is asked', async () => {
    const { page, owner } = await connected()
    const receiver = stack().solanaAccounts[2]!.address
    const before = await lamports(owner)
    const cases: [SendForm, string][] = [
      [{ token: SOL, amount: '', receiver }, 'An amount and receiver address are required'],
      [{ token: SOL, amount: '1', receiver: '' }, 'An amount and receiver address are required'],
      [{ token: null as never, amount: '1', receiver }, 'A token is required'],
      // Nothing is rounded: 10 fraction digits of a 9-decimal token.
      [{ token: SOL, amount: '0.0000000001', receiver }, 'SOL has at most 9 decimals'],
      [{ token: { symbol: 'GWAY', decimals: 6, address: stack().solanaMint.address }, amount: '1.1234567', receiver }, 'GWAY has at most 6 decimals'],
      // An EVM address, and a base58 string that is not 32 bytes, are no Solana receivers.
      [{ token: SOL, amount: '1', receiver: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, 'Invalid receiver address'],
      [{ token: SOL, amount: '1', receiver: '1111' }, 'Invalid receiver address'],
    ]
    for (const [form, message] of cases) expect(await send(page, form), JSON.stringify(form)).toEqual({ ok: false, message })
    expect(await devSolana(page, 'pending')).toEqual([])
    expect(await page.getByTestId('devsolana-method').count()).toBe(0)
    expect(await lamports(owner)).toBe(before)
  })

  it('through the Send view: GWAY held is listed, more than held is refused, the fee is the validator’s, and the transfer lands', async () => {
    const { page, owner } = await connected()
    const mint = stack().solanaMint
    const receiver = stack().solanaAccounts[2]!.address
    const [held, receiverBefore] = [await tokenUnits(owner), await tokenUnits(receiver)]
    await expect.poll(() => modalState(page, (s) => Object.values(s.tokenBalances.byAccount).some((e) => e.balances?.some((b) => b.symbol === 'GWAY')))).toBe(true)
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open('WalletSend' as never))
    await inModal(page, 'send-form').waitFor()
    expect(await modalState(page, (s) => s.account.send.token?.symbol)).toBe('SOL')
    await inModal(page, 'send-token').click()
    await page.locator(`gangway-modal [data-testid="send-token-option"][data-value="${mint.address.toLowerCase()}"]`).click()
    await inModal(page, 'send-amount').fill(String(Number(held + 1n) / 10 ** mint.decimals))
    expect(await inModal(page, 'send-amount-error').textContent()).toBe('Insufficient GWAY balance')
    await inModal(page, 'send-amount').fill('1.25')
    await inModal(page, 'send-receiver').fill(receiver)
    await inModal(page, 'send-review').click()
    // The validator prices the transfer's message: one signature, 5000 lamports.
    await expect.poll(() => inModal(page, 'send-review-fee').getAttribute('data-status')).toBe('ready')
    expect(await inModal(page, 'send-review-fee').textContent()).toBe('≈ 0.000005 SOL')
    await inModal(page, 'send-confirm').click()
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status')).toBe('sending')
    await expect.poll(() => page.getByTestId('devsolana-method').textContent()).toMatch(/^solana:sign(AndSend)?Transaction$/)
    await page.getByTestId('devsolana-approve').click()
    await expect.poll(() => inModal(page, 'send-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('confirmed')
    expect(await inModal(page, 'send-success').textContent()).toBe('Sent 1.25 GWAY')
    expect(await tokenUnits(receiver)).toBe(receiverBefore + 1_250_000n)
    expect(await tokenUnits(owner)).toBe(held - 1_250_000n)
    // Account's Activity tab lists the transfer: the gateway's history read from the validator.
    await page.evaluate(() => (window as unknown as PageWindow).gangway.open('Account' as never))
    await inModal(page, 'account-tab-activity').click()
    await expect
      .poll(async () => (await inModal(page, 'activity-amount').allTextContents()).some((text) => /^-1\.25\d*\s*GWAY$/.test(text)), { timeout: 10_000 })
      .toBe(true)
  })
})
