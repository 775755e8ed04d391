import type { Page } from 'playwright-core'
import { createTestClient, createWalletClient, encodeFunctionData, erc20Abi, http, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { SMART_ACCOUNT_CONTRACTS } from '../../dev/chain/smartAccountContracts'
import { localChain } from '../../dev/chain/viemChain'
import type { Modal } from '../../src/createModal'
import { browserPerFile, connectInjected, demoWithoutDevtools, logWritten, modalState } from './support/demo'
import { freshAddress, gusd, gusdOf, node } from './support/localChain'
import { e2eStack } from './support/stack'

// Batched calls (EIP-5792) from a host page, in Chromium on the local stack: the demo's
// `window.gangway.sendCalls` with the injected dev wallet, which runs a batch atomically as one
// EIP-7702 transaction through Simple7702Account (deployed at its canonical address on the
// hardhat chain), or, once delegated and given the app's paymaster, as a sponsored ERC-4337 user
// operation through the stack's bundler. The effects are read back from the node; the modal
// follows each batch to its end.

const MAIN = 'dev.gangway.wallet'

const shared = browserPerFile()
const stack = () => e2eStack().config
const ethOf = (owner: Address) => node().getBalance({ address: owner })
const transferGusd = (to: Address, amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })

type Call = { to: string; value?: string; data?: Hex }
type PageWindow = Window & { gangway: Modal; __gangwayDevWallets: Record<string, { holdCallsStatus(on: boolean): void; approveNext(): boolean }> }

/** `modal.sendCalls` in the page: the batch id, or the error's name, kind and message. */
const sendCalls = (page: Page, calls: Call[], options: { atomicRequired?: boolean; capabilities?: Record<string, unknown> } = {}) =>
  page.evaluate(
    ([c, o]) =>
      (window as unknown as PageWindow).gangway.sendCalls(c, o).then(
        (r) => ({ id: r.id }),
        (e: { name: string; kind: string; shortMessage: string; code?: number }) => ({ error: { name: e.name, kind: e.kind, shortMessage: e.shortMessage, code: e.code } }),
      ),
    [calls, options] as const,
  )
const capabilities = (page: Page) => page.evaluate(() => (window as unknown as PageWindow).gangway.getCapabilities())
const batch = (page: Page, id: string) => modalState(page, (s) => s.calls?.batches ?? {}).then((b) => b[id])

async function approveInWallet(page: Page, method: string): Promise<void> {
  await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe(method)
  await page.getByTestId('devwallet-approve').click()
}

/** JSON-RPC to one of the stack's services (the bundler), from the test. */
async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const body = (await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json()) as {
    result?: unknown
  }
  return body.result
}

/**
 * Waits for the stack's bundler and paymaster, which come up in the background (on a fresh clone
 * their packages install first); the paymaster listens once its contracts are deployed.
 */
async function bundlerUp(): Promise<{ bundlerUrl: string; paymasterUrl: string }> {
  const { bundlerUrl, paymasterUrl } = stack().bundlers[0]!
  const answers = async () =>
    Array.isArray(await rpc(bundlerUrl, 'eth_supportedEntryPoints').catch(() => null)) && (await fetch(`${paymasterUrl}/ping`).then((r) => r.ok, () => false))
  await expect.poll(answers, { timeout: 240_000, interval: 500 }).toBe(true)
  return { bundlerUrl, paymasterUrl }
}

/** Delegates `owner` to Simple7702Account by a relayer's EIP-7702 transaction (when an earlier test has not). */
async function delegated(owner: Hex): Promise<void> {
  const chain = stack().chains[0]!
  const account = privateKeyToAccount(owner)
  const designator = `0xef0100${SMART_ACCOUNT_CONTRACTS.simple7702Account.slice(2).toLowerCase()}`
  if ((await node().getCode({ address: account.address })) === designator) return
  const relayerKey = generatePrivateKey()
  const viemChain = localChain({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })
  await createTestClient({ chain: viemChain, mode: 'hardhat', transport: http(chain.rpcUrl) }).setBalance({ address: privateKeyToAccount(relayerKey).address, value: 10n ** 18n })
  const relayer = createWalletClient({ account: privateKeyToAccount(relayerKey), chain: viemChain, transport: http(chain.rpcUrl) })
  const authorization = await relayer.signAuthorization({ account, contractAddress: SMART_ACCOUNT_CONTRACTS.simple7702Account })
  await node().waitForTransactionReceipt({ hash: await relayer.sendTransaction({ authorizationList: [authorization], to: account.address }), pollingInterval: 50 })
  expect(await node().getCode({ address: account.address })).toBe(designator)
}

