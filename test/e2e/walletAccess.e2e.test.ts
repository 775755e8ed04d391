import type { Page } from 'playwright-core'
import { erc20Abi, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import { isUserRejection } from '../../src/core/errors/isUserRejection'
import { newPage } from './support/browser'
import { browserPerFile, connectInjected, currentView, demoWithoutDevtools, eip155Connection, inModal, modalState } from './support/demo'
import { gusd, node } from './support/localChain'
import { e2eStack } from './support/stack'

// A host's own contract call through Gangway's connection, in Chromium on the local stack:
// `modal.getWalletClient()` → viem's `writeContract` (an ERC-20 transfer of the dev chain's GUSD)
// → the wallet's prompt → the chain. Once with the injected dev wallet (EIP-6963), once over
// WalletConnect with the dev wallet page approving; a refusal is an error `isUserRejection` knows.

const MAIN = 'dev.gangway.wallet'

const shared = browserPerFile()
const contexts = shared.contexts

type PageWindow = Window & { gangway: Modal }
/** An error as it crossed from the page: the fields `isUserRejection` reads, down its causes. */
type ErrorChain = { name?: string; code?: unknown; kind?: unknown; message?: string; cause?: ErrorChain; data?: { originalError?: ErrorChain } }

const stack = () => e2eStack().config
const state = modalState
const eip155 = eip155Connection
const balanceOf = (owner: Address) => node().readContract({ address: gusd().address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/** The demo in a fresh context, its devtools panel hidden. */
const demo = async (): Promise<Page> => (await demoWithoutDevtools(shared)).page

/**
 * Starts `writeContract(transfer(to, amount))` on the client `modal.getWalletClient()` gives, in
 * the page; settles with the hash, or with the error's chain when it fails.
 */
function transferInPage(page: Page, to: Address, amount: bigint): Promise<{ hash: Hex } | { error: ErrorChain }> {
  return page.evaluate(
    async ([token, abi, receiver, value]) => {
      const chain = (e: unknown, depth = 0): ErrorChain | undefined => {
        if (e === null || typeof e !== 'object' || depth > 16) return undefined
        const { name, code, kind, message, cause, data } = e as Record<string, unknown> & { data?: { originalError?: unknown } }
        const originalError = data && typeof data === 'object' ? chain(data.originalError, depth + 1) : undefined
        return {
          ...(typeof name === 'string' ? { name } : {}),
          ...(code !== undefined ? { code } : {}),
          ...(kind !== undefined ? { kind } : {}),
          ...(typeof message === 'string' ? { message: message.split('\n')[0] } : {}),
          ...(cause !== undefined ? { cause: chain(cause, depth + 1) } : {}),
          ...(originalError ? { data: { originalError } } : {}),
        }
      }
      try {
        const client = await (window as unknown as PageWindow).gangway.getWalletClient()
        const hash = await client.writeContract({ address: token as Address, abi: abi as typeof erc20Abi, functionName: 'transfer', args: [receiver as Address, BigInt(value as string)] })
        return { hash }
      } catch (error) {
        return { error: chain(error)! }
      }
    },
    [gusd().address, erc20Abi, to, amount.toString()] as const,
  )
}

const connectMain = (page: Page) => connectInjected(page, MAIN)

describe('a contract call through the injected wallet', () => {
  it('getProvider is the connected wallet; getWalletClient rejects before a connect, then writeContract transfers GUSD on chain', async () => {
    const page = await demo()
    const before = await page.evaluate(async () => {
      const modal = (window as unknown as PageWindow).gangway
      const provider = await modal.getProvider()
      const client = await modal.getWalletClient().then(
        () => null,
        (e: { name: string; kind: string }) => ({ name: e.name, kind: e.kind }),
      )
      return { provider: provider === undefined ? 'none' : 'some', client }
    })
    expect(before).toEqual({ provider: 'none', client: { name: 'NoActiveAddressError', kind: 'NO_ACTIVE_ADDRESS' } })

    const from = await connectMain(page)
    expect(from).toBe(stack().accounts[0]!.address)
    // The provider handed out is the wallet's: it knows the account and the chain, without a prompt.
    const provider = await page.evaluate(async () => {
      const p = (await (window as unknown as PageWindow).gangway.getProvider())!
      return { accounts: await p.request({ method: 'eth_accounts' }), chainId: await p.request({ method: 'eth_chainId' }) }
    })
    expect(provider).toEqual({ accounts: [from.toLowerCase()], chainId: '0x7a69' })
    // A transaction breaking a spec §5 fee rule is refused in viem's words; the wallet is never asked.
    const refused = await page.evaluate(async (to) => {
      const p = (await (window as unknown as PageWindow).gangway.getProvider())!
      const [account] = (await p.request({ method: 'eth_accounts' })) as string[]
      return p.request({ method: 'eth_sendTransaction', params: [{ from: account, to, value: '0x1', gasPrice: '0x1', maxFeePerGas: '0x2' }] }).then(
        () => 'sent',
        (e: { name: string; shortMessage: string; code: number }) => ({ name: e.name, shortMessage: e.shortMessage.split('\n')[0], code: e.code }),
      )
    }, stack().accounts[4]!.address)
    expect(refused).toEqual({ name: 'TransactionRuleError', shortMessage: 'Cannot specify both a `gasPrice` and a `maxFeePerGas`/`maxPriorityFeePerGas`.', code: -32602 })
    expect(await page.getByTestId('devwallet-method').count()).toBe(0)

    const to = stack().accounts[4]!.address as Address
    const [toBefore, fromBefore] = [await balanceOf(to), await balanceOf(from)]
    const sending = transferInPage(page, to, 7_250_000n)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    const sent = await sending
    expect(sent).toMatchObject({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const receipt = await node().waitForTransactionReceipt({ hash: (sent as { hash: Hex }).hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(gusd().address.toLowerCase())
    expect(await balanceOf(to)).toBe(toBefore + 7_250_000n)
    expect(await balanceOf(from)).toBe(fromBefore - 7_250_000n)
  })

  it('a refusal in the wallet rejects writeContract with an error isUserRejection recognises; nothing moves', async () => {
    const page = await demo()
    const from = await connectMain(page)
    const to = stack().accounts[4]!.address as Address
    const toBefore = await balanceOf(to)
    const sending = transferInPage(page, to, 1_000_000n)
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-reject').click()
    const result = await sending
    expect('error' in result).toBe(true)
    const error = (result as { error: ErrorChain }).error
    expect(error.name).toBe('ContractFunctionExecutionError')
    expect(isUserRejection(error)).toBe(true)
    expect(await balanceOf(to)).toBe(toBefore)
    // The connection is untouched by the refusal.
    expect((await eip155(page))?.connections[0]?.accounts[0]?.address).toBe(from)
  })
})

/** The dev WalletConnect wallet page in its own context, ready to pair. */
async function walletPage(): Promise<Page> {
  const { context, page } = await newPage(shared.browser, { viewport: { width: 900, height: 900 } })
  contexts.push(context)
  await page.goto(e2eStack().urls.wallet)
  await page.locator('[data-testid="wallet-status"][data-status="ready"]').waitFor({ timeout: 40_000 })
  return page
}

/** Connects over WalletConnect: the modal's pairing URI pasted into the wallet, the proposal approved. */
async function connectWalletConnect(page: Page, wallet: Page): Promise<Address> {
  await page.getByTestId('open-modal').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  await inModal(page, 'wallet-walletConnect').click()
  await expect.poll(() => state(page, (s) => s.walletConnect.pairing?.uri ?? null), { timeout: 30_000 }).toMatch(/^wc:/)
  await wallet.getByTestId('uri-input').fill((await state(page, (s) => s.walletConnect.pairing!.uri))!)
  await wallet.getByTestId('pair-button').click()
  await wallet.getByTestId('proposal').waitFor({ timeout: 30_000 })
  await wallet.getByTestId('proposal-approve').click()
  await expect.poll(() => eip155(page).then((ns) => ns?.status), { timeout: 30_000 }).toBe('connected')
  expect((await eip155(page))!.connections[0]!.connectorId).toBe('walletConnect')
  return (await eip155(page))!.connections[0]!.accounts[0]!.address as Address
}

/** The wallet's card for the next request of `method`. */
const requestCard = async (wallet: Page, method: string) => {
  const card = wallet.locator(`[data-testid="request"][data-method="${method}"]`)
  await card.waitFor({ timeout: 30_000 })
  return card
}

describe('a contract call over WalletConnect', () => {
  it("the session's provider and wallet client: writeContract transfers GUSD once the wallet approves; a refusal is a user rejection", async () => {
    const page = await demo()
    const wallet = await walletPage()
    const from = await connectWalletConnect(page, wallet)
    expect(from).toBe(stack().accounts[0]!.address)
    expect(await page.evaluate(async () => (await (window as unknown as PageWindow).gangway.getProvider())!.request({ method: 'eth_chainId' }))).toBe('0x7a69')

    const to = stack().accounts[3]!.address as Address
    const [toBefore, fromBefore] = [await balanceOf(to), await balanceOf(from)]
    const sending = transferInPage(page, to, 3_500_000n)
    const card = await requestCard(wallet, 'eth_sendTransaction')
    expect(await card.getByTestId('request-chain').textContent()).toBe('eip155:31337')
    await card.getByTestId('request-approve').click()
    const sent = await sending
    expect(sent).toMatchObject({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const receipt = await node().waitForTransactionReceipt({ hash: (sent as { hash: Hex }).hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(await balanceOf(to)).toBe(toBefore + 3_500_000n)
    expect(await balanceOf(from)).toBe(fromBefore - 3_500_000n)

    const refused = transferInPage(page, to, 1n)
    await (await requestCard(wallet, 'eth_sendTransaction')).getByTestId('request-reject').click()
    const result = await refused
    expect('error' in result).toBe(true)
    const error = (result as { error: ErrorChain }).error
    expect(error.name).toBe('ContractFunctionExecutionError')
    expect(isUserRejection(error)).toBe(true)
    expect(await balanceOf(to)).toBe(toBefore + 3_500_000n)
  })
})
