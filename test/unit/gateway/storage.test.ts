import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import type { DevChains } from '../../../dev/chain/startChains'
import { startPostgres, type PostgresServer } from '../../../dev/gateway/postgresServer'
import { startGateway } from '../../../dev/gateway/startGateway'
import { memoryStorage, openStorage, type GatewayStorage, type StoredSession } from '../../../dev/gateway/storage'
import { call, P, startStack } from './harness'

// The gateway's storage: one contract, run against this process's memory, PGlite (PostgreSQL in
// WASM) and Debian's PostgreSQL server; then gateways sharing one server, and one outliving a
// server restart.

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
const session = (id: string, nonce: string, expirationTime: string | null = null, address: `0x${string}` = ADDRESS): StoredSession => ({
  id,
  address,
  nonce,
  chainId: 'eip155:31337',
  domain: 'app.example',
  uri: 'https://app.example',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expirationTime,
})

const backends: [string, () => Promise<GatewayStorage>][] = [
  ['memory', async () => memoryStorage()],
  ['PGlite', () => openStorage({})],
  ['PostgreSQL', () => openStorage({ url: pg.url })],
]

describe.each(backends)('storage: %s', (_, open) => {
  let storage: GatewayStorage
  beforeAll(async () => {
    storage = await open()
    await storage.clear()
  }, 60_000)
  afterAll(() => storage?.close())

  it('keeps names: put replaces, lookups by name and by address (any case), delete, the cap', async () => {
    expect(await storage.names.put({ name: 'alice.gangway', address: ADDRESS, registered: 1, updated: 1 }, 2)).toBe('ok')
    expect(await storage.names.put({ name: 'alice.gangway', address: ADDRESS, registered: 1, updated: 5 }, 2)).toBe('ok')
    expect(await storage.names.get('alice.gangway')).toEqual({ name: 'alice.gangway', address: ADDRESS, registered: 1, updated: 5 })
    expect(await storage.names.put({ name: 'bobby.gangway', address: ADDRESS, registered: 2, updated: 2 }, 2)).toBe('ok')
    expect(await storage.names.put({ name: 'carol.gangway', address: ADDRESS, registered: 3, updated: 3 }, 2)).toBe('full')
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
    expect(await storage.sessions.insert(session('e', 'n1', null, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'), 3, now)).toBe('ok')
    expect((await storage.sessions.list(ADDRESS.toLowerCase(), now)).map((s) => s.id)).toEqual(['c', 'a'])
    expect(await storage.sessions.get(ADDRESS, 'c')).toEqual(session('c', 'n3', '2027-01-01T00:00:00.000Z'))
    expect(await storage.sessions.get('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'c')).toBeNull()
    expect(await storage.sessions.count()).toBe(3)
    expect(await storage.sessions.insert(session('f', 'n4'), 3, now)).toBe('full')
    await storage.sessions.delete(ADDRESS, 'a')
    expect((await storage.sessions.list(ADDRESS, now)).map((s) => s.id)).toEqual(['c'])
    await storage.clear()
    expect(await storage.sessions.count()).toBe(0)
    expect(await storage.names.count()).toBe(0)
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
      // The nonce is spent for both: the other gateway refuses the same message.
      expect((await call(b.url, 'POST', `/v1/sessions/${signer.address}?${P}`, { message, signature })).status).toBe(409)
      // Analytics sent to one are read from the other.
      expect((await call(a.url, 'POST', `/e?${P}`, { eventId: 'shared-event', props: { event: 'MODAL_OPEN' } })).status).toBe(200)
      const events = ((await call(b.url, 'GET', '/_control/analytics')).body as { events: { body: { eventId: string } }[] }).events
      expect(events.map((e) => e.body.eventId)).toContain('shared-event')
    } finally {
      a.child.kill('SIGTERM')
      b.child.kill('SIGTERM')
    }
  }, 60_000)

  it('a gateway answers 503 while its database is down and serves again once it is back', async () => {
    const gateway = await startGateway({ chains: chains.chains, tokens: chains.tokens, database: { url: pg.url }, names: { 'kept.gangway': ADDRESS } })
    try {
      expect((await call(gateway.url, 'GET', `/v1/profile/account/kept.gangway?${P}`)).status).toBe(200)
      await pg.stop()
      const down = await call(gateway.url, 'GET', `/v1/profile/account/kept.gangway?${P}`)
      expect(down.status).toBe(503)
      expect((down.body as { error: string }).error).toMatch(/^The database is unavailable/)
      await pg.start()
      await expect.poll(async () => (await call(gateway.url, 'GET', `/v1/profile/account/kept.gangway?${P}`)).status, { timeout: 15_000 }).toBe(200)
    } finally {
      await pg.start()
      await gateway.stop()
    }
  }, 60_000)
})
