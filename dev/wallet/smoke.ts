// Drives the built dev wallet page in headless Chromium against a dApp UniversalProvider in this
// process, through the local relay and the local chains, and checks every request the page
// makes stays on 127.0.0.1.
//
//   npx vite build dev/wallet && npx tsx dev/wallet/smoke.ts [--screenshot /tmp/wallet.png] [--dist DIR]
//
// Exits non-zero on the first failed check. Prints timings.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { startChains } from '../chain/startChains'
import { startRelay } from '../relay/startRelay'
import { MemoryStorage } from './memoryStorage'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../stack/chromium'
import { serveWallet } from './serveWallet'

// The dApp side (Node) skips telemetry / verify / default RPC under the same flag.
process.env.IS_VITEST = 'true'
const { UniversalProvider } = await import('@walletconnect/universal-provider')

const screenshotArg = process.argv.indexOf('--screenshot')
const screenshot = screenshotArg >= 0 ? process.argv[screenshotArg + 1] : undefined
const distArg = process.argv.indexOf('--dist')
const dist = distArg >= 0 ? process.argv[distArg + 1] : undefined

function check(cond: unknown, what: string): asserts cond {
  if (!cond) throw new Error(`check failed: ${what}`)
  console.log(`  ok  ${what}`)
}

const t0 = performance.now()
const ms = (since: number) => `${(performance.now() - since).toFixed(0)} ms`

const [relay, chains] = await Promise.all([startRelay(), startChains()])
const stack = { relayUrl: relay.url, projectId: 'gangway-smoke', chains: chains.chains, accounts: chains.accounts }
const server = await serveWallet({ stack, ...(dist ? { dir: dist } : {}) })
const userDataDir = await mkdtemp(join(tmpdir(), 'gangway-wallet-smoke-'))
const browser = await chromium.launchPersistentContext(userDataDir, {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
})
const offHost: string[] = []
const seen = new Set<string>()
const watch = (page: Page) => {
  const note = (url: string) => {
    seen.add(new URL(url).origin)
    const u = new URL(url)
    if (u.protocol === 'data:' || u.protocol === 'blob:') return
    if (u.hostname !== '127.0.0.1') offHost.push(url)
  }
  page.on('request', (r) => note(r.url()))
  page.on('websocket', (ws) => note(ws.url()))
  page.on('pageerror', (e) => console.log(`  page error: ${e.message}`))
}

