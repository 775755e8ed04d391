import { protocol } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, pgliteWorkerThreads, type PgliteClient } from '../../../dev/gateway/pgliteWorker'
import { startGateway } from '../../../dev/gateway/startGateway'
import { openStorage } from '../../../dev/gateway/storage'
import { HttpError } from '../../../dev/gateway/validate'
import { call } from './harness'

// PGlite on a worker thread of its own: the same rows and the same errors as PGlite on the
// gateway's event loop, an event loop that stays free while it works, its memory reported, and a
// thread that ends with the gateway. (storage.test.ts runs the storage contract over both.)

let worker: PgliteClient
let main: PgliteClient
beforeAll(async () => {
  ;[worker, main] = await Promise.all([openPglite(), openPglite({ thread: 'main' })])
  for (const db of [worker, main]) await db.query('CREATE TABLE t (id integer PRIMARY KEY, big bigint, tags text[], flag boolean, note text CHECK (note <> \'\'), at timestamptz)')
}, 90_000)
afterAll(async () => {
  await Promise.all([worker?.close(), main?.close()])
})

/** What a query answered or threw, in a form two runs can be compared by. */
async function outcome(db: PgliteClient, text: string, params: unknown[] = []) {
  try {
    return { rows: (await db.query(text, params)).rows }
  } catch (error) {
    const e = error as Record<string, unknown> & Error
    return { error: { isDatabaseError: error instanceof protocol.messages.DatabaseError, message: e.message, code: e.code, constraint: e.constraint, table: e.table, column: e.column, severity: e.severity, detail: e.detail } }
  }
}

