import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import type * as Kit from '../../dev/testing/index'
import type { Modal } from '../../src/createModal'
import { newPage } from './support/browser'
import { browserPerFile, currentView, eip155Connection, inModal } from './support/demo'
import { demoUrl, e2eStack } from './support/stack'

// gangway-kit-testing as a host app uses it: the built package (packages/testing/dist) injects the dev
// wallet into a page that has none of its own (the demo with ?devWallets=0, pointed at the
// stack the kit started for this run), the test approves and rejects its requests, and the
// transactions land on the kit's local chain. The built CLI starts and stops a stack of its own,
// with the bundlers and paymasters of --smart-accounts.

const KIT = fileURLToPath(new URL('../../packages/testing/dist/index.js', import.meta.url))
const CLI = fileURLToPath(new URL('../../packages/testing/dist/cli.js', import.meta.url))
const kit = () => import(KIT) as Promise<typeof Kit>

const run = browserPerFile()

async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
const stack = () => e2eStack()
type PageWindow = Window & { gangway: Modal }

async function hostPage() {
  const { installDevWallet } = await kit()
  const opened = await newPage(run.browser)
  run.contexts.push(opened.context)
  await installDevWallet(opened.page, stack().config as unknown as Kit.TestStackConfig)
  await opened.page.goto(demoUrl('?devWallets=0'))
  await opened.page.getByTestId('open-modal').waitFor()
  return opened
}

describe('gangway-kit-testing in a host app’s Playwright test', () => {
  it('injects the dev wallet, which connects and sends on the local chain as the test approves', async () => {
    const { DEV_WALLET, devWallet } = await kit()
    const { page, errors } = await hostPage()
    const wallet = devWallet(page)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => currentView(page)).toBe('Connect')
    // The page's only EVM wallet is the injected one.
    const names = await page.locator('gangway-modal button[data-testid^="wallet-"] .gw-wallet-name').allTextContents()
    expect(names.filter((n) => n.includes('Dev Wallet'))).toEqual([DEV_WALLET.name])
    await inModal(page, `wallet-${DEV_WALLET.rdns}`).click()
    expect(await wallet.approve()).toBe('eth_requestAccounts')
    await expect.poll(() => eip155Connection(page).then((ns) => ns?.status)).toBe('connected')
    const from = stack().config.accounts[0]!.address
    expect((await eip155Connection(page))?.connections[0]?.accounts[0]?.address).toBe(from)

    const receiver = stack().config.accounts[4]!.address
    const node = createPublicClient({ transport: http(stack().config.chains[0]!.rpcUrl) })
    const before = await node.getBalance({ address: receiver })
    const sending = page.evaluate(
      (to) => (window as unknown as PageWindow).gangway.send({ token: { symbol: 'ETH', decimals: 18 }, amount: '0.02', receiver: to }),
      receiver,
    )
    expect(await wallet.approve()).toBe('eth_sendTransaction')
    expect((await sending).hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await node.getBalance({ address: receiver })).toBe(before + parseEther('0.02'))

    const signing = page.evaluate(() => (window as unknown as PageWindow).gangway.signMessage('kit'))
    expect(await wallet.approve()).toBe('personal_sign')
    expect(await verifyMessage({ address: from, message: 'kit', signature: (await signing) as `0x${string}` })).toBe(true)
    expect(await wallet.pending()).toEqual([])
    expect(errors).toEqual([])
  })

  it('a rejected request is the user’s rejection, and nothing is sent', async () => {
    const { DEV_WALLET, devWallet } = await kit()
    const { page } = await hostPage()
    const wallet = devWallet(page)
    await page.getByTestId('open-modal').click()
    await inModal(page, `wallet-${DEV_WALLET.rdns}`).click()
    expect(await wallet.reject()).toBe('eth_requestAccounts')
    await expect.poll(() => inModal(page, 'connecting-error').textContent()).toBe('Connection rejected')
    expect((await eip155Connection(page))?.status ?? 'disconnected').toBe('disconnected')
    // A test that expects a request which never comes fails, saying so.
    await expect(devWallet(page, { timeoutMs: 300 }).approve()).rejects.toThrow(/no request reached the wallet within 300 ms/)
  })
})

describe('the gangway-stack CLI (built)', () => {
  it('answers --help with its usage, and an argument it cannot use with exit code 2 and what it expects', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
        let out = ''
        let err = ''
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
        child.on('exit', (code) => resolve({ code, out, err }))
      })
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.out).toContain('Usage: gangway-stack [--ports chain1,chain2,gateway,relay[,solana]]')
    const bad = await run(['--ports', '1,2,3'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--ports takes four or five port numbers')
  })

  it('prints the stack’s configuration with --smart-accounts’ bundlers, serves it, and stops everything on SIGTERM', async () => {
    const child = spawn(process.execPath, [CLI, '--smart-accounts'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const config = await new Promise<Kit.TestStackConfig>((resolve, reject) => {
      // The bundlers may take long beside a suite's browsers on 2 cores (startBundler waits up to 180 s).
      const timer = setTimeout(() => reject(new Error(`no configuration within 180 s: ${out}${err}`)), 180_000)
      child.on('exit', (code) => reject(new Error(`gangway-stack exited (${code}) before its configuration: ${err}`)))
      child.stdout.on('data', () => {
        try {
          resolve(JSON.parse(out) as Kit.TestStackConfig)
          clearTimeout(timer)
        } catch {
          // Not all of it yet.
        }
      })
    })
    try {
      expect(config.chains.map((c) => c.chainId)).toEqual([31337, 31338])
      const node = createPublicClient({ transport: http(config.chains[1]!.rpcUrl) })
      expect(await node.getChainId()).toBe(31338)
      expect(await node.getBalance({ address: config.accounts[0]!.address })).toBeGreaterThan(0n)
      expect(await (await fetch(`${config.gatewayUrl}/health`)).json()).toEqual({ ok: true })
      // An ERC-4337 bundler and a sponsoring paymaster per chain, on the kit's EntryPoints.
      expect(config.bundlers.map((b) => b.chainId)).toEqual([31337, 31338])
      const { entryPoint07, entryPoint08 } = config.smartAccountContracts
      expect(await jsonRpc(config.bundlers[0]!.bundlerUrl, 'eth_supportedEntryPoints')).toEqual([entryPoint07, entryPoint08])
      const op = { sender: config.accounts[0]!.address, nonce: '0x0', callData: '0x', callGasLimit: '0x0', verificationGasLimit: '0x0', preVerificationGas: '0x0', maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0' }
      const stub = await jsonRpc(config.bundlers[1]!.paymasterUrl, 'pm_getPaymasterStubData', [op, entryPoint07, '0x7a6a', {}])
      expect(stub).toMatchObject({ paymaster: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), paymasterData: expect.stringMatching(/^0x/) })
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    // Nothing answers on its ports any more.
    await expect(fetch(config.chains[0]!.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
    await expect(fetch(config.solanaRpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
    await expect(fetch(`${config.gatewayUrl}/health`)).rejects.toThrow()
    for (const { bundlerUrl, paymasterUrl } of config.bundlers) {
      await expect(jsonRpc(bundlerUrl, 'eth_chainId')).rejects.toThrow()
      await expect(jsonRpc(paymasterUrl, 'eth_chainId')).rejects.toThrow()
    }
  })
})
