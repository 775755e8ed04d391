import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { HostedSession } from '../../src/core/domain/siwxSessions'
import type { AnalyticsRecord } from './control'
import { HttpError } from './validate'

/** A kept sign-in session: what is listed, plus whose it is and its nonce (unique per address). */
export type StoredSession = HostedSession & { address: `0x${string}`; nonce: string }

/** A name and the address it points at (for every EVM chain); times in seconds. */
export type NameRow = { name: string; address: `0x${string}`; registered: number; updated: number }

/** The retention cap of analytics: the most events, and the most bytes (as JSON) of them; the oldest go first. */
export type AnalyticsCaps = { maxEvents: number; maxBytes: number }

/**
 * Where the gateway keeps what outlives a request: names, sign-in sessions and analytics events. In memory (one
 * process, emptied by a restart) or in PostgreSQL (`sqlStorage`: PGlite on disk, or a server
 * shared by several gateway processes). Every method may reject with a 503 `HttpError` when the
 * database cannot be reached.
 */
export interface GatewayStorage {
  readonly kind: 'memory' | 'pglite' | 'postgres'
  names: {
    get(name: string): Promise<NameRow | null>
    byAddress(address: string): Promise<NameRow[]>
    /** Adds or replaces; a new name past `max` names is refused ('full'). */
    put(row: NameRow, max: number): Promise<'ok' | 'full'>
    /** Adds a name nobody holds: 'taken' when it exists (also when another gateway adds it at once), 'full' past `max`. */
    claim(row: NameRow, max: number): Promise<'ok' | 'taken' | 'full'>
    delete(name: string): Promise<void>
    count(): Promise<number>
  }
  sessions: {
    /** Adds a session; 'duplicate' when the address already used its nonce, 'full' past `max` (expired ones are dropped first). */
    insert(session: StoredSession, max: number, now: number): Promise<'ok' | 'duplicate' | 'full'>
    /** The address's sessions live at `now`, newest first. */
    list(address: string, now: number): Promise<StoredSession[]>
    get(address: string, id: string): Promise<StoredSession | null>
    delete(address: string, id: string): Promise<void>
    count(): Promise<number>
  }
  analytics: {
    /** Keeps `record` (`bytes` as JSON), then drops the oldest past `caps`; resolves how many it dropped. */
    add(record: AnalyticsRecord, bytes: number, caps: AnalyticsCaps): Promise<number>
    /** Oldest first. */
    list(): Promise<AnalyticsRecord[]>
    clear(): Promise<void>
    size(): Promise<{ events: number; bytes: number }>
  }
  /** Empties every table (the control's reset). */
  clear(): Promise<void>
  close(): Promise<void>
}

const live = (s: StoredSession, now: number) => s.expirationTime === null || Date.parse(s.expirationTime) > now

/** The storage of one process's memory (unit tests, the testing kit's default). */
export function memoryStorage(): GatewayStorage {
  let names = new Map<string, NameRow>()
  /** Oldest first. */
  let sessions: StoredSession[] = []
  let analytics: { record: AnalyticsRecord; bytes: number }[] = []
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  return {
    kind: 'memory',
    names: {
      get: async (name) => structuredClone(names.get(name) ?? null),
      byAddress: async (address) => [...names.values()].filter((r) => same(r.address, address)).map((r) => structuredClone(r)),
      async put(row, max) {
        if (!names.has(row.name) && names.size >= max) return 'full'
        names.set(row.name, { ...row })
        return 'ok'
      },
      async claim(row, max) {
        if (names.has(row.name)) return 'taken'
        if (names.size >= max) return 'full'
        names.set(row.name, { ...row })
        return 'ok'
      },
      async delete(name) {
        names.delete(name)
      },
      count: async () => names.size,
    },
    sessions: {
      async insert(session, max, now) {
        if (sessions.some((s) => same(s.address, session.address) && s.nonce === session.nonce)) return 'duplicate'
        if (sessions.length >= max) sessions = sessions.filter((s) => live(s, now))
        if (sessions.length >= max) return 'full'
        sessions.push({ ...session })
        return 'ok'
      },
      list: async (address, now) => sessions.filter((s) => same(s.address, address) && live(s, now)).reverse().map((s) => ({ ...s })),
      get: async (address, id) => {
        const found = sessions.find((s) => s.id === id && same(s.address, address))
        return found ? { ...found } : null
      },
      async delete(address, id) {
        sessions = sessions.filter((s) => !(s.id === id && same(s.address, address)))
      },
      count: async () => sessions.length,
    },
    analytics: {
      async add(record, bytes, caps) {
        analytics.push({ record: structuredClone(record), bytes })
        let total = analytics.reduce((sum, a) => sum + a.bytes, 0)
        let drop = 0
        while (analytics.length - drop > caps.maxEvents || total > caps.maxBytes) total -= analytics[drop++]!.bytes
        analytics.splice(0, drop)
        return drop
      },
      list: async () => analytics.map((a) => structuredClone(a.record)),
      async clear() {
        analytics = []
      },
      size: async () => ({ events: analytics.length, bytes: analytics.reduce((sum, a) => sum + a.bytes, 0) }),
    },
    async clear() {
      names = new Map()
      sessions = []
      analytics = []
    },
    async close() {},
  }
}

