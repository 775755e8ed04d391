import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  type Abi,
  type Address,
} from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { SMART_ACCOUNT_CONTRACTS, simple7702AccountAbi } from '../../../dev/chain/smartAccountContracts'
import { startChains, type DevChain, type DevChains } from '../../../dev/chain/startChains'

/** Pids of the hardhat node processes serving `port` (Linux /proc). */
function hardhatPids(port: number): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let args: string[]
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
    } catch {
      continue
    }
    const at = args.indexOf('--port')
    if (args.some((a) => a.endsWith('hardhat/internal/cli/cli.js')) && at !== -1 && args[at + 1] === String(port)) {
      pids.push(Number(entry))
    }
  }
  return pids
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return check()
}

const portOf = (chain: DevChain) => Number(new URL(chain.rpcUrl).port)

function clients(chain: DevChain) {
  const viemChain = defineChain({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
  return {
    publicClient: createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) }),
    testClient: createTestClient({ chain: viemChain, mode: 'hardhat', transport: http(chain.rpcUrl) }),
    viemChain,
  }
}

// The artifacts come from dev dependencies (npm aliases of @account-abstraction/contracts), resolved
// from dev/chain like startChains resolves them.
const requireFromChain = createRequire(new URL('../../../dev/chain/startChains.ts', import.meta.url))
const artifact = (path: string) => requireFromChain(path) as { abi: Abi; bytecode: string; deployedBytecode: string }

/** An ABI item without the compiler's `internalType` annotations, for comparison. */
function withoutInternalTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInternalTypes)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'internalType').map(([key, v]) => [key, withoutInternalTypes(v)]))
}

