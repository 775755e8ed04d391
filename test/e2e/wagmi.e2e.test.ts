import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Modal } from '../../src/createModal'
import type { ModalState } from '../../src/core/state'
import { launchBrowser, newPage } from './support/browser'
import { currentView } from './support/demo'
import { serveWagmiPage } from './wagmiPage/servePage'
import { e2eStack } from './support/stack'

// A host app on wagmi's React hooks with Gangway as its wallet modal (gangway-kit/wagmi), in Chromium
// on the local stack with the injected dev wallet: wagmi's connect opens the modal, wagmi follows
// what is done there, useWriteContract moves GUSD on chain, useSwitchChain and wagmi's disconnect
// drive Gangway.

const MAIN = 'dev.gangway.wallet'

let browser: Browser
let page_: { url: string; stop(): Promise<void> } | undefined
const contexts: BrowserContext[] = []
beforeAll(async () => {
  ;[browser, page_] = await Promise.all([launchBrowser(), serveWagmiPage(e2eStack().config)])
})
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)))
})
afterAll(async () => {
  await browser?.close()
  await page_?.stop()
})

type PageWindow = Window & { gangway: Modal }

const stack = () => e2eStack().config
const state = <T,>(page: Page, pick: (s: ModalState) => T): Promise<T> =>
  page.evaluate((source) => (0, eval)(source)((window as unknown as PageWindow).gangway.getState()), pick.toString()) as Promise<T>