/** What `sqlStorage` runs queries with: a PGlite instance or a `pg` pool. */
export type SqlClient = {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>
  close(): Promise<void>
}

/** The schema, one step per entry; a database records how many steps it has run. */
const MIGRATIONS = [
  `CREATE TABLE gateway_names (
     name text PRIMARY KEY,
     address text NOT NULL,
     address_lower text NOT NULL,
     registered bigint NOT NULL,
     updated bigint NOT NULL
   );
   CREATE INDEX gateway_names_address ON gateway_names (address_lower);
   CREATE TABLE gateway_sessions (
     id text PRIMARY KEY,
     seq bigserial NOT NULL,
     address text NOT NULL,
     address_lower text NOT NULL,
     nonce text NOT NULL,
     chain_id text NOT NULL,
     domain text NOT NULL,
     uri text NOT NULL,
     issued_at text NOT NULL,
     expiration_time text,
     expires_at bigint,
     UNIQUE (address_lower, nonce)
   );
   CREATE INDEX gateway_sessions_address ON gateway_sessions (address_lower, seq);`,
  // The record as the JSON text received (jsonb would reorder its keys); bytes its size.
  `CREATE TABLE gateway_analytics (
     seq bigserial PRIMARY KEY,
     bytes integer NOT NULL,
     record text NOT NULL
   );`,
]

/** An arbitrary key of the advisory lock that keeps two gateways from migrating at once. */
const MIGRATION_LOCK = 727_100

/** Runs the steps the database has not run yet, one gateway at a time. */
export async function migrate(sql: SqlClient): Promise<void> {
  await sql.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
  try {
    await sql.query('CREATE TABLE IF NOT EXISTS gateway_migrations (step integer PRIMARY KEY)')
    const done = new Set((await sql.query<{ step: number }>('SELECT step FROM gateway_migrations')).rows.map((r) => Number(r.step)))
    for (const [i, step] of MIGRATIONS.entries()) {
      if (done.has(i)) continue
      await sql.query('BEGIN')
      try {
        for (const statement of step.split(';').map((s) => s.trim()).filter(Boolean)) await sql.query(statement)
        await sql.query('INSERT INTO gateway_migrations (step) VALUES ($1)', [i])
        await sql.query('COMMIT')
      } catch (error) {
        await sql.query('ROLLBACK')
        throw error
      }
    }
  } finally {
    await sql.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
  }
}

type SessionRow = {
  id: string
  address: string
  nonce: string
  chain_id: string
  domain: string
  uri: string
  issued_at: string
  expiration_time: string | null
}
type NameDbRow = { name: string; address: string; registered: string | number; updated: string | number }

