import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import type { DevChains } from '../../../dev/chain/startChains'
import { startPostgres, type PostgresServer } from '../../../dev/gateway/postgresServer'
import { startGateway } from '../../../dev/gateway/startGateway'
import { memoryStorage, openStorage, type GatewayStorage, type IndexedTxRow, type StoredSession } from '../../../dev/gateway/storage'
import { call, P, startStack } from './harness'

// The gateway's storage: one contract, run against this process's memory, PGlite (PostgreSQL in
// WASM, on its worker thread and on this one) and Debian's PostgreSQL server; then gateways
// sharing one server, and one outliving a server restart.

let pg: PostgresServer
let chains: DevChains
let stopChains: () => Promise<void>

beforeAll(async () => {
  pg = await startPostgres()
  const stack = await startStack()
  chains = stack.dev
  // Only the chains are needed: gateways of their own start below.
  stopChains = stack.stop
}, 120_000)
afterAll(async () => {
  await stopChains?.()
  await pg?.remove()
})

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const session = (id: string, nonce: string, expirationTime: string | null = null, address: string = ADDRESS): StoredSession => ({
  id,
  address,
  nonce,
  chainId: 'eip155:31337',
  domain: 'app.example',
  uri: 'https://app.example',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime,
})

/** A storage over the data of `first` as another gateway would open it: a second pool for a server; the same one where a database serves one process. */
const sameHandle = async (first: GatewayStorage): Promise<GatewayStorage> => ({ ...first, close: async () => {} })

const backends: [string, () => Promise<GatewayStorage>, (first: GatewayStorage) => Promise<GatewayStorage>][] = [
  ['memory', async () => memoryStorage(), sameHandle],
  ['PGlite (its worker thread)', () => openStorage({}), sameHandle],
  ['PGlite (in process)', () => openStorage({ pgliteThread: 'main' }), sameHandle],
  ['PostgreSQL', () => openStorage({ url: pg.url }), () => openStorage({ url: pg.url })],
]

const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const blockHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
/** An indexed transaction of block `blockNumber`; its JSON holds a bigint past 2^64 as the indexer writes it. */
const indexed = (chainId: number, blockNumber: number, txIndex: number, timestamp: number, addresses: string[]): IndexedTxRow => ({
  chainId,
  blockNumber,
  txIndex,
  hash: blockHash(chainId * 1_000_000 + blockNumber * 100 + txIndex),
  timestamp,
  addresses,
  tx: { value: '123456789012345678901234567890', at: `${blockNumber}.${txIndex}`, transfers: [{ amount: '1' }] },
})
const at = (rows: IndexedTxRow[]) => rows.map((r) => `${r.chainId}:${r.blockNumber}.${r.txIndex}`)

