import { createServer, connect, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { createPublicClient, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startChains, type DevChains } from '../../../../dev/chain/startChains'
import { startGateway, type Gateway } from '../../../../dev/gateway/startGateway'
import { createEvmRuntime } from '../../../../src/adapters/evm/createEvmRuntime'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { evmTransport } from '../../../../src/adapters/evm/evmTransport'
import { deadUrl, startFakeNode, walletOn } from '../../gateway/harness'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const network = (rpcUrl: string | string[]) => defineEvmNetwork({ id: 31337, name: 'Gangway Local', rpcUrl })
/** A node that answers what viem asks for a balance, recording each POST. */
const balanceNode = () => startFakeNode((r) => (r.method === 'eth_getBalance' ? '0x2a' : r.method === 'eth_chainId' ? '0x7a69' : '0x10'))

describe('evmTransport: which endpoints, in which order', () => {
  afterEach(() => {
    // Fake timers hold the ranking's next round: dropping them ends its loop.
    vi.useRealTimers()
  })

  it('one endpoint: plain HTTP with the spec’s retries and timeout, nothing to rank', () => {
    const transport = evmTransport(network('http://127.0.0.1:8545'))({})
    expect([transport.config.type, transport.value?.url]).toEqual(['http', 'http://127.0.0.1:8545'])
    expect([transport.config.retryCount, transport.config.retryDelay, transport.config.timeout]).toEqual([3, 150, 10_000])
  })

  it('several: a fallback over the network’s URLs then the gateway’s, retrying the round and not each endpoint', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const [a, b] = [await deadUrl(), await deadUrl()]
    const transport = evmTransport(network([a, b, a]), { apiUrl: 'http://127.0.0.1:9/', projectId: 'p1' })({})
    const endpoints = (transport.value as { transports: { config: { type: string; retryCount: number }; value: { url: string } }[] }).transports
    expect(transport.config.type).toBe('fallback')
    expect(endpoints.map((t) => t.value.url)).toEqual([a, b, 'http://127.0.0.1:9/v1/?chainId=eip155%3A31337&projectId=p1'])
    expect(endpoints.map((t) => [t.config.type, t.config.retryCount])).toEqual([['http', 0], ['http', 0], ['http', 0]])
    expect([transport.config.retryCount, transport.config.retryDelay]).toEqual([3, 150])
  })

  it('batches the calls of one task into one POST, at most 1,000 requests each', async () => {
    const node = await balanceNode()
    try {
      const client = createPublicClient({ transport: evmTransport(network(node.url)) })
      const balances = await Promise.all(Array.from({ length: 1500 }, () => client.getBalance({ address: ADDRESS })))
      expect(new Set(balances)).toEqual(new Set([42n]))
      expect(node.bodies.map((b) => (Array.isArray(b) ? b.length : 'single'))).toEqual([1000, 500])
    } finally {
      await node.close()
    }
  })

  it('batches through the fallback too: 200 calls reach one endpoint as one POST', async () => {
    const [first, second] = [await balanceNode(), await balanceNode()]
    try {
      const client = createPublicClient({ transport: evmTransport(network([first.url, second.url])) })
      const balances = await Promise.all(Array.from({ length: 200 }, () => client.getBalance({ address: ADDRESS })))
      expect(balances.every((b) => b === 42n)).toBe(true)
      const reads = [...first.bodies, ...second.bodies].filter((b) => JSON.stringify(b).includes('eth_getBalance'))
      expect(reads.map((b) => (b as { method: string }[]).filter((r) => r.method === 'eth_getBalance').length)).toEqual([200])
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('pings its endpoints for their rank only while it is read: once reads stop (an idle page, a destroyed modal), nothing more is sent', async () => {
    const [first, second] = [await balanceNode(), await balanceNode()]
    const pings = () => [...first.bodies, ...second.bodies].flat().filter((b) => (b as { method: string }).method === 'eth_blockNumber').length
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    try {
      const client = createPublicClient({ transport: evmTransport(network([first.url, second.url]), undefined, { rankIntervalMs: 40, idleMs: 400 }) })
      await pause(200)
      expect(pings()).toBe(0)
      await client.getBalance({ address: ADDRESS })
      await expect.poll(pings).toBeGreaterThanOrEqual(4)
      // Past the idle time the rounds go on, without a request.
      await pause(600)
      const settled = pings()
      await pause(400)
      expect(pings()).toBe(settled)
      // A read starts them again.
      await client.getBalance({ address: ADDRESS })
      await expect.poll(pings).toBeGreaterThan(settled)
    } finally {
      await first.close()
      await second.close()
    }
  })
})

describe('reads that survive a bad node (local chain)', () => {
  let dev: DevChains
  let gateway: Gateway
  beforeAll(async () => {
    // Only the first chain is used: the second would be a hardhat node started for nothing.
    dev = await startChains({ count: 1 })
    gateway = await startGateway({ chains: dev.chains, tokens: dev.tokens })
  }, 90_000)
  afterAll(async () => {
    await gateway?.stop()
    await dev?.stop()
  })

  /** A transfer made straight on the node; its hash, for the runtime to wait on. */
  const transfer = async () => {
    const { wallet } = walletOn(dev.chains[0]!, dev.accounts[3]!.privateKey)
    return wallet.sendTransaction({ to: dev.accounts[4]!.address, value: parseEther('0.001') })
  }
  const balanceOnNode = (address: `0x${string}`) => walletOn(dev.chains[0]!, dev.accounts[0]!.privateKey).reader.getBalance({ address })

  it('a dead URL listed first: the balance and a receipt still arrive, through the other', async () => {
    const runtime = createEvmRuntime({ receiptPollingMs: 50 })
    const net = network([await deadUrl(), dev.chains[0]!.rpcUrl])
    expect(await runtime.getBalance(net, dev.accounts[4]!.address)).toBe((await balanceOnNode(dev.accounts[4]!.address)).toString())
    const receipt = await runtime.waitForReceipt(net, await transfer())
    expect(receipt.status).toBe('success')
  })

  it('the network’s only URL dead: reads go through the gateway’s JSON-RPC to the node', async () => {
    const runtime = createEvmRuntime({ receiptPollingMs: 50, rpcGateway: () => ({ apiUrl: gateway.url, projectId: 'test-project' }) })
    const net = network(await deadUrl())
    const before = await runtime.getBalance(net, dev.accounts[4]!.address)
    expect(before).toBe((await balanceOnNode(dev.accounts[4]!.address)).toString())
    expect((await runtime.waitForReceipt(net, await transfer())).status).toBe('success')
    expect(BigInt(await runtime.getBalance(net, dev.accounts[4]!.address)) - BigInt(before)).toBe(parseEther('0.001'))
    // Without the gateway the same network has nothing left to read from.
    await expect(createEvmRuntime({ receiptPollingMs: 50 }).getBalance(net, ADDRESS)).rejects.toThrow()
  })

  it('an endpoint that dies mid-session: the next read is answered by the other at once, and receipts go on', async () => {
    const proxy = await tcpProxy(Number(new URL(dev.chains[0]!.rpcUrl).port))
    const runtime = createEvmRuntime({ receiptPollingMs: 50 })
    const net = network([proxy.url, dev.chains[0]!.rpcUrl])
    for (let i = 0; i < 3; i++) await runtime.getBalance(net, ADDRESS)
    expect(proxy.connections()).toBeGreaterThan(0)
    await proxy.kill()
    const started = performance.now()
    expect(await runtime.getBalance(net, ADDRESS)).toBe((await balanceOnNode(ADDRESS)).toString())
    expect(performance.now() - started).toBeLessThan(1_000)
    expect((await runtime.waitForReceipt(net, await transfer())).status).toBe('success')
  })
})

/** A TCP proxy to a local port, which `kill()` closes with every connection through it (a node dying). */
async function tcpProxy(port: number): Promise<{ url: string; connections(): number; kill(): Promise<void> }> {
  const sockets = new Set<Socket>()
  let count = 0
  const server: Server = createServer((client) => {
    count++
    const upstream = connect(port, '127.0.0.1')
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('close', () => sockets.delete(s))
      s.on('error', () => s.destroy())
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => count,
    kill: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of sockets) s.destroy()
      }),
  }
}
