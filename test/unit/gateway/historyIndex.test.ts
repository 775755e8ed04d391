import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { erc20Abi, parseUnits, type Hex } from 'viem'
import { startChains, type DevAccount, type DevChain, type DevChains } from '../../../dev/chain/startChains'
import { startPostgres, type PostgresServer } from '../../../dev/gateway/postgresServer'
import { startGateway, type Gateway, type GatewayOptions } from '../../../dev/gateway/startGateway'
import type { Transaction } from '../../../src/core/domain/entities'
import { call, P, walletOn } from './harness'

// The gateway's transaction-history index lives in its database: a gateway started again over
// the same data goes on from where the last one stopped, gateways sharing a PostgreSQL server
// share one index, and chains restarted with the same ids are noticed and indexed anew.

let pgServer: PostgresServer
/** The dev chains; the last test restarts them. */
let dev: DevChains
let root: string

beforeAll(async () => {
  pgServer = await startPostgres()
  dev = await startChains()
  root = mkdtempSync(join(tmpdir(), 'gangway-history-'))
}, 120_000)
afterAll(async () => {
  await dev?.stop()
  await pgServer?.remove()
  if (root) rmSync(root, { recursive: true, force: true })
})

/** A JSON-RPC proxy in front of a node that notes the blocks read with their transactions: the indexer's work. */
async function blockCounter(target: string): Promise<{ url: string; fullBlocks: number[]; close(): Promise<void> }> {
  const fullBlocks: number[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString()
      const parsed = JSON.parse(body) as { method: string; params?: unknown[] } | { method: string; params?: unknown[] }[]
      for (const request of Array.isArray(parsed) ? parsed : [parsed]) {
        if (request.method === 'eth_getBlockByNumber' && request.params?.[1] === true) fullBlocks.push(Number(request.params[0]))
      }
      try {
        const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
      } catch {
        res.writeHead(502).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fullBlocks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const gatewayOver = (chains: DevChains, database?: GatewayOptions['database'], rpcUrls?: string[]) =>
  startGateway({
    chains: chains.chains.map((c, i) => ({ ...c, rpcUrl: rpcUrls?.[i] ?? c.rpcUrl })),
    tokens: chains.tokens,
    collections: chains.collections,
    ...(database ? { database } : {}),
  })

/** Every page of an address's history (100 a page), with the gateway's own URL taken out so gateways compare. */
async function historyOf(gateway: Gateway, address: string): Promise<Transaction[]> {
  const all: Transaction[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages++) {
    const answer = await call(gateway.url, 'GET', `/v1/account/${address}/history?${P}&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
    expect(answer.status).toBe(200)
    const page = answer.body as { data: Transaction[]; next: string | null }
    all.push(...page.data)
    cursor = page.next
    if (cursor === null) break
  }
  return JSON.parse(JSON.stringify(all).replaceAll(gateway.url, 'GATEWAY')) as Transaction[]
}

async function sendEth(chain: DevChain, from: DevAccount, to: DevAccount, value: bigint): Promise<Hex> {
  const { wallet, reader } = walletOn(chain, from.privateKey)
  const hash = await wallet.sendTransaction({ to: to.address, value })
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}

async function sendGusd(chains: DevChains, chain: DevChain, from: DevAccount, to: DevAccount, amount: string): Promise<Hex> {
  const token = chains.tokens.find((t) => t.chainId === chain.chainId)!
  const { wallet, reader } = walletOn(chain, from.privateKey)
  const hash = await wallet.writeContract({ address: token.address, abi: erc20Abi, functionName: 'transfer', args: [to.address, parseUnits(amount, 6)] })
  await reader.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}

const ids = (txs: Transaction[]) => txs.map((t) => t.id)

describe('history index in the database', () => {
  it('a gateway started again over the same data dir answers the same history without reading old blocks again', async () => {
    const [payer, payee] = [dev.accounts[3]!, dev.accounts[4]!]
    const [first, second] = dev.chains as [DevChain, DevChain]
    const dataDir = join(root, 'restarted-gateway')
    const counters = await Promise.all(dev.chains.map((c) => blockCounter(c.rpcUrl)))
    const rpcUrls = counters.map((c) => c.url)
    try {
      const sent = [
        await sendEth(first, payer, payee, 10n ** 15n),
        await sendGusd(dev, first, payer, payee, '2.5'),
        await sendEth(second, payer, payee, 2n * 10n ** 15n),
      ]
      const before = await gatewayOver(dev, { dataDir }, rpcUrls)
      let history: Transaction[]
      try {
        history = await historyOf(before, payee.address)
      } finally {
        await before.stop()
      }
      expect(ids(history)).toEqual(expect.arrayContaining(sent))
      expect(history.find((t) => t.id === sent[1])).toMatchObject({ metadata: { operationType: 'receive' }, transfers: [{ quantity: { numeric: '2.5' }, fungible_info: { symbol: 'GUSD' } }] })
      // The first gateway read every block of both chains, from block 0.
      const tips = await Promise.all(dev.chains.map((c) => walletOn(c, payer.privateKey).reader.getBlockNumber()))
      counters.forEach((counter, i) => expect([...new Set(counter.fullBlocks)].sort((a, b) => a - b)).toEqual(Array.from({ length: Number(tips[i]!) + 1 }, (_, n) => n)))

      for (const counter of counters) counter.fullBlocks.length = 0
      const after = await gatewayOver(dev, { dataDir }, rpcUrls)
      try {
        expect(await historyOf(after, payee.address)).toEqual(history)
        // Nothing was mined since: no block was read again.
        expect(counters.map((c) => c.fullBlocks)).toEqual([[], []])

        // Something new: only its block is read.
        const latest = await sendEth(second, payee, payer, 3n * 10n ** 15n)
        const now = await historyOf(after, payee.address)
        expect(ids(now)).toContain(latest)
        expect(now.filter((t) => t.id !== latest)).toEqual(history)
        expect(counters.map((c) => c.fullBlocks)).toEqual([[], [Number(tips[1]!) + 1]])
      } finally {
        await after.stop()
      }
    } finally {
      await Promise.all(counters.map((c) => c.close()))
    }
  }, 60_000)

  it('gateways sharing a PostgreSQL database answer the same history from one index, each transaction in it once', async () => {
    const [payer, payee] = [dev.accounts[1]!, dev.accounts[2]!]
    const [first, second] = dev.chains as [DevChain, DevChain]
    const sent = [await sendEth(first, payer, payee, 5n * 10n ** 14n), await sendGusd(dev, second, payer, payee, '7')]
    const gateways = await Promise.all([gatewayOver(dev, { url: pgServer.url }), gatewayOver(dev, { url: pgServer.url })])
    const reference = await gatewayOver(dev)
    try {
      // Both index at once, racing for the same blocks.
      const [a, b] = await Promise.all([historyOf(gateways[0], payee.address), historyOf(gateways[1], payee.address)])
      expect(ids(a)).toEqual(expect.arrayContaining(sent))
      expect(new Set(ids(a)).size).toBe(a.length)
      expect(b).toEqual(a)
      // What a gateway of its own (index in memory) answers.
      expect(await historyOf(reference, payee.address)).toEqual(a)

      // One gateway indexes a new transaction; the other finds it in the index.
      const latest = await sendEth(first, payee, payer, 10n ** 14n)
      const fromA = await historyOf(gateways[0], payee.address)
      expect(ids(fromA)).toContain(latest)
      expect(fromA.filter((t) => t.id !== latest)).toEqual(a)
      expect(await historyOf(gateways[1], payee.address)).toEqual(fromA)

      // Every transaction of both chains is in the index, once.
      const client = new pg.Client({ connectionString: pgServer.url })
      await client.connect()
      try {
        for (const chain of dev.chains) {
          const { reader } = walletOn(chain, payer.privateKey)
          const tip = Number(await reader.getBlockNumber())
          let onChain = 0
          for (let n = 0; n <= tip; n++) onChain += await reader.getBlockTransactionCount({ blockNumber: BigInt(n) })
          const { rows } = await client.query<{ rows: string; hashes: string }>(
            `SELECT count(*) AS rows, count(DISTINCT hash) AS hashes FROM gateway_index_txs t
             JOIN gateway_index_cursors c ON c.chain_id = t.chain_id AND c.generation = t.generation WHERE t.chain_id = $1`,
            [chain.chainId],
          )
          expect({ rows: Number(rows[0]!.rows), hashes: Number(rows[0]!.hashes) }).toEqual({ rows: onChain, hashes: onChain })
        }
      } finally {
        await client.end()
      }
    } finally {
      await Promise.all([...gateways, reference].map((g) => g.stop()))
    }
  }, 60_000)

  // Last: it replaces the chains.
  it('chains restarted with the same ids over the same data dir: the stale index is noticed and rebuilt', async () => {
    const [payer, payee] = [dev.accounts[0]!, dev.accounts[2]!]
    const dataDir = join(root, 'restarted-chains')
    const old = await sendEth(dev.chains[0]!, payer, payee, 7n)
    const before = await gatewayOver(dev, { dataDir })
    try {
      expect(ids(await historyOf(before, payee.address))).toContain(old)
    } finally {
      await before.stop()
    }

    // `npm start` again: new nodes with the same chain ids, the same database.
    await dev.stop()
    dev = await startChains()
    const fresh = await sendEth(dev.chains[0]!, payer, payee, 9n)
    const after = await gatewayOver(dev, { dataDir })
    const reference = await gatewayOver(dev)
    try {
      const history = await historyOf(after, payee.address)
      expect(ids(history)).toContain(fresh)
      expect(ids(history)).not.toContain(old)
      // Exactly the new chains' history: nothing of the old ones is left (their deployments had other times).
      expect(history).toEqual(await historyOf(reference, payee.address))
    } finally {
      await Promise.all([after.stop(), reference.stop()])
    }
  }, 120_000)
})