describe.each(backends)('storage: %s', (_, open, again) => {
  let storage: GatewayStorage
  beforeAll(async () => {
    storage = await open()
    await storage.clear()
  }, 60_000)
  afterAll(() => storage?.close())
  /** Chain ids no other test (nor a run before this one, over a kept server) indexes. */
  const chain = (() => {
    const base = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 100
    let n = 0
    return () => base + n++
  })()

  it('keeps names: put replaces (text records too), lookups by name and by address (any case), delete, the cap', async () => {
    const avatar = { avatar: 'https://example.com/a.png' }
    expect(await storage.names.put({ name: 'alice.gangway', address: ADDRESS, registered: 1, updated: 1, attributes: {} }, 2)).toBe('ok')
    expect(await storage.names.put({ name: 'alice.gangway', address: ADDRESS, registered: 1, updated: 5, attributes: avatar }, 2)).toBe('ok')
    expect(await storage.names.get('alice.gangway')).toEqual({ name: 'alice.gangway', address: ADDRESS, registered: 1, updated: 5, attributes: avatar })
    expect(await storage.names.claim({ name: 'bobby.gangway', address: ADDRESS, registered: 2, updated: 2, attributes: { bio: 'b' } }, 2)).toBe('ok')
    expect((await storage.names.get('bobby.gangway'))?.attributes).toEqual({ bio: 'b' })
    expect(await storage.names.put({ name: 'carol.gangway', address: ADDRESS, registered: 3, updated: 3, attributes: {} }, 2)).toBe('full')
    expect((await storage.names.byAddress(ADDRESS.toLowerCase())).map((n) => n.name).sort()).toEqual(['alice.gangway', 'bobby.gangway'])
    await storage.names.delete('alice.gangway')
    expect(await storage.names.get('alice.gangway')).toBeNull()
    expect(await storage.names.count()).toBe(1)
  })

  it('keeps sessions: newest first, a nonce once per address, expired ones not listed and dropped at the cap', async () => {
    await storage.clear()
    const now = Date.parse('2026-06-01T00:00:00.000Z')
    expect(await storage.sessions.insert(session('a', 'n1'), 3, now)).toBe('ok')
    expect(await storage.sessions.insert(session('b', 'n2', '2026-01-02T00:00:00.000Z'), 3, now)).toBe('ok')
    expect(await storage.sessions.insert(session('c', 'n3', '2027-01-01T00:00:00.000Z'), 3, now)).toBe('ok')
    expect(await storage.sessions.insert(session('d', 'n1'), 3, now)).toBe('duplicate')
    // A retry finds the session its nonce made (the store answers it as the first time).
    expect((await storage.sessions.byNonce(ADDRESS.toLowerCase(), 'n1'))?.id).toBe('a')
    expect(await storage.sessions.byNonce(ADDRESS, 'unused')).toBeNull()
    expect(await storage.sessions.insert(session('e', 'n1', null, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), 3, now)).toBe('ok')
    expect((await storage.sessions.list(ADDRESS.toLowerCase(), now)).map((s) => s.id)).toEqual(['c', 'a'])
    expect(await storage.sessions.get(ADDRESS, 'c')).toEqual(session('c', 'n3', '2027-01-01T00:00:00.000Z'))
    expect(await storage.sessions.get('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'c')).toBeNull()
    expect(await storage.sessions.count()).toBe(3)
    expect(await storage.sessions.insert(session('f', 'n4'), 3, now)).toBe('full')
    await storage.sessions.delete(ADDRESS, 'a')
    expect((await storage.sessions.list(ADDRESS, now)).map((s) => s.id)).toEqual(['c'])
    // Revoked: not listed, not found, not counted, but its nonce stays used.
    expect(await storage.sessions.get(ADDRESS, 'a')).toBeNull()
    expect(await storage.sessions.count()).toBe(2)
    expect(await storage.sessions.byNonce(ADDRESS, 'n1')).toMatchObject({ id: 'a', revoked: true })
    expect(await storage.sessions.insert(session('g', 'n1'), 5, now)).toBe('duplicate')
    await storage.clear()
    expect(await storage.sessions.count()).toBe(0)
    expect(await storage.names.count()).toBe(0)
  })

  it('pages an address\'s sessions newest first; a session added meanwhile does not move the pages after it', async () => {
    await storage.clear()
    const now = Date.parse('2026-06-01T00:00:00.000Z')
    for (const id of ['a', 'b', 'c', 'd', 'e']) expect(await storage.sessions.insert(session(id, `n-${id}`), 100, now)).toBe('ok')
    expect(await storage.sessions.insert(session('x', 'n-x', null, OTHER), 100, now)).toBe('ok')
    await storage.sessions.delete(ADDRESS, 'c')
    const first = await storage.sessions.page(ADDRESS, now, null, 2)
    expect(first.sessions.map((s) => s.id)).toEqual(['e', 'd'])
    expect(await storage.sessions.insert(session('f', 'n-f'), 100, now)).toBe('ok')
    const second = await storage.sessions.page(ADDRESS.toLowerCase(), now, first.next, 2)
    expect(second.sessions.map((s) => s.id)).toEqual(['b', 'a'])
    expect(second.next).toBeNull()
    expect(await storage.sessions.page(ADDRESS, now, null, 10)).toEqual({ sessions: (await storage.sessions.list(ADDRESS, now)), next: null })
    await storage.clear()
  })

  it('keeps the sessions of Solana addresses apart by case (base58 is case-sensitive), EVM ones by any case', async () => {
    await storage.clear()
    const now = Date.parse('2026-06-01T00:00:00.000Z')
    // Two valid Solana addresses that differ only in the case of their first letter.
    const upper = 'So11111111111111111111111111111111111111112'
    const lower = 'so11111111111111111111111111111111111111112'
    expect(await storage.sessions.insert({ ...session('s1', 'n1', null, upper), chainId: 'solana:localnet' }, 5, now)).toBe('ok')
    expect(await storage.sessions.insert({ ...session('s2', 'n1', null, lower), chainId: 'solana:localnet' }, 5, now)).toBe('ok')
    expect((await storage.sessions.list(upper, now)).map((s) => s.id)).toEqual(['s1'])
    expect((await storage.sessions.list(lower, now)).map((s) => s.id)).toEqual(['s2'])
    expect(await storage.sessions.get(lower, 's1')).toBeNull()
    await storage.sessions.delete(lower, 's1')
    expect(await storage.sessions.get(upper, 's1')).toMatchObject({ id: 's1', address: upper })
    expect((await storage.sessions.byNonce(upper, 'n1'))?.id).toBe('s1')
    await storage.clear()
  })

  it('keeps analytics events as received, oldest first, within the retention cap of count and bytes', async () => {
    await storage.clear()
    const record = (i: number, pad = '') => ({ receivedAt: i, query: { projectId: 'p', st: null, sv: null }, origin: null, body: { eventId: `e${i}`, props: { z: 1, a: [pad] } } })
    const caps = { maxEvents: 3, maxBytes: 1000 }
    for (let i = 0; i < 4; i++) expect(await storage.analytics.add(record(i), 100, caps)).toBe(i < 3 ? 0 : 1)
    expect((await storage.analytics.list()).map((r) => r.body.eventId)).toEqual(['e1', 'e2', 'e3'])
    // The record comes back as it was received, key order included.
    expect(JSON.stringify((await storage.analytics.list())[0])).toBe(JSON.stringify(record(1)))
    // A large one pushes out as many older ones as its size needs.
    expect(await storage.analytics.add(record(9, 'x'), 850, caps)).toBe(2)
    expect(await storage.analytics.size()).toEqual({ events: 2, bytes: 950 })
    await storage.analytics.clear()
    expect(await storage.analytics.size()).toEqual({ events: 0, bytes: 0 })
  })

  it('keeps an analytics event sent again once, by its eventId', async () => {
    await storage.analytics.clear()
    const record = (id: string | undefined) => ({ receivedAt: 1, query: { projectId: 'p', st: null, sv: null }, origin: null, body: { ...(id ? { eventId: id } : {}), props: {} } })
    const caps = { maxEvents: 10, maxBytes: 10_000 }
    await storage.analytics.add(record('same'), 10, caps)
    await storage.analytics.add(record('same'), 10, caps)
    await storage.analytics.add(record('other'), 10, caps)
    // Without an id nothing is told apart: each is kept.
    await storage.analytics.add(record(undefined), 10, caps)
    await storage.analytics.add(record(undefined), 10, caps)
    expect((await storage.analytics.list()).map((r) => (r.body as { eventId?: string }).eventId ?? null)).toEqual(['same', 'other', null, null])
    await storage.analytics.clear()
  })

  it('keeps the transaction index: cursors per chain, an address\'s transactions newest first over chains, paged', async () => {
    const [c1, c2] = [chain(), chain()]
    expect(await storage.index.cursor(c1)).toEqual({ generation: 0, next: 0, tipHash: null })
    const first = [indexed(c1, 0, 0, 100, [ADDRESS.toLowerCase(), OTHER]), indexed(c1, 2, 0, 300, [ADDRESS.toLowerCase()]), indexed(c1, 2, 1, 300, [OTHER])]
    expect(await storage.index.save(c1, await storage.index.cursor(c1), { next: 3, tipHash: blockHash(2) }, first)).toBe('ok')
    expect(await storage.index.save(c2, await storage.index.cursor(c2), { next: 2, tipHash: blockHash(1) }, [indexed(c2, 0, 0, 200, [ADDRESS.toLowerCase()]), indexed(c2, 1, 0, 300, [ADDRESS.toLowerCase()])])).toBe('ok')
    expect(await storage.index.cursor(c1)).toEqual({ generation: 0, next: 3, tipHash: blockHash(2) })
    expect(await storage.index.cursor(c2)).toEqual({ generation: 0, next: 2, tipHash: blockHash(1) })

    // By time, then chain id, block and index, newest first; any case of the address.
    const mine = await storage.index.transactions(ADDRESS, [c1, c2])
    expect(at(mine)).toEqual([`${c2}:1.0`, `${c1}:2.0`, `${c2}:0.0`, `${c1}:0.0`])
    expect(mine[3]).toEqual(first[0])
    expect(at(await storage.index.transactions(OTHER, [c1, c2]))).toEqual([`${c1}:2.1`, `${c1}:0.0`])
    expect(at(await storage.index.transactions(ADDRESS, [c1]))).toEqual([`${c1}:2.0`, `${c1}:0.0`])
    expect(at(await storage.index.transactions(ADDRESS, [c1, c2], { before: [300, c1, 2, 0], limit: 1 }))).toEqual([`${c2}:0.0`])
    expect(at(await storage.index.transactions(ADDRESS, [c1, c2], { before: [300, c2, 1, 0], limit: 2 }))).toEqual([`${c1}:2.0`, `${c2}:0.0`])
    expect(await storage.index.transactions('0x000000000000000000000000000000000000dead', [c1, c2])).toEqual([])
    expect(await storage.index.transactions(ADDRESS, [])).toEqual([])

    // Derived from the chains, not test state: the control's reset keeps it.
    await storage.clear()
    expect(await storage.index.cursor(c1)).toEqual({ generation: 0, next: 3, tipHash: blockHash(2) })
    expect(await storage.index.transactions(ADDRESS, [c1, c2])).toHaveLength(4)
  })

  it('saves a batch of blocks and its cursor whole or not at all', async () => {
    const c = chain()
    const start = await storage.index.cursor(c)
    // The second transaction breaks a rule of the table: nothing of the batch is kept, not even its cursor.
    const bad = [indexed(c, 0, 0, 100, [OTHER]), { ...indexed(c, 1, 0, 100, [OTHER]), txIndex: -1 }]
    await expect(storage.index.save(c, start, { next: 2, tipHash: blockHash(1) }, bad)).rejects.toThrow()
    expect(await storage.index.cursor(c)).toEqual(start)
    expect(await storage.index.transactions(OTHER, [c])).toEqual([])

    // The same once the cursor exists (an update of it rather than its first row).
    expect(await storage.index.save(c, start, { next: 2, tipHash: blockHash(1) }, [indexed(c, 0, 0, 100, [OTHER])])).toBe('ok')
    const saved = await storage.index.cursor(c)
    await expect(storage.index.save(c, saved, { next: 4, tipHash: blockHash(3) }, [indexed(c, 2, 0, 110, [OTHER]), { ...indexed(c, 3, 0, 120, [OTHER]), txIndex: -1 }])).rejects.toThrow()
    expect(await storage.index.cursor(c)).toEqual(saved)
    expect(at(await storage.index.transactions(OTHER, [c]))).toEqual([`${c}:0.0`])

    // A transaction outside the batch's blocks, or of another chain, is refused before anything is written.
    await expect(storage.index.save(c, saved, { next: 4, tipHash: blockHash(3) }, [indexed(c, 4, 0, 130, [OTHER])])).rejects.toThrow(/not in blocks 2 to 3/)
    await expect(storage.index.save(c, saved, { next: 4, tipHash: blockHash(3) }, [indexed(c + 1, 2, 0, 130, [OTHER])])).rejects.toThrow(/not in blocks/)
    expect(await storage.index.cursor(c)).toEqual(saved)
  })

  it('two gateways saving the same blocks at once write them once, and the cursor never moves back', async () => {
    const other = await again(storage)
    try {
      const c = chain()
      const start = await storage.index.cursor(c)
      const batch = [indexed(c, 0, 0, 100, [OTHER]), indexed(c, 3, 0, 130, [OTHER]), indexed(c, 3, 1, 130, [OTHER])]
      const saves = await Promise.all([storage, other, storage, other].map((s) => s.index.save(c, start, { next: 5, tipHash: blockHash(4) }, batch)))
      expect(saves.sort()).toEqual(['ok', 'stale', 'stale', 'stale'])
      expect(at(await other.index.transactions(OTHER, [c]))).toEqual([`${c}:3.1`, `${c}:3.0`, `${c}:0.0`])
      // The loser reads where the winner got to and goes on from there.
      const moved = await other.index.cursor(c)
      expect(moved).toEqual({ generation: 0, next: 5, tipHash: blockHash(4) })
      expect(await other.index.save(c, moved, { next: 8, tipHash: blockHash(7) }, [indexed(c, 6, 0, 160, [OTHER])])).toBe('ok')
      const ahead = await storage.index.cursor(c)
      expect(ahead).toEqual({ generation: 0, next: 8, tipHash: blockHash(7) })

      // Saves from an older cursor, or to a block not ahead of the cursor, change nothing.
      expect(await storage.index.save(c, start, { next: 2, tipHash: blockHash(1) }, [indexed(c, 1, 0, 110, [OTHER])])).toBe('stale')
      expect(await storage.index.save(c, moved, { next: 6, tipHash: blockHash(5) }, [indexed(c, 5, 0, 150, [OTHER])])).toBe('stale')
      expect(await storage.index.save(c, ahead, { next: 8, tipHash: blockHash(77) }, [])).toBe('stale')
      expect(await storage.index.save(c, { ...ahead, tipHash: blockHash(66) }, { next: 9, tipHash: blockHash(8) }, [])).toBe('stale')
      expect(await other.index.cursor(c)).toEqual(ahead)
      expect(at(await storage.index.transactions(OTHER, [c]))).toEqual([`${c}:6.0`, `${c}:3.1`, `${c}:3.0`, `${c}:0.0`])
    } finally {
      await other.close()
    }
  })

  it('drops one chain\'s index (a restarted chain) once, refusing what was read before the drop', async () => {
    const other = await again(storage)
    try {
      const [c, kept] = [chain(), chain()]
      expect(await storage.index.save(c, await storage.index.cursor(c), { next: 3, tipHash: blockHash(2) }, [indexed(c, 1, 0, 110, [OTHER]), indexed(c, 2, 0, 120, [OTHER])])).toBe('ok')
      expect(await storage.index.save(kept, await storage.index.cursor(kept), { next: 2, tipHash: blockHash(1) }, [indexed(kept, 1, 0, 110, [OTHER])])).toBe('ok')
      const before = await storage.index.cursor(c)

      // Two gateways noticing the restart at once: the index is dropped once.
      await Promise.all([storage.index.drop(c, before), other.index.drop(c, before)])
      const fresh = await other.index.cursor(c)
      expect(fresh).toEqual({ generation: before.generation + 1, next: 0, tipHash: null })
      expect(await storage.index.transactions(OTHER, [c])).toEqual([])
      expect(at(await storage.index.transactions(OTHER, [c, kept]))).toEqual([`${kept}:1.0`])

      // A gateway still on the old index cannot write to the new one.
      expect(await storage.index.save(c, before, { next: 4, tipHash: blockHash(3) }, [indexed(c, 3, 0, 130, [OTHER])])).toBe('stale')
      expect(await storage.index.transactions(OTHER, [c])).toEqual([])

      // The rebuilt index; a late drop for the old one leaves it alone.
      expect(await storage.index.save(c, fresh, { next: 2, tipHash: blockHash(91) }, [indexed(c, 1, 0, 500, [OTHER])])).toBe('ok')
      await other.index.drop(c, before)
      expect(await storage.index.cursor(c)).toEqual({ generation: fresh.generation, next: 2, tipHash: blockHash(91) })
      // Nor may a save read before the drop land where the new index got to the same block: the generation differs.
      expect(await storage.index.save(c, { generation: before.generation, next: 2, tipHash: blockHash(91) }, { next: 3, tipHash: blockHash(92) }, [])).toBe('stale')
      expect(await storage.index.cursor(c)).toEqual({ generation: fresh.generation, next: 2, tipHash: blockHash(91) })
      expect(await storage.index.transactions(OTHER, [c])).toEqual([indexed(c, 1, 0, 500, [OTHER])])
    } finally {
      await other.close()
    }
  })
})

/** Starts `dev/gateway/main.ts` as its own process over the database; resolves its URL. */
function gatewayProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/gateway/main.ts', '--config', '-', '--port', '0'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    child.stdin!.end(JSON.stringify({ chains: chains.chains, tokens: chains.tokens, collections: chains.collections }))
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const found = /gateway listening on (\S+)/.exec(out)
      if (found) resolve({ url: found[1]!, child })
    })
    child.once('exit', (code) => reject(new Error(`gateway exited (${code}): ${out}`)))
  })
}