const toSession = (r: SessionRow): StoredSession => ({
  id: r.id,
  address: r.address as `0x${string}`,
  nonce: r.nonce,
  chainId: r.chain_id,
  domain: r.domain,
  uri: r.uri,
  issuedAt: r.issued_at,
  expirationTime: r.expiration_time,
})
const toName = (r: NameDbRow): NameRow => ({ name: r.name, address: r.address as `0x${string}`, registered: Number(r.registered), updated: Number(r.updated) })

/** A unique constraint refused the row. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505'

/**
 * The storage over PostgreSQL (PGlite or a server), already migrated. A query that fails for
 * anything but the data (the server down, the connection lost) is a 503: the request can be
 * retried once the database is back, and nothing was half-written (each write is one statement).
 */
export function sqlStorage(sql: SqlClient, kind: 'pglite' | 'postgres'): GatewayStorage {
  const run = async <R,>(text: string, params: unknown[] = []): Promise<R[]> => {
    try {
      return (await sql.query<R>(text, params)).rows
    } catch (error) {
      if (isUniqueViolation(error)) throw error
      throw new HttpError(503, `The database is unavailable: ${(error as Error)?.message ?? String(error)}`, { 'retry-after': '1' })
    }
  }
  const count = async (table: 'gateway_names' | 'gateway_sessions') => Number((await run<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n ?? 0)
  return {
    kind,
    names: {
      get: async (name) => {
        const rows = await run<NameDbRow>('SELECT name, address, registered, updated FROM gateway_names WHERE name = $1', [name])
        return rows[0] ? toName(rows[0]) : null
      },
      byAddress: async (address) =>
        (await run<NameDbRow>('SELECT name, address, registered, updated FROM gateway_names WHERE address_lower = $1 ORDER BY name', [address.toLowerCase()])).map(toName),
      async put(row, max) {
        const updated = await run('UPDATE gateway_names SET address = $2, address_lower = $3, updated = $4 WHERE name = $1 RETURNING name', [
          row.name,
          row.address,
          row.address.toLowerCase(),
          row.updated,
        ])
        if (updated.length > 0) return 'ok'
        if ((await count('gateway_names')) >= max) return 'full'
        try {
          await run('INSERT INTO gateway_names (name, address, address_lower, registered, updated) VALUES ($1, $2, $3, $4, $5)', [
            row.name,
            row.address,
            row.address.toLowerCase(),
            row.registered,
            row.updated,
          ])
        } catch (error) {
          // Another gateway added it meanwhile: this one's write replaces it.
          if (!isUniqueViolation(error)) throw error
          await run('UPDATE gateway_names SET address = $2, address_lower = $3, updated = $4 WHERE name = $1', [row.name, row.address, row.address.toLowerCase(), row.updated])
        }
        return 'ok'
      },
      async claim(row, max) {
        if ((await count('gateway_names')) >= max) return (await run('SELECT 1 FROM gateway_names WHERE name = $1', [row.name])).length ? 'taken' : 'full'
        const added = await run(
          'INSERT INTO gateway_names (name, address, address_lower, registered, updated) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name) DO NOTHING RETURNING name',
          [row.name, row.address, row.address.toLowerCase(), row.registered, row.updated],
        )
        return added.length ? 'ok' : 'taken'
      },
      async delete(name) {
        await run('DELETE FROM gateway_names WHERE name = $1', [name])
      },
      count: () => count('gateway_names'),
    },
    sessions: {
      async insert(s, max, now) {
        if ((await count('gateway_sessions')) >= max) await run('DELETE FROM gateway_sessions WHERE expires_at IS NOT NULL AND expires_at <= $1', [now])
        if ((await count('gateway_sessions')) >= max) return 'full'
        try {
          await run(
            `INSERT INTO gateway_sessions (id, address, address_lower, nonce, chain_id, domain, uri, issued_at, expiration_time, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [s.id, s.address, s.address.toLowerCase(), s.nonce, s.chainId, s.domain, s.uri, s.issuedAt, s.expirationTime, s.expirationTime === null ? null : Date.parse(s.expirationTime)],
          )
          return 'ok'
        } catch (error) {
          if (isUniqueViolation(error)) return 'duplicate'
          throw error
        }
      },
      list: async (address, now) =>
        (
          await run<SessionRow>(
            `SELECT id, address, nonce, chain_id, domain, uri, issued_at, expiration_time FROM gateway_sessions
             WHERE address_lower = $1 AND (expires_at IS NULL OR expires_at > $2) ORDER BY seq DESC`,
            [address.toLowerCase(), now],
          )
        ).map(toSession),
      get: async (address, id) => {
        const rows = await run<SessionRow>(
          'SELECT id, address, nonce, chain_id, domain, uri, issued_at, expiration_time FROM gateway_sessions WHERE id = $1 AND address_lower = $2',
          [id, address.toLowerCase()],
        )
        return rows[0] ? toSession(rows[0]) : null
      },
      async delete(address, id) {
        await run('DELETE FROM gateway_sessions WHERE id = $1 AND address_lower = $2', [id, address.toLowerCase()])
      },
      count: () => count('gateway_sessions'),
    },
    analytics: {
      async add(record, bytes, caps) {
        await run('INSERT INTO gateway_analytics (bytes, record) VALUES ($1, $2)', [bytes, JSON.stringify(record)])
        // Newest first, the running count and size: past either cap, the older rows go.
        const dropped = await run(
          `DELETE FROM gateway_analytics WHERE seq IN (
             SELECT seq FROM (
               SELECT seq, row_number() OVER (ORDER BY seq DESC) AS n, sum(bytes) OVER (ORDER BY seq DESC) AS total FROM gateway_analytics
             ) ranked WHERE n > $1 OR total > $2
           ) RETURNING seq`,
          [caps.maxEvents, caps.maxBytes],
        )
        return dropped.length
      },
      list: async () => (await run<{ record: string }>('SELECT record FROM gateway_analytics ORDER BY seq')).map((r) => JSON.parse(r.record) as AnalyticsRecord),
      async clear() {
        await run('DELETE FROM gateway_analytics')
      },
      size: async () => {
        const [row] = await run<{ events: string; bytes: string | null }>('SELECT count(*) AS events, sum(bytes) AS bytes FROM gateway_analytics')
        return { events: Number(row?.events ?? 0), bytes: Number(row?.bytes ?? 0) }
      },
    },
    async clear() {
      await run('DELETE FROM gateway_sessions')
      await run('DELETE FROM gateway_names')
      await run('DELETE FROM gateway_analytics')
    },
    close: () => sql.close(),
  }
}

/**
 * Opens the gateway's database: a PostgreSQL server when `url` is given (`DATABASE_URL`), else
 * PGlite (PostgreSQL in WASM) in `dataDir`, or in memory without one. Both run the same SQL.
 *
 * @example
 * const storage = await openStorage({ url: process.env.DATABASE_URL, dataDir: '.cache/gateway-db' })
 */
export async function openStorage(options: { url?: string | undefined; dataDir?: string | undefined }): Promise<GatewayStorage> {
  if (options.url) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: options.url, max: 8, connectionTimeoutMillis: 5_000 })
    // An idle connection the server dropped must not crash the gateway; the next query reconnects.
    pool.on('error', () => {})
    try {
      // One connection for the migration: its lock and transaction are the connection's.
      const connection = await pool.connect()
      try {
        await migrate({ query: (text, params) => connection.query(text, params) as never, close: async () => {} })
      } finally {
        connection.release()
      }
    } catch (error) {
      await pool.end().catch(() => {})
      throw error
    }
    return sqlStorage({ query: (text, params) => pool.query(text, params) as never, close: () => pool.end() }, 'postgres')
  }
  const { PGlite } = await import('@electric-sql/pglite')
  // PGlite makes its own directory but not the ones above it (a fresh checkout has no .cache).
  if (options.dataDir !== undefined) mkdirSync(dirname(resolve(options.dataDir)), { recursive: true })
  const db = await PGlite.create(options.dataDir ?? 'memory://')
  const client: SqlClient = { query: (text, params) => db.query(text, params) as never, close: () => db.close() }
  try {
    await migrate(client)
  } catch (error) {
    await db.close().catch(() => {})
    throw error
  }
  return sqlStorage(client, 'pglite')
}