describe('PGlite on a worker thread', () => {
  it('runs on the named thread', () => {
    expect([worker.thread, main.thread]).toEqual(['worker', 'main'])
  })

  it('answers the rows PGlite answers in process: bigints, arrays, booleans, nulls, times', async () => {
    const statements: [string, unknown[]][] = [
      ['INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6) RETURNING *', [1, '9007199254740993', ['a', 'b'], true, 'x', '2026-01-01T00:00:00Z']],
      ['INSERT INTO t VALUES ($1, $2, $3, $4, $5, $6) RETURNING *', [2, null, [], false, null, null]],
      ['SELECT id, big, tags, flag, note, at, count(*) OVER () AS n FROM t ORDER BY id', []],
      ["SELECT '{\"k\": [1, 2]}'::jsonb AS j, 1.5::numeric AS n, 'x' = ANY($1::text[]) AS found", [['x']]],
    ]
    for (const [text, params] of statements) {
      const [fromWorker, inProcess] = [await outcome(worker, text, params), await outcome(main, text, params)]
      expect(fromWorker).toEqual(inProcess)
      expect(fromWorker).toHaveProperty('rows')
    }
    const [row] = (await worker.query<{ big: unknown; at: unknown }>('SELECT big, at FROM t WHERE id = 1')).rows
    expect(row!.big).toBe(9007199254740993n)
    expect(row!.at).toBeInstanceOf(Date)
  })

  it("rejects with PGlite's own DatabaseError and its fields, as in process: a unique key, a check, a null, a syntax error", async () => {
    const refused: [string, unknown[], string][] = [
      ['INSERT INTO t (id) VALUES ($1)', [1], '23505'],
      ['INSERT INTO t (id, note) VALUES ($1, $2)', [3, ''], '23514'],
      ['INSERT INTO t (id) VALUES ($1)', [null], '23502'],
      ['SELEC 1', [], '42601'],
      ['SELECT $1::integer', ['not a number'], '22P02'],
    ]
    for (const [text, params, code] of refused) {
      const [fromWorker, inProcess] = [await outcome(worker, text, params), await outcome(main, text, params)]
      expect(fromWorker).toEqual(inProcess)
      expect(fromWorker.error).toMatchObject({ isDatabaseError: true, code })
    }
    // The first refused row names its constraint, as the storage's conflict handling reads it.
    expect((await outcome(worker, 'INSERT INTO t (id) VALUES (1)')).error).toMatchObject({ constraint: 't_pkey', table: 't', detail: 'Key (id)=(1) already exists.' })
  })

  it("keeps the gateway's event loop free while a query runs; in process the query holds it", async () => {
    const heavy = 'SELECT count(*) AS n FROM generate_series(1, 1000000) AS s(i) WHERE i % 7 = 0'
    /** The longest the event loop went without running a timer while `db` ran the heavy query, and the query's time. */
    const stall = async (db: PgliteClient) => {
      let longest = 0
      let last = performance.now()
      let running = true
      const tick = () => {
        const now = performance.now()
        longest = Math.max(longest, now - last)
        last = now
        if (running) setTimeout(tick, 1)
      }
      setTimeout(tick, 1)
      const started = performance.now()
      const { rows } = await db.query<{ n: unknown }>(heavy)
      const took = performance.now() - started
      running = false
      // The stretch up to the query's end counts too (in process, no timer ran before it).
      longest = Math.max(longest, performance.now() - last)
      expect(Number(rows[0]!.n)).toBe(142857)
      return { longest, took }
    }
    const inProcess = await stall(main)
    const offThread = await stall(worker)
    // In process one query is one synchronous stretch of WebAssembly: nothing else runs meanwhile.
    expect(inProcess.longest).toBeGreaterThan(inProcess.took * 0.7)
    expect(offThread.longest).toBeLessThan(Math.max(offThread.took * 0.3, 50))
  }, 60_000)

  it('reports its memory: the WebAssembly pages of PostgreSQL and the heap of its own thread', async () => {
    const [fromWorker, inProcess] = [await worker.memory(), await main.memory()]
    for (const m of [fromWorker, inProcess]) {
      expect(m.wasmBytes).toBeGreaterThan(16 * 1024 * 1024)
      expect(m.wasmBytes % 65536).toBe(0)
      expect(m.rssBytes).toBeGreaterThan(m.wasmBytes)
    }
    expect(fromWorker.thread).toBe('worker')
    expect(inProcess.thread).toBe('main')
    // The worker's heap is its own, far smaller than the heap of this thread (vitest, viem, …).
    expect(fromWorker.heapBytes).toBeGreaterThan(0)
    expect(fromWorker.heapBytes).toBeLessThan(inProcess.heapBytes)
  })

  it('closed, its thread has ended and every query after fails as an unreachable database (503 from the storage)', async () => {
    const before = pgliteWorkerThreads()
    const storage = await openStorage({})
    expect(pgliteWorkerThreads()).toBe(before + 1)
    await storage.ping()
    await storage.close()
    expect(pgliteWorkerThreads()).toBe(before)
    const error = await storage.ping().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    // The client reads that it may retry; the log gets what happened.
    expect(error).toMatchObject({ status: 503, message: 'The database is unavailable; retry shortly', detail: expect.stringMatching(/^PGlite's worker thread stopped/) })
    await expect(storage.memory!()).rejects.toMatchObject({ status: 503 })
  }, 60_000)
})

describe('a gateway over PGlite', () => {
  it('runs PGlite on a thread of its own, reports its memory in /ready, and ends the thread when it stops', async () => {
    const before = pgliteWorkerThreads()
    const gateway = await startGateway({ chains: [], tokens: [], database: {} })
    try {
      expect(pgliteWorkerThreads()).toBe(before + 1)
      const ready = await call(gateway.url, 'GET', '/ready')
      expect(ready).toMatchObject({ status: 200, body: { ready: true, storage: 'pglite', storageMemory: { thread: 'worker' } } })
      const memory = (ready.body as { storageMemory: { wasmBytes: number; heapBytes: number; rssBytes: number } }).storageMemory
      expect(memory.wasmBytes).toBeGreaterThan(16 * 1024 * 1024)
      expect(memory.rssBytes).toBeGreaterThan(memory.wasmBytes)
      // Writes and reads go through the thread.
      expect((await call(gateway.url, 'PUT', '/_control/names/thread.gangway', { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })).status).toBe(200)
      expect((await call(gateway.url, 'GET', '/_control/names/thread.gangway')).body).toMatchObject({ addresses: { 60: { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' } } })
    } finally {
      await gateway.stop()
    }
    expect(pgliteWorkerThreads()).toBe(before)
  }, 60_000)

  it("with pgliteThread 'main' keeps PGlite on the event loop, and says so", async () => {
    const before = pgliteWorkerThreads()
    const gateway = await startGateway({ chains: [], tokens: [], database: { pgliteThread: 'main' } })
    try {
      expect(pgliteWorkerThreads()).toBe(before)
      expect((await call(gateway.url, 'GET', '/ready')).body).toMatchObject({ storage: 'pglite', storageMemory: { thread: 'main' } })
    } finally {
      await gateway.stop()
    }
  }, 60_000)
})