let failed = false
try {
  console.log(`stack up in ${ms(t0)}: relay ${relay.url}, wallet ${server.url}`)
  const page = browser.pages()[0] ?? (await browser.newPage())
  watch(page)
  const tLoad = performance.now()
  await page.goto(server.url)
  await page.waitForSelector('[data-testid="wallet-status"][data-status="ready"]', { timeout: 15_000 })
  console.log(`page ready in ${ms(tLoad)}`)
  const address = chains.accounts[0]!.address
  check((await page.textContent('[data-testid="wallet-address"]')) === address, 'the page shows accounts[0]')

  const newDapp = async (prefix: string) =>
    UniversalProvider.init({
      projectId: 'gangway-smoke',
      relayUrl: relay.url,
      metadata: { name: 'Smoke dApp', description: 'smoke', url: 'http://127.0.0.1', icons: [] },
      storage: new MemoryStorage() as never,
      customStoragePrefix: prefix,
      logger: 'error',
    })
  const rpcMap = Object.fromEntries(chains.chains.map((c) => [c.chainId, c.rpcUrl]))
  const connectParams = {
    optionalNamespaces: {
      eip155: {
        chains: chains.chains.map((c) => `eip155:${c.chainId}`),
        methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
        events: ['chainChanged', 'accountsChanged'],
        rpcMap,
      },
    },
  }

  // 1. Paste the URI, see the proposal, approve.
  const dapp = await newDapp('smoke-dapp-1')
  const uriReady = new Promise<string>((ok) => dapp.on('display_uri', ok))
  const tConnect = performance.now()
  const connected = dapp.connect(connectParams)
  const uri = await uriReady
  await page.fill('[data-testid="uri-input"]', uri)
  await page.click('[data-testid="pair-button"]')
  await page.waitForSelector('[data-testid="proposal"]')
  check((await page.textContent('[data-testid="proposal-dapp-name"]')) === 'Smoke dApp', 'the proposal names the dApp')
  check((await page.textContent('[data-testid="proposal-chains"]')) === 'eip155:31337, eip155:31338', 'the proposal lists the chains')
  const tApprove = performance.now()
  await page.click('[data-testid="proposal-approve"]')
  const session = await connected
  console.log(`connect → approved: ${ms(tConnect)} (click approve → session: ${ms(tApprove)})`)
  check(session?.namespaces.eip155?.accounts.includes(`eip155:31337:${address}`), 'the dApp got the account')
  await page.waitForSelector('[data-testid="session"]')
  check((await page.getAttribute('[data-testid="wallet-status"]', 'data-status')) === 'connected', 'status connected')

  // 2. personal_sign: approve in the page, verify with viem.
  const message = 'Smoke test sign-in'
  const signing = dapp.request<Hex>({ method: 'personal_sign', params: [toHex(message), address] }, 'eip155:31337')
  await page.waitForSelector('[data-testid="request"][data-method="personal_sign"]')
  check((await page.textContent('[data-testid="request-summary"]')) === `Sign message: ${message}`, 'the request shows the message')
  await page.click('[data-testid="request-approve"]')
  const signature = await signing
  check(await verifyMessage({ address, message, signature }), 'personal_sign verifies with viem')

  // 3. eth_sendTransaction: approve, the tx lands on the local node.
  const to = chains.accounts[2]!.address
  const chain = chains.chains[0]!
  const sending = dapp.request<Hex>(
    { method: 'eth_sendTransaction', params: [{ from: address, to, value: toHex(parseEther('0.25')) }] },
    `eip155:${chain.chainId}`,
  )
  await page.waitForSelector('[data-testid="request"][data-method="eth_sendTransaction"]')
  await page.click('[data-testid="request-approve"]')
  const hash = await sending
  const receipt = await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 })
  check(receipt.status === 'success', `eth_sendTransaction mined (${hash.slice(0, 10)}…)`)
  check((await page.textContent('[data-testid="last-result"]')) === hash, 'the page shows the tx hash')

  // 4. Reject a request → 4001.
  // (Settled at once: solc, loaded by dev/chain, turns any unhandled rejection into a crash.)
  const rejected = dapp
    .request({ method: 'personal_sign', params: [toHex('nope'), address] }, 'eip155:31337')
    .then(() => undefined, (e: { code?: number }) => e)
  await page.waitForSelector('[data-testid="request"][data-method="personal_sign"]')
  await page.click('[data-testid="request-reject"]')
  const err = await rejected
  check(err?.code === 4001, 'a rejected request fails with 4001')

  // 5. wallet_switchEthereumChain inside the session → chainChanged.
  const changed = new Promise<unknown>((ok) => dapp.on('chainChanged', ok))
  const switching = dapp.client.request({
    topic: session!.topic,
    chainId: 'eip155:31337',
    request: { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(31338) }] },
  })
  await page.waitForSelector('[data-testid="request"][data-method="wallet_switchEthereumChain"]')
  await page.click('[data-testid="request-approve"]')
  await switching
  check(Number(await changed) === 31338, 'wallet_switchEthereumChain emits chainChanged 31338')

  // 6. Reload: the wallet restores its session from IndexedDB.
  await page.reload()
  await page.waitForSelector(`[data-testid="session"][data-topic="${session!.topic}"]`, { timeout: 15_000 })
  check(true, 'the session survives a reload')

  // 7. Disconnect in the wallet → the dApp sees session_delete.
  const deleted = new Promise<{ topic: string }>((ok) => dapp.on('session_delete', ok))
  await page.click('[data-testid="session-disconnect"]')
  check((await deleted).topic === session!.topic, 'Disconnect → the dApp gets session_delete')
  await page.waitForSelector('[data-testid="no-sessions"]')

  // 8. Reject a proposal, opened by deep link (?uri=) in a new tab.
  const dapp2 = await newDapp('smoke-dapp-2')
  const uri2 = new Promise<string>((ok) => dapp2.on('display_uri', ok))
  const connecting2 = dapp2.connect(connectParams).then(() => undefined, (e: { code?: number; message?: string }) => e)
  const page2 = await browser.newPage()
  watch(page2)
  await page2.goto(`${server.url}/wc?uri=${encodeURIComponent(await uri2)}`)
  await page2.waitForSelector('[data-testid="proposal"]', { timeout: 15_000 })
  await page2.click('[data-testid="proposal-reject"]')
  const err2 = await connecting2
  check(err2?.code === 5000, `a rejected proposal rejects connect() (${err2?.message})`)

  // 9. autoApprove: pair → connected with no click.
  const page3 = await browser.newPage()
  watch(page3)
  const dapp3 = await newDapp('smoke-dapp-3')
  const uri3 = new Promise<string>((ok) => dapp3.on('display_uri', ok))
  const tAuto = performance.now()
  const connecting3 = dapp3.connect(connectParams)
  await page3.goto(`${server.url}/?autoApprove=1&storage=memory&uri=${encodeURIComponent(await uri3)}`)
  await connecting3
  console.log(`autoApprove: connect() → session incl. page load: ${ms(tAuto)}`)
  check(true, 'autoApprove connects without a click')

  // 10. One-click auth (authenticate(), CAIP-122): sign in from the page.
  const { formatMessage } = await import('@walletconnect/utils')
  const dapp4 = await newDapp('smoke-dapp-4')
  const uri4 = new Promise<string>((ok) => dapp4.on('display_uri', ok))
  const authenticating = dapp4.authenticate({
    domain: '127.0.0.1',
    uri: 'http://127.0.0.1/',
    nonce: 'smoke12345',
    statement: 'Sign in to the smoke test',
    chains: ['eip155:31337'],
  })
  await page.fill('[data-testid="uri-input"]', await uri4)
  await page.click('[data-testid="pair-button"]')
  await page.waitForSelector('[data-testid="auth-request"]')
  check((await page.textContent('[data-testid="auth-message"]'))?.includes('Sign in to the smoke test'), 'the sign-in card shows the message')
  await page.click('[data-testid="auth-approve"]')
  const { auths } = await authenticating
  const cacao = auths![0]!
  check(
    await verifyMessage({ address, message: formatMessage(cacao.p as never, cacao.p.iss), signature: cacao.s.s as Hex }),
    'the sign-in CACAO verifies with viem',
  )

  if (screenshot) {
    await page3.screenshot({ path: screenshot, fullPage: true })
    console.log(`screenshot: ${screenshot}`)
  }
  check(offHost.length === 0, `no request left 127.0.0.1 (origins seen: ${[...seen].join(', ')})${offHost.length ? `: ${offHost.join(', ')}` : ''}`)
  for (const d of [dapp, dapp2, dapp3, dapp4]) await d.client.core.relayer.transportClose().catch(() => {})
  console.log(`smoke passed in ${ms(t0)}`)
} catch (e) {
  failed = true
  console.error(e)
} finally {
  await browser.close().catch(() => {})
  await rm(userDataDir, { recursive: true, force: true })
  await Promise.all([server.stop(), relay.stop(), chains.stop()])
}
process.exit(failed ? 1 : 0)
