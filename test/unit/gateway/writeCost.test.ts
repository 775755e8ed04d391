import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsRecord } from '../../../dev/gateway/control'
import { migrate, sqlStorage, type GatewayStorage, type NameRow, type SqlClient, type StoredSession } from '../../../dev/gateway/storage'

// What one write costs the database must not grow with the rows kept (issue #30 measured 736
// analytics events/s on an empty table and 200/s at 10,000 rows: every add counted and ranked the
// whole table; a registration and a sign-in counted theirs too). Not timed: each statement a
// write issues is also run under EXPLAIN ANALYZE (rolled back) and the rows it read from the
// gateway's tables are summed.

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] }

const TABLES = new Set(['gateway_analytics', 'gateway_names', 'gateway_sessions'])

/** Rows a plan read from the gateway's tables: what its scans of them returned and filtered out (not the rows it wrote). */
function rowsRead(node: PlanNode): number {
  const own = TABLES.has(node['Relation Name'] ?? '') && node['Node Type'].endsWith('Scan') ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1) : 0
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0)
}

let db: PGlite
let storage: GatewayStorage
/** While set, the rows each statement reads are added to it. */
let meter: { statements: number; rows: number } | null = null

beforeAll(async () => {
  db = await PGlite.create('memory://')
  const client: SqlClient = {
    async query(text, params) {
      if (meter && !/^\s*(BEGIN|COMMIT|ROLLBACK)/.test(text)) {
        await db.query('BEGIN')
        try {
          const [row] = (await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params)).rows
          meter.statements++
          meter.rows += rowsRead(row!['QUERY PLAN'][0]!.Plan)
        } finally {
          await db.query('ROLLBACK')
        }
      }
      return db.query(text, params) as never
    },
    close: () => db.close(),
  }
  await migrate(client)
  storage = sqlStorage(client, 'pglite')
}, 60_000)
afterAll(() => storage?.close())

const record = (id: string): AnalyticsRecord => ({ receivedAt: 1, query: { projectId: 'p', st: null, sv: null }, origin: null, body: { eventId: id, props: {} } })

/** `n` events of `bytes` each already kept, written straight into the table and its totals. */
async function fill(n: number, bytes: number): Promise<void> {
  await storage.analytics.clear()
  await db.query(`INSERT INTO gateway_analytics (bytes, record, event_id) SELECT $2, '{}', 'fill-' || g FROM generate_series(1, $1::integer) g`, [n, bytes])
  await db.query('UPDATE gateway_analytics_totals SET events = events + $1, bytes = bytes + $1 * $2', [n, bytes])
}

/** The most rows of the tables any one of `times` calls of `write` read, and the most statements it issued. */
async function worstOf(times: number, write: (i: number) => Promise<unknown>) {
  let worst = { statements: 0, rows: 0 }
  for (let i = 0; i < times; i++) {
    meter = { statements: 0, rows: 0 }
    await write(i)
    worst = { statements: Math.max(worst.statements, meter.statements), rows: Math.max(worst.rows, meter.rows) }
    meter = null
  }
  return worst
}
const costOf = (events: number, caps: { maxEvents: number; maxBytes: number }, bytes = 10) => worstOf(events, () => storage.analytics.add(record(`e-${Math.random()}`), bytes, caps))

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const name = (label: string): NameRow => ({ name: `${label}.gangway`, address: ADDRESS, registered: 1, updated: 1, attributes: {} })
const session = (id: string): StoredSession => ({ id, address: ADDRESS, nonce: id, chainId: 'eip155:31337', domain: 'app.example', uri: 'https://app.example', issuedAt: '2026-01-01T00:00:00.000Z', expirationTime: null })