describe('startChains', () => {
  let dev: DevChains
  let startMs = 0

  beforeAll(async () => {
    const started = performance.now()
    dev = await startChains()
    startMs = performance.now() - started
    console.info(`startChains took ${Math.round(startMs)} ms`)
  }, 60_000)

  afterAll(async () => {
    await dev?.stop()
  })

  it('starts two chains with the right ids on 127.0.0.1', async () => {
    expect(dev.chains.map(({ chainId, name }) => ({ chainId, name }))).toEqual([
      { chainId: 31337, name: 'Gangway Local' },
      { chainId: 31338, name: 'Gangway Local 2' },
    ])
    for (const chain of dev.chains) {
      expect(new URL(chain.rpcUrl).hostname).toBe('127.0.0.1')
      expect(await clients(chain).publicClient.getChainId()).toBe(chain.chainId)
    }
    expect(portOf(dev.chains[0]!)).not.toBe(portOf(dev.chains[1]!))
  })

  it('answers cross-origin JSON-RPC from a page (CORS), as a browser wallet needs', async () => {
    const url = dev.chains[0]!.rpcUrl
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.ok).toBe(true)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('*')
    const response = await fetch(url, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(await response.json()).toMatchObject({ result: '0x7a69' })
  })

  it('describes the first five default hardhat accounts, funded on both chains', async () => {
    expect(dev.accounts).toHaveLength(5)
    const mnemonic = 'test test test test test test test test test test test junk'
    dev.accounts.forEach((account, index) => {
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
      expect(mnemonicToAccount(mnemonic, { addressIndex: index }).address).toBe(account.address)
    })
    for (const chain of dev.chains) {
      const { publicClient } = clients(chain)
      for (const account of dev.accounts) {
        expect(await publicClient.getBalance({ address: account.address })).toBeGreaterThan(parseEther('1000'))
      }
    }
  })

  it('deploys GUSD (6 decimals) at the same deterministic address on both chains, account 0 holding some', async () => {
    const gusd = dev.tokens.filter((t) => t.symbol === 'GUSD')
    expect(gusd).toEqual(
      dev.chains.map((chain) => ({
        chainId: chain.chainId,
        address: dev.tokens[0]!.address,
        name: 'Gangway USD',
        symbol: 'GUSD',
        decimals: 6,
      })),
    )
    // `find` by chain id gives GUSD: USDC follows every chain's GUSD.
    for (const chain of dev.chains) expect(dev.tokens.find((t) => t.chainId === chain.chainId)?.symbol).toBe('GUSD')
    for (const token of gusd) {
      const { publicClient } = clients(dev.chains.find((c) => c.chainId === token.chainId)!)
      const read = <T>(functionName: 'symbol' | 'decimals' | 'name', args: [] = []) =>
        publicClient.readContract({ address: token.address, abi: erc20Abi, functionName, args }) as Promise<T>
      expect(await read<string>('symbol')).toBe('GUSD')
      expect(await read<string>('name')).toBe('Gangway USD')
      expect(await read<number>('decimals')).toBe(6)
      for (const account of dev.accounts) {
        const balance = await publicClient.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
        expect(balance).toBeGreaterThan(0n)
      }
    }
  })

  it('deploys test USDC held by the treasury only, and Uniswap V2 whose pools quote 1 ETH near 3,000 GUSD and USDC', async () => {
    const routerAbi = (await import('@uniswap/v2-periphery/build/UniswapV2Router02.json', { with: { type: 'json' } })).default.abi
    for (const chain of dev.chains) {
      const { publicClient } = clients(chain)
      const usdc = dev.tokens.find((t) => t.chainId === chain.chainId && t.symbol === 'USDC')!
      expect(usdc).toMatchObject({ name: 'USD Coin', decimals: 6 })
      const balanceOf = (token: Address, owner: Address) => publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
      for (const account of dev.accounts) expect(await balanceOf(usdc.address, account.address)).toBe(0n)
      expect(await balanceOf(usdc.address, dev.treasury.address)).toBeGreaterThan(10n ** 12n)
      const amm = dev.amm.find((a) => a.chainId === chain.chainId)!
      const gusd = dev.tokens.find((t) => t.chainId === chain.chainId)!
      for (const token of [gusd, usdc]) {
        const [, out] = (await publicClient.readContract({ address: amm.router, abi: routerAbi, functionName: 'getAmountsOut', args: [parseEther('1'), [amm.weth, token.address]] })) as bigint[]
        // 0.3 % fee and the price impact of 1 ETH in a 100 ETH pool.
        expect(Number(out) / 1e6).toBeGreaterThan(2900)
        expect(Number(out) / 1e6).toBeLessThan(3000)
      }
    }
  })

  it('mines an ETH transfer sent with viem', async () => {
    const chain = dev.chains[1]!
    const { publicClient, viemChain } = clients(chain)
    const from = privateKeyToAccount(dev.accounts[3]!.privateKey)
    const to: Address = dev.accounts[4]!.address
    const before = await publicClient.getBalance({ address: to })
    const wallet = createWalletClient({ account: from, chain: viemChain, transport: http(chain.rpcUrl) })
    const hash = await wallet.sendTransaction({ to, value: parseEther('0.5') })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: to })).toBe(before + parseEther('0.5'))
  })

  it('moves GUSD with a standard transfer, emitting Transfer', async () => {
    const chain = dev.chains[0]!
    const token = dev.tokens[0]!
    const { publicClient, viemChain } = clients(chain)
    const from = privateKeyToAccount(dev.accounts[2]!.privateKey)
    const to = dev.accounts[3]!.address
    const balanceOf = (address: Address) =>
      publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const before = await balanceOf(to)
    const wallet = createWalletClient({ account: from, chain: viemChain, transport: http(chain.rpcUrl) })
    const hash = await wallet.writeContract({ address: token.address, abi: erc20Abi, functionName: 'transfer', args: [to, 1_500_000n] })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.logs).toHaveLength(1)
    expect(await balanceOf(to)).toBe(before + 1_500_000n)
  })

  it('carries EntryPoint 0.6 / 0.7 / 0.8, SimpleAccountFactory 0.7 and Simple7702Account at their canonical addresses', async () => {
    expect(dev.smartAccountContracts).toEqual(SMART_ACCOUNT_CONTRACTS)
    // viem's (and bundlers') defaults point at the same addresses.
    expect([SMART_ACCOUNT_CONTRACTS.entryPoint06, SMART_ACCOUNT_CONTRACTS.entryPoint07, SMART_ACCOUNT_CONTRACTS.entryPoint08]).toEqual([
      entryPoint06Address,
      entryPoint07Address,
      entryPoint08Address,
    ])
    const simple7702 = artifact('@account-abstraction/contracts-0.8/artifacts/Simple7702Account.json')
    for (const chain of dev.chains) {
      const { publicClient } = clients(chain)
      for (const [name, address] of Object.entries(SMART_ACCOUNT_CONTRACTS)) {
        const code = await publicClient.getCode({ address })
        expect({ name, chainId: chain.chainId, hasCode: (code?.length ?? 0) > 2 }).toEqual({ name, chainId: chain.chainId, hasCode: true })
      }
      // Simple7702Account has no immutables: its code is exactly the published runtime code.
      expect(await publicClient.getCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account })).toBe(simple7702.deployedBytecode)
      expect(
        await publicClient.readContract({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account, abi: simple7702AccountAbi, functionName: 'entryPoint' }),
      ).toBe(SMART_ACCOUNT_CONTRACTS.entryPoint08)
      const factoryAbi = artifact('@account-abstraction/contracts-0.7/artifacts/SimpleAccountFactory.json').abi
      expect(await publicClient.readContract({ address: SMART_ACCOUNT_CONTRACTS.simpleAccountFactory07, abi: factoryAbi, functionName: 'accountImplementation' })).toMatch(
        /^0x[0-9a-fA-F]{40}$/,
      )
    }
    // The wallets' ABI subset is the published one.
    for (const item of simple7702AccountAbi) {
      const published = simple7702.abi.find((x) => x.type === item.type && 'name' in x && x.name === item.name)
      expect(withoutInternalTypes(published)).toEqual(item)
    }
  })

  it('runs an EIP-7702 batch: a fresh account delegated to Simple7702Account makes two transfers in one transaction, or none', async () => {
    const chain = dev.chains[0]!
    const token = dev.tokens[0]!
    const { publicClient, testClient, viemChain } = clients(chain)
    const account = privateKeyToAccount(generatePrivateKey())
    await testClient.setBalance({ address: account.address, value: parseEther('2') })
    const wallet = createWalletClient({ account, chain: viemChain, transport: http(chain.rpcUrl) })
    const [first, second] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
    const executeBatch = (calls: { target: Address; value: bigint; data: `0x${string}` }[]) =>
      encodeFunctionData({ abi: simple7702AccountAbi, functionName: 'executeBatch', args: [calls] })

    const authorization = await wallet.signAuthorization({ contractAddress: SMART_ACCOUNT_CONTRACTS.simple7702Account, executor: 'self' })
    const hash = await wallet.sendTransaction({
      to: account.address,
      data: executeBatch([
        { target: first, value: parseEther('0.1'), data: '0x' },
        { target: second, value: parseEther('0.2'), data: '0x' },
      ]),
      authorizationList: [authorization],
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(receipt.type).toBe('eip7702')
    expect(await publicClient.getBalance({ address: first })).toBe(parseEther('0.1'))
    expect(await publicClient.getBalance({ address: second })).toBe(parseEther('0.2'))
    // The delegation designator: 0xef0100 ‖ Simple7702Account.
    expect(await publicClient.getCode({ address: account.address })).toBe(concat(['0xef0100', SMART_ACCOUNT_CONTRACTS.simple7702Account.toLowerCase() as `0x${string}`]))

    // Atomic: an ETH transfer batched with a GUSD transfer the account cannot cover leaves no trace.
    const failing = await wallet.sendTransaction({
      to: account.address,
      data: executeBatch([
        { target: first, value: parseEther('0.1'), data: '0x' },
        { target: token.address, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [second, 1n] }) },
      ]),
      // Estimation would refuse the reverting batch; a fixed limit gets it mined (reverted).
      gas: 300_000n,
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: failing, pollingInterval: 50 })).status).toBe('reverted')
    expect(await publicClient.getBalance({ address: first })).toBe(parseEther('0.1'))
  })

  it('count: 1 starts the first chain only, its contracts where the two-chain start puts them; stop() ends its node', async () => {
    const local = await startChains({ count: 1 })
    try {
      expect(local.chains.map((c) => c.chainId)).toEqual([dev.chains[0]!.chainId])
      const first = (d: DevChains) => d.tokens.filter((t) => t.chainId === dev.chains[0]!.chainId).map((t) => [t.symbol, t.address])
      expect(first(local)).toEqual(first(dev))
      expect(local.amm).toEqual([dev.amm[0]])
      const { publicClient } = clients(local.chains[0]!)
      expect(await publicClient.getCode({ address: SMART_ACCOUNT_CONTRACTS.simple7702Account })).toMatch(/^0x[0-9a-f]{10,}$/)
    } finally {
      const pids = local.chains.flatMap((chain) => hardhatPids(portOf(chain)))
      expect(pids).toHaveLength(1)
      expect(pids.every(isAlive)).toBe(true)
      await local.stop()
      expect(pids.filter(isAlive)).toEqual([])
    }
  }, 60_000)

  it('the nodes die with their parent, even when it is SIGKILLed', async () => {
    const script = fileURLToPath(new URL('./startChainsChild.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    const chains = await new Promise<DevChain[]>((resolve, reject) => {
      let out = ''
      child.stdout.setEncoding('utf8')
      child.stdout.on('data', (chunk: string) => {
        out += chunk
        if (out.includes('\n')) resolve(JSON.parse(out) as DevChain[])
      })
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)))
    })
    const pids = chains.flatMap((chain) => hardhatPids(portOf(chain)))
    expect(pids).toHaveLength(2)
    child.kill('SIGKILL')
    expect(await waitUntil(() => pids.every((pid) => !isAlive(pid)), 10_000)).toBe(true)
  }, 60_000)

  it('fails clearly when a requested port is taken, instead of using the other server', async () => {
    const taken = portOf(dev.chains[0]!)
    await expect(startChains({ ports: [taken, taken + 10_000] })).rejects.toThrow(`port ${taken} on 127.0.0.1 is already in use`)
  })

  // Last: it stops the chains the tests above share.
  it('stop() leaves no hardhat process behind, and a second stop() is a no-op', async () => {
    const pids = dev.chains.flatMap((chain) => hardhatPids(portOf(chain)))
    expect(pids).toHaveLength(2)
    expect(pids.every(isAlive)).toBe(true)
    await dev.stop()
    expect(pids.filter(isAlive)).toEqual([])
    await dev.stop() // idempotent
  }, 60_000)
})