describe('gateways over one PostgreSQL server', () => {
  it('two gateway processes serve the same names, sessions and analytics', async () => {
    const [a, b] = await Promise.all([gatewayProcess(pg.url), gatewayProcess(pg.url)])
    try {
      expect((await call(a.url, 'PUT', '/_control/names/shared.gangway', { address: ADDRESS })).status).toBe(200)
      expect((await call(b.url, 'GET', `/v1/profile/account/shared.gangway?${P}`)).body).toMatchObject({ addresses: { '60': { address: ADDRESS } } })

      const signer = privateKeyToAccount(chains.accounts[0]!.privateKey)
      const message = createSiweMessage({ address: signer.address, chainId: chains.chains[0]!.chainId, domain: 'app.example', uri: 'https://app.example', nonce: generateSiweNonce(), version: '1', issuedAt: new Date() })
      const signature = await signer.signMessage({ message })
      const created = await call(a.url, 'POST', `/v1/sessions/${signer.address}?${P}`, { message, signature })
      expect(created.status).toBe(201)
      const id = (created.body as { session: { id: string } }).session.id
      expect(((await call(b.url, 'GET', `/v1/sessions/${signer.address}?${P}`)).body as { sessions: { id: string }[] }).sessions.map((s) => s.id)).toContain(id)
      // The nonce is spent for both: the same message sent to the other gateway (a retry) answers
      // with the session it made, and the nonce in another message is refused there.
      const retried = await call(b.url, 'POST', `/v1/sessions/${signer.address}?${P}`, { message, signature })
      expect(retried).toMatchObject({ status: 201, body: { session: { id } } })
      const nonce = /Nonce: (\S+)/.exec(message)![1]!
      const other = createSiweMessage({ address: signer.address, chainId: chains.chains[0]!.chainId, domain: 'other.example', uri: 'https://other.example', nonce, version: '1', issuedAt: new Date() })
      expect((await call(b.url, 'POST', `/v1/sessions/${signer.address}?${P}`, { message: other, signature: await signer.signMessage({ message: other }) })).status).toBe(409)
      // Analytics sent to one are read from the other.
      expect((await call(a.url, 'POST', `/e?${P}`, { eventId: 'shared-event', props: { event: 'MODAL_OPEN' } })).status).toBe(200)
      const events = ((await call(b.url, 'GET', '/_control/analytics')).body as { events: { body: { eventId: string } }[] }).events
      expect(events.map((e) => e.body.eventId)).toContain('shared-event')
    } finally {
      a.child.kill('SIGTERM')
      b.child.kill('SIGTERM')
    }
  }, 60_000)

  it('a gateway starts while its database is down: serves what needs none, 503 with Retry-After on the rest, then all once it is up', async () => {
    await pg.stop()
    const logs: string[] = []
    const gateway = await startGateway({
      chains: chains.chains,
      tokens: chains.tokens,
      database: { url: pg.url },
      names: { 'early.gangway': ADDRESS },
      databaseRetry: { minDelayMs: 20, maxDelayMs: 200 },
      production: true,
      log: (line) => logs.push(line),
    })
    try {
      expect((await call(gateway.url, 'GET', `/getWallets?${P}&entries=1`)).status).toBe(200)
      expect((await call(gateway.url, 'GET', '/health')).status).toBe(200)
      const notReady = await call(gateway.url, 'GET', '/ready')
      expect(notReady.status).toBe(503)
      expect(notReady.headers.get('retry-after')).toBe('1')
      const name = await call(gateway.url, 'GET', `/v1/profile/account/early.gangway?${P}`)
      expect(name.status).toBe(503)
      expect(name.headers.get('retry-after')).toBe('1')
      expect(name.text).not.toContain(new URL(pg.url).port)
      // Retried with backoff, each failure one JSON line with the driver's reason.
      await expect.poll(() => logs.filter((l) => l.includes('database unavailable at start')).length).toBeGreaterThanOrEqual(2)
      expect(JSON.parse(logs.find((l) => l.includes('database unavailable at start'))!)).toMatchObject({ level: 'error', retryInMs: 20 })
      await pg.start()
      await expect.poll(async () => (await call(gateway.url, 'GET', '/ready')).status, { timeout: 15_000 }).toBe(200)
      // The start's names are set once it opens.
      await expect.poll(async () => (await call(gateway.url, 'GET', `/v1/profile/account/early.gangway?${P}`)).status, { timeout: 5_000 }).toBe(200)
    } finally {
      await pg.start()
      await gateway.stop()
    }
  }, 60_000)

  it('a gateway answers 503 while its database is down and serves again once it is back; /ready tells a load balancer, /health the process', async () => {
    const gateway = await startGateway({ chains: chains.chains, tokens: chains.tokens, database: { url: pg.url }, names: { 'kept.gangway': ADDRESS } })
    try {
      expect((await call(gateway.url, 'GET', `/v1/profile/account/kept.gangway?${P}`)).status).toBe(200)
      expect(await call(gateway.url, 'GET', '/ready')).toMatchObject({ status: 200, body: { ready: true, storage: 'postgres' } })
      // A server's memory is not the gateway's to report.
      expect((await call(gateway.url, 'GET', '/ready')).body).not.toHaveProperty('storageMemory')
      await pg.stop()
      const down = await call(gateway.url, 'GET', `/v1/profile/account/kept.gangway?${P}`)
      expect(down.status).toBe(503)
      expect((down.body as { error: string }).error).toMatch(/^The database is unavailable/)
      const notReady = await call(gateway.url, 'GET', '/ready')
      expect(notReady.status).toBe(503)
      expect(notReady.headers.get('retry-after')).toBe('1')
      expect((await call(gateway.url, 'GET', '/health')).status).toBe(200)
      await pg.start()
      await expect.poll(async () => (await call(gateway.url, 'GET', `/v1/profile/account/kept.gangway?${P}`)).status, { timeout: 15_000 }).toBe(200)
      expect((await call(gateway.url, 'GET', '/ready')).status).toBe(200)
    } finally {
      await pg.start()
      await gateway.stop()
    }
  }, 60_000)
})