/** `n` names and `n` sessions (of other addresses) already kept, written through the storage. */
async function fillNamesAndSessions(n: number): Promise<void> {
  await storage.clear()
  for (let i = 0; i < n; i++) {
    await storage.names.claim({ ...name(`fill-${i}`), address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, 1e9)
    await storage.sessions.insert({ ...session(`fill-${i}`), address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, 1e9, 0)
  }
}

/** What a registration, a retried one, a sign-in, a retried one, a revocation and the counts read. */
async function nameAndSessionCosts() {
  const tag = Math.random().toString(36).slice(2, 8)
  return {
    claim: await worstOf(3, (i) => storage.names.claim(name(`new-${tag}-${i}`), 1e9)),
    retriedClaim: await worstOf(3, (i) => storage.names.claim(name(`new-${tag}-${i}`), 1e9)),
    insert: await worstOf(3, (i) => storage.sessions.insert(session(`${tag}-${i}`), 1e9, 0)),
    retriedInsert: await worstOf(3, (i) => storage.sessions.insert(session(`${tag}-${i}`), 1e9, 0)),
    revoke: await worstOf(3, (i) => storage.sessions.delete(ADDRESS, `${tag}-${i}`)),
    counts: await worstOf(1, async () => [await storage.names.count(), await storage.sessions.count()]),
  }
}

describe('name and session cost per write', () => {
  it('registering a name, signing in and revoking issue the same statements with 20 of each kept as with 600, each reading at most 2 rows', async () => {
    await fillNamesAndSessions(20)
    const small = await nameAndSessionCosts()
    await fillNamesAndSessions(600)
    const large = await nameAndSessionCosts()
    // The same statements, reading at most the row they write (with 20 rows kept the planner may
    // scan the small table instead of its index).
    for (const [write, cost] of Object.entries(large)) {
      expect(cost.statements, write).toBe(small[write as keyof typeof small].statements)
      expect(cost.rows, write).toBeLessThanOrEqual(2)
    }
    // The running counts are the tables'.
    const [row] = (await db.query<{ names: number; live: number }>('SELECT (SELECT count(*)::int FROM gateway_names) AS names, (SELECT count(*)::int FROM gateway_sessions WHERE NOT revoked) AS live')).rows
    expect({ names: await storage.names.count(), live: await storage.sessions.count() }).toEqual(row)
    expect(row).toEqual({ names: 603, live: 600 })
  })
})

describe('the sessions cap', () => {
  it('drops the expired sessions along their index: with 10,000 live ones kept, a sign-in at the cap reads about the 5 expired ones', async () => {
    await storage.clear()
    // 10,000 live sessions of another address, written straight into the table and its counts.
    await db.query(
      `INSERT INTO gateway_sessions (id, address, address_lower, nonce, chain_id, domain, uri, issued_at, expiration_time, expires_at)
       SELECT 'live-' || g, $2, lower($2), 'live-' || g, 'eip155:31337', 'app.example', 'https://app.example', '2026-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', 32472144000000
       FROM generate_series(1, $1::integer) g`,
      [10_000, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    )
    await db.query(`UPDATE gateway_counts SET n = n + 10000 WHERE name IN ('sessions', 'live_sessions')`)
    for (let i = 0; i < 5; i++) await storage.sessions.insert({ ...session(`old-${i}`), expirationTime: '2001-01-01T00:00:00.000Z' }, 1e9, 0)
    const cost = await worstOf(1, () => storage.sessions.insert(session('at-cap'), 10_005, Date.parse('2026-06-01T00:00:00.000Z')))
    // The expired ones went, the new one came in, and the live ones stayed.
    expect(await storage.sessions.count()).toBe(10_001)
    expect((await storage.sessions.list(ADDRESS, 0)).map((s) => s.id)).toEqual(['at-cap'])
    // Each expired session is found along the index and deleted by its key; no live one is read.
    expect(cost.rows).toBeLessThanOrEqual(5 * 2 + 2)
  })
})

describe('analytics cost per event', () => {
  it('at the event cap: the same rows read with 50 events kept as with 3,000', async () => {
    await fill(50, 10)
    const small = await costOf(5, { maxEvents: 50, maxBytes: 1e9 })
    await fill(3000, 10)
    const large = await costOf(5, { maxEvents: 3000, maxBytes: 1e9 })
    expect(await storage.analytics.size()).toEqual({ events: 3000, bytes: 30_000 })
    // Each add drops the one oldest event; it reads it and nothing else of the table.
    expect(large).toEqual(small)
    expect(large.rows).toBeLessThanOrEqual(2)
    expect(large.statements).toBe(2)
  })

  it('under the caps: one statement, no rows read, whatever the table holds', async () => {
    await fill(3000, 10)
    expect(await costOf(5, { maxEvents: 10_000, maxBytes: 1e9 })).toEqual({ statements: 1, rows: 0 })
  })

  it('at the byte cap: the rows read are about those dropped, the same with 300 events kept as with 3,000', async () => {
    // The table holds its byte cap in events of 10 bytes; an event of 45 bytes drops the 4 or 5 oldest.
    await fill(300, 10)
    const small = await costOf(3, { maxEvents: 10_000, maxBytes: 3000 }, 45)
    await fill(3000, 10)
    const large = await costOf(3, { maxEvents: 10_000, maxBytes: 30_000 }, 45)
    expect(large).toEqual(small)
    expect(large.rows).toBeLessThanOrEqual(16)
    const size = await storage.analytics.size()
    expect(size.bytes).toBeLessThanOrEqual(30_000)
    expect(size.bytes).toBeGreaterThan(30_000 - 45)
    // The running totals are the table's.
    const [row] = (await db.query<{ events: number; bytes: number }>('SELECT count(*)::int AS events, coalesce(sum(bytes), 0)::int AS bytes FROM gateway_analytics')).rows
    expect(size).toEqual(row)
  })
})