const eip155 = (page: Page) => state(page, (s) => s.connection.byNamespace.eip155 ?? null)
const inModal = (page: Page, testId: string) => page.locator(`gangway-modal [data-testid="${testId}"]`)
const text = (page: Page, testId: string) => page.getByTestId(testId).textContent()
const node = (chain = 0) => createPublicClient({ transport: http(stack().chains[chain]!.rpcUrl) })
const gusd = () => stack().tokens.find((t) => t.chainId === stack().chains[0]!.chainId)!
const balanceOf = (owner: Address) => node().readContract({ address: gusd().address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

/**
 * The wagmi host page in a fresh context, once wagmi's reconnect on mount is over: it waits for
 * Gangway's session to start, finds nothing to restore, and leaves wagmi disconnected.
 */
async function hostPage(): Promise<Page> {
  const { context, page, errors } = await newPage(browser)
  contexts.push(context)
  await page.goto(page_!.url)
  await expect.poll(() => text(page, 'wagmi-status')).toBe('disconnected')
  expect(errors).toEqual([])
  return page
}

/** wagmi's connect (useConnect), then the visitor picks the main dev wallet in the modal and approves. */
async function connectThroughWagmi(page: Page): Promise<Address> {
  await page.getByTestId('wagmi-connect').click()
  await expect.poll(() => currentView(page)).toBe('Connect')
  expect(await text(page, 'wagmi-status')).toBe('connecting')
  await inModal(page, `wallet-${MAIN}`).click()
  await expect.poll(() => currentView(page)).toBe('ConnectingExternal')
  await page.getByTestId('devwallet-approve').click()
  await expect.poll(() => text(page, 'wagmi-status')).toBe('connected')
  return (await text(page, 'wagmi-address')) as Address
}

describe('wagmi with Gangway as its modal', () => {
  it("useConnect opens Gangway; useWriteContract transfers GUSD on chain; useSwitchChain and wagmi's disconnect drive Gangway", async () => {
    const page = await hostPage()
    const from = await connectThroughWagmi(page)
    expect(from).toBe(stack().accounts[0]!.address)
    expect(await text(page, 'wagmi-chain')).toBe(String(stack().chains[0]!.chainId))
    expect(await text(page, 'wagmi-connector')).toBe('gangway')
    expect(await eip155(page)).toMatchObject({ status: 'connected', connections: [{ connectorId: MAIN, caipNetworkId: `eip155:${stack().chains[0]!.chainId}` }] })
    await expect.poll(() => currentView(page)).toBe(null)

    // useWriteContract: an ERC-20 transfer through the wallet Gangway connected.
    const to = stack().accounts[2]!.address
    const [toBefore, fromBefore] = [await balanceOf(to), await balanceOf(from)]
    await page.getByTestId('receiver').fill(to)
    await page.getByTestId('amount').fill('4250000')
    await page.getByTestId('transfer').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('eth_sendTransaction')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => text(page, 'tx-hash'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await node().waitForTransactionReceipt({ hash: (await text(page, 'tx-hash')) as Hex })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(from.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(gusd().address.toLowerCase())
    expect(await balanceOf(to)).toBe(toBefore + 4_250_000n)
    expect(await balanceOf(from)).toBe(fromBefore - 4_250_000n)

    // useSwitchChain: the wallet behind Gangway switches, and both follow.
    const second = stack().chains[1]!.chainId
    await page.getByTestId(`wagmi-switch-${second}`).click()
    await expect.poll(() => text(page, 'wagmi-chain')).toBe(String(second))
    expect((await eip155(page))?.connections[0]?.caipNetworkId).toBe(`eip155:${second}`)
    expect(await page.evaluate(async () => (await (window as unknown as PageWindow).gangway.getProvider())!.request({ method: 'eth_chainId' }))).toBe(`0x${second.toString(16)}`)

    // wagmi's disconnect (useDisconnect) disconnects Gangway.
    await page.getByTestId('wagmi-disconnect').click()
    await expect.poll(() => eip155(page).then((ns) => ns?.status)).toBe('disconnected')
    await expect.poll(() => text(page, 'wagmi-status')).toBe('disconnected')
    expect(await page.evaluate(async () => (await (window as unknown as PageWindow).gangway.getProvider()) === undefined)).toBe(true)
  })

  it('useSendCalls, useCallsStatus and useCapabilities reach the wallet Gangway connected: one atomic batch on chain', async () => {
    const page = await hostPage()
    const from = await connectThroughWagmi(page)
    await expect.poll(() => text(page, 'capabilities')).toMatch(/"atomic":\{"status":"(ready|supported)"\}/)
    const to = privateKeyToAddress(generatePrivateKey())
    await page.getByTestId('receiver').fill(to)
    await page.getByTestId('amount').fill('41')
    await page.getByTestId('send-calls').click()
    await expect.poll(() => page.getByTestId('devwallet-method').textContent()).toBe('wallet_sendCalls')
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => text(page, 'calls-id'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    // viem's reading of the wallet's answer: success, code 200, atomic, one receipt.
    await expect.poll(() => text(page, 'calls-status'), { timeout: 30_000 }).toBe('success 200 true 1')
    expect(await text(page, 'calls-error')).toBe('')
    expect(await node().getBalance({ address: to })).toBe(42n)
    expect((await node().getCode({ address: from }))?.startsWith('0xef0100')).toBe(true)
  })

  it("a connect, a network switch and a disconnect made in Gangway's own modal reach wagmi's hooks", async () => {
    const page = await hostPage()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await inModal(page, `wallet-${MAIN}`).click()
    await page.getByTestId('devwallet-approve').click()
    await expect.poll(() => text(page, 'wagmi-status')).toBe('connected')
    expect(await text(page, 'wagmi-address')).toBe(stack().accounts[0]!.address)

    const second = stack().chains[1]!.chainId
    await page.evaluate((id) => (window as unknown as PageWindow).gangway.switchNetwork(`eip155:${id}`), second)
    await expect.poll(() => text(page, 'wagmi-chain')).toBe(String(second))

    await page.evaluate(() => (window as unknown as PageWindow).gangway.disconnect())
    await expect.poll(() => text(page, 'wagmi-status')).toBe('disconnected')
    expect(await text(page, 'wagmi-address')).toBe('')
  })

  it("closing the modal without connecting fails wagmi's connect with a user rejection (4001)", async () => {
    const page = await hostPage()
    await page.getByTestId('wagmi-connect').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    await page.keyboard.press('Escape')
    await expect.poll(() => text(page, 'connect-error')).toBe('UserRejectedRequestError 4001')
    expect(await text(page, 'wagmi-status')).toBe('disconnected')
    expect((await eip155(page))?.status ?? 'disconnected').toBe('disconnected')
  })
})