async function connected(): Promise<{ page: Page; from: Address }> {
  const { page } = await demoWithoutDevtools(shared)
  const from = await connectInjected(page, MAIN)
  return { page, from }
}

describe('batched calls from a host', () => {
  it('three calls run as one EIP-7702 transaction: all three effects on chain, the account upgraded, the modal following the batch to "confirmed"', async () => {
    const { page, from } = await connected()
    const chainId = stack().chains[0]!.chainId
    const before = await capabilities(page)
    expect(before[chainId]).toMatchObject({ atomic: { status: expect.stringMatching(/^(ready|supported)$/) } })

    const [a, b, c] = [freshAddress(), freshAddress(), freshAddress()]
    const sent = sendCalls(page, [{ to: a, value: '1000000000000000' }, { to: gusd().address, data: transferGusd(b, 2_500_000n) }, { to: c, value: '7' }], { atomicRequired: true })
    // One prompt for the whole batch, listing each call.
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('wallet_sendCalls')
    const prompt = await page.getByTestId('devwallet-prompt').textContent()
    expect(prompt).toContain(a)
    expect(prompt).toContain(c)
    await page.getByTestId('devwallet-approve').click()
    const { id } = (await sent) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)

    await expect.poll(() => batch(page, id).then((x) => x?.status), { timeout: 15_000 }).toBe(200)
    const done = (await batch(page, id))!
    expect(done).toMatchObject({ from, count: 3, atomicRequired: true, atomic: true })
    expect(done.receipts).toHaveLength(1)
    const tx = await node().getTransaction({ hash: done.receipts[0]!.transactionHash as Hex })
    expect(tx.from.toLowerCase()).toBe(from.toLowerCase())
    expect(tx.to?.toLowerCase()).toBe(from.toLowerCase())
    expect(await ethOf(a)).toBe(1_000_000_000_000_000n)
    expect(await gusdOf(b)).toBe(2_500_000n)
    expect(await ethOf(c)).toBe(7n)
    // The account is a Simple7702Account now, and the wallet says so.
    expect(await node().getCode({ address: from })).toBe(`0xef0100${SMART_ACCOUNT_CONTRACTS.simple7702Account.slice(2).toLowerCase()}`)
    expect((await capabilities(page))[chainId]).toMatchObject({ atomic: { status: 'supported' } })
    // The host asks too, and gets the same.
    expect(await page.evaluate((x) => (window as unknown as PageWindow).gangway.getCallsStatus(x), id)).toMatchObject({ id, status: 200, statusKind: 'confirmed', atomic: true })
  })

  it('a call that reverts refuses the whole batch: mined reverted, none of its effects kept', async () => {
    const { page, from } = await connected()
    const a = freshAddress()
    const held = await gusdOf(from)
    const sent = sendCalls(page, [{ to: a, value: '5' }, { to: gusd().address, data: transferGusd(a, held + 1n) }], { atomicRequired: true })
    await approveInWallet(page, 'wallet_sendCalls')
    const { id } = (await sent) as { id: string }
    await expect.poll(() => batch(page, id).then((x) => x?.status), { timeout: 15_000 }).toBe(500)
    const reverted = (await batch(page, id))!
    expect(reverted.receipts).toEqual([expect.objectContaining({ status: 'reverted' })])
    expect(await ethOf(a)).toBe(0n)
    expect(await gusdOf(a)).toBe(0n)
    expect(await gusdOf(from)).toBe(held)
    expect(await page.evaluate((x) => (window as unknown as PageWindow).gangway.getCallsStatus(x), id)).toMatchObject({ statusKind: 'reverted' })
  })

  it("a refusal in the wallet rejects with the wallet's error and sends nothing; a batch still pending when the page reloads is followed to its end", async () => {
    const { page, from } = await connected()
    const a = freshAddress()
    const refused = sendCalls(page, [{ to: a, value: '1' }], { atomicRequired: true })
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('wallet_sendCalls')
    await page.getByTestId('devwallet-reject').click()
    expect(await refused).toEqual({ error: { name: 'WalletRejectedError', kind: 'WALLET_REJECTED', shortMessage: 'User rejected the request', code: 4001 } })
    expect(await ethOf(a)).toBe(0n)

    // The wallet reports the batch pending (its transaction waiting for a block) until the page reloads.
    await page.evaluate((rdns) => (window as unknown as PageWindow).__gangwayDevWallets[rdns]!.holdCallsStatus(true), MAIN)
    const sent = sendCalls(page, [{ to: a, value: '3' }, { to: a, value: '4' }], { atomicRequired: true })
    await approveInWallet(page, 'wallet_sendCalls')
    const { id } = (await sent) as { id: string }
    await expect.poll(() => modalState(page, (s) => s.calls?.batches ?? {}).then((b) => Object.keys(b).length)).toBe(1)
    await logWritten(page)
    expect((await batch(page, id))!.status).toBe(100)
    await page.reload()
    await page.getByTestId('open-modal').waitFor()
    // The reloaded page reconnects the wallet, and asks it again until the batch is done.
    await expect.poll(() => batch(page, id).then((x) => x?.status), { timeout: 15_000 }).toBe(200)
    expect((await batch(page, id))!.from).toBe(from)
    expect(await ethOf(a)).toBe(7n)
  })

  it("an account delegated to Simple7702Account with 0 ETH sends a batch the app's paymaster pays for: one user operation through the bundler, the effects on chain", async () => {
    const { bundlerUrl, paymasterUrl } = await bundlerUp()
    const owner = stack().accounts[0]!
    await delegated(owner.privateKey)
    const { page, from } = await connected()
    expect(from.toLowerCase()).toBe(owner.address.toLowerCase())
    const chainId = stack().chains[0]!.chainId
    const testClient = createTestClient({ mode: 'hardhat', transport: http(stack().chains[0]!.rpcUrl) })
    const eth = await ethOf(from)
    await testClient.setBalance({ address: from, value: 0n })
    try {
      expect((await capabilities(page))[chainId]).toMatchObject({ atomic: { status: 'supported' }, paymasterService: { supported: true } })
      const [a, b] = [freshAddress(), freshAddress()]
      const held = await gusdOf(from)
      const sent = sendCalls(page, [{ to: gusd().address, data: transferGusd(a, 1_250_000n) }, { to: gusd().address, data: transferGusd(b, 3_000_000n) }], {
        atomicRequired: true,
        capabilities: { paymasterService: { url: paymasterUrl } },
      })
      await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('wallet_sendCalls')
      expect(await page.getByTestId('devwallet-prompt').textContent()).toContain("Network fee: Paid by the app's paymaster")
      await page.getByTestId('devwallet-approve').click()
      const { id } = (await sent) as { id: string }

      await expect.poll(() => batch(page, id).then((x) => x?.status), { timeout: 15_000 }).toBe(200)
      expect(await gusdOf(a)).toBe(1_250_000n)
      expect(await gusdOf(b)).toBe(3_000_000n)
      expect(await gusdOf(from)).toBe(held - 4_250_000n)
      // Paid by the paymaster: the account still holds no ETH, and the bundler sent the transaction to EntryPoint 0.8.
      expect(await ethOf(from)).toBe(0n)
      const done = (await batch(page, id))!
      expect(done).toMatchObject({ from, count: 2, atomic: true })
      const tx = await node().getTransaction({ hash: done.receipts[0]!.transactionHash as Hex })
      expect(tx.from.toLowerCase()).not.toBe(from.toLowerCase())
      expect(tx.to?.toLowerCase()).toBe(SMART_ACCOUNT_CONTRACTS.entryPoint08.toLowerCase())
      const userOperation = (await rpc(bundlerUrl, 'eth_getUserOperationReceipt', [
        (await page.evaluate((rdns) => (window as unknown as { __gangwayDevWallets: Record<string, { batches(): { id: string; userOperation?: { hash: Hex } }[] }> }).__gangwayDevWallets[rdns]!.batches(), MAIN)).find(
          (x) => x.id === id,
        )?.userOperation?.hash,
      ])) as { sender: Address; success: boolean; paymaster: Address }
      expect(userOperation).toMatchObject({ success: true })
      expect(userOperation.sender.toLowerCase()).toBe(from.toLowerCase())
      expect(BigInt(userOperation.paymaster)).not.toBe(0n)
      expect(await page.evaluate((x) => (window as unknown as PageWindow).gangway.getCallsStatus(x), id)).toMatchObject({ id, status: 200, statusKind: 'confirmed', atomic: true })
    } finally {
      await testClient.setBalance({ address: from, value: eth })
    }
  })
})
