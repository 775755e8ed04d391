import type { HostedSession } from '../../src/core/domain/siwxSessions'
import type { AnalyticsRecord } from './control'
import type { PgliteMemory, PgliteThread } from './pgliteWorker'
import { HttpError } from './validate'

/** A kept sign-in session: what is listed, plus whose it is (an EVM or Solana address) and its nonce (unique per address). */
export type StoredSession = HostedSession & { address: string; nonce: string }

/**
 * How sessions are looked up by address: an EVM address in lower case (its case is only a
 * checksum), a Solana address as it is (base58 is case-sensitive: another case is another key).
 * No base58 address starts with `0x` (`0` is not in its alphabet).
 */
export const sessionKey = (address: string): string => (address.startsWith('0x') ? address.toLowerCase() : address)

/**
 * A name and the address it points at (for every EVM chain); times in seconds. `attributes` are
 * the profile's text records (an `avatar` URL, …), as the registration or the control set them.
 */
export type NameRow = { name: string; address: `0x${string}`; registered: number; updated: number; attributes: Record<string, string> }

/** The retention cap of analytics: the most events, and the most bytes (as JSON) of them; the oldest go first. */
export type AnalyticsCaps = { maxEvents: number; maxBytes: number }

/** What JSON holds. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

/** Where the transaction index of one chain stands. */
export type IndexCursor = {
  /** Counts the drops of this chain's index: a save or drop meant for an older one is refused. */
  generation: number
  /** The next block to read. */
  next: number
  /** The hash of block `next - 1` (null at block 0): another hash there means the chain was restarted or reorganised. */
  tipHash: `0x${string}` | null
}

/** One mined transaction in the index of its chain. */
export type IndexedTxRow = {
  chainId: number
  blockNumber: number
  txIndex: number
  hash: `0x${string}`
  /** The block's time, seconds. */
  timestamp: number
  /** The lower-case addresses it concerns. */
  addresses: string[]
  /** What the indexer keeps of it (bigints as decimal strings). */
  tx: JsonValue
}

/** A place in history's order: newest first by time, then chain id, block and index in the block. */
export type IndexKey = readonly [timestamp: number, chainId: number, blockNumber: number, txIndex: number]

/**
 * Where the gateway keeps what outlives a request: names, sign-in sessions, analytics events and
 * the transaction index of the EVM chains. In memory (one
 * process, emptied by a restart) or in PostgreSQL (`sqlStorage`: PGlite on disk, or a server
 * shared by several gateway processes). Every method may reject with a 503 `HttpError` when the
 * database cannot be reached.
 */
export interface GatewayStorage {
  readonly kind: 'memory' | 'pglite' | 'postgres'
  /** Resolves once the storage answers a trivial query; a 503 `HttpError` while it cannot be reached. */
  ping(): Promise<void>
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
    /** The session the address signed in with `nonce`, if it is kept (a revoked one too, so marked). */
    byNonce(address: string, nonce: string): Promise<(StoredSession & { revoked: boolean }) | null>
    /** The address's sessions live at `now`, newest first. */
    list(address: string, now: number): Promise<StoredSession[]>
    /**
     * One page of `list`: at most `limit` sessions older than the place `before` (a `next` of an
     * earlier page; null for the newest), and `next`, where the following page starts (null at the
     * last). A session added meanwhile does not move the pages after it.
     */
    page(address: string, now: number, before: number | null, limit: number): Promise<{ sessions: StoredSession[]; next: number | null }>
    get(address: string, id: string): Promise<StoredSession | null>
    /**
     * Revokes a session: it is no longer listed or found by id, but its nonce stays used, so its
     * signed message cannot make a session again (an expired one is dropped at the cap, when the
     * message could not be used anyway).
     */
    delete(address: string, id: string): Promise<void>
    /** The sessions kept and not revoked. */
    count(): Promise<number>
  }
  analytics: {
    /**
     * Keeps `record` (`bytes` as JSON) unless an event with its `eventId` is kept already, then
     * drops the oldest past `caps`; resolves how many it dropped. Once the record is stored
     * nothing fails the call: a trim that cannot run now is left to the next add. Its cost does
     * not grow with the events kept: the count and size are running totals, and a trim reads
     * only the oldest rows it drops.
     */
    add(record: AnalyticsRecord, bytes: number, caps: AnalyticsCaps): Promise<number>
    /** Oldest first. */
    list(): Promise<AnalyticsRecord[]>
    clear(): Promise<void>
    /** The events kept and their bytes, from the running totals (no scan of the events). */
    size(): Promise<{ events: number; bytes: number }>
  }
  /**
   * The transaction history of the EVM chains, read from their blocks. Every change is made only
   * when the chain's cursor still is the one the caller read, so gateways indexing the same chain
   * at once never write a block twice nor move the cursor back.
   */
  index: {
    /** Where the index of `chainId` stands; a chain never indexed is at block 0 of generation 0. */
    cursor(chainId: number): Promise<IndexCursor>
    /**
     * Adds the transactions of blocks `from.next` to `to.next - 1` and moves the cursor to `to`,
     * all or nothing; 'stale', writing nothing, when the cursor is no longer `from` (another
     * gateway indexed these blocks or dropped the index meanwhile) or `to` is not ahead of it.
     */
    save(chainId: number, from: IndexCursor, to: { next: number; tipHash: `0x${string}` }, txs: readonly IndexedTxRow[]): Promise<'ok' | 'stale'>
    /** Forgets the index of `chainId` (its chain was restarted or reorganised) unless it was dropped since `seen` was read. */
    drop(chainId: number, seen: IndexCursor): Promise<void>
    /** The transactions concerning `address` on `chainIds`, newest first, only those after `before` in that order, at most `limit`. */
    transactions(address: string, chainIds: readonly number[], page?: { before?: IndexKey | null; limit?: number }): Promise<IndexedTxRow[]>
  }
  /** Empties every table of test state (the control's reset); the index, derived from the chains, stays. */
  clear(): Promise<void>
  /** What the database costs this process (PGlite only: a server's memory is its own). */
  memory?(): Promise<PgliteMemory>
  close(): Promise<void>
}

const live = (s: StoredSession, now: number) => s.expirationTime === null || Date.parse(s.expirationTime) > now

/** Whether history's order puts `tx` after `key` (newest first). */
const isBefore = (tx: IndexedTxRow, key: IndexKey) => {
  const own = [tx.timestamp, tx.chainId, tx.blockNumber, tx.txIndex]
  for (let i = 0; i < own.length; i++) if (own[i] !== key[i]) return own[i]! < key[i]!
  return false
}
const newestFirst = (a: IndexedTxRow, b: IndexedTxRow) => b.timestamp - a.timestamp || b.chainId - a.chainId || b.blockNumber - a.blockNumber || b.txIndex - a.txIndex

/** A batch that mixes chains or strays out of its blocks is a bug of the caller, refused before anything is written. */
function checkBatch(chainId: number, from: IndexCursor, to: { next: number }, txs: readonly IndexedTxRow[]): void {
  for (const tx of txs) {
    if (tx.chainId !== chainId || tx.blockNumber < from.next || tx.blockNumber >= to.next) {
      throw new Error(`Transaction ${tx.hash} (eip155:${tx.chainId}, block ${tx.blockNumber}) is not in blocks ${from.next} to ${to.next - 1} of eip155:${chainId}`)
    }
  }
}

/** The storage of one process's memory (unit tests, the testing kit's default). */
export function memoryStorage(): GatewayStorage {
  let names = new Map<string, NameRow>()
  /** Oldest first; `seq` numbers them in the order added, as the SQL table's column does. */
  let sessions: (StoredSession & { revoked?: true; seq: number })[] = []
  let sessionSeq = 0
  let analytics: { record: AnalyticsRecord; bytes: number }[] = []
  /** The running totals of `analytics`, and the event ids it holds. */
  let analyticsBytes = 0
  let analyticsIds = new Set<string>()
  const strip = ({ revoked: _, seq: __, ...session }: StoredSession & { revoked?: true; seq: number }): StoredSession => session
  const cursors = new Map<number, IndexCursor>()
  /** Per chain, the transactions of each address (lower-case), in block order. */
  const indexed = new Map<number, Map<string, IndexedTxRow[]>>()
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const sameAccount = (a: string, b: string) => sessionKey(a) === sessionKey(b)
  const cursorOf = (chainId: number): IndexCursor => cursors.get(chainId) ?? { generation: 0, next: 0, tipHash: null }
  return {
    kind: 'memory',
    ping: async () => {},
    names: {
      get: async (name) => structuredClone(names.get(name) ?? null),
      byAddress: async (address) => [...names.values()].filter((r) => same(r.address, address)).map((r) => structuredClone(r)),
      async put(row, max) {
        if (!names.has(row.name) && names.size >= max) return 'full'
        names.set(row.name, structuredClone(row))
        return 'ok'
      },
      async claim(row, max) {
        if (names.has(row.name)) return 'taken'
        if (names.size >= max) return 'full'
        names.set(row.name, structuredClone(row))
        return 'ok'
      },
      async delete(name) {
        names.delete(name)
      },
      count: async () => names.size,
    },
    sessions: {
      async insert(session, max, now) {
        if (sessions.some((s) => sameAccount(s.address, session.address) && s.nonce === session.nonce)) return 'duplicate'
        if (sessions.length >= max) sessions = sessions.filter((s) => live(s, now))
        if (sessions.length >= max) return 'full'
        sessions.push({ ...session, seq: ++sessionSeq })
        return 'ok'
      },
      byNonce: async (address, nonce) => {
        const found = sessions.find((s) => sameAccount(s.address, address) && s.nonce === nonce)
        return found ? { ...strip(found), revoked: !!found.revoked } : null
      },
      list: async (address, now) =>
        sessions
          .filter((s) => sameAccount(s.address, address) && live(s, now) && !s.revoked)
          .reverse()
          .map(strip),
      page: async (address, now, before, limit) => {
        const found = sessions.filter((s) => sameAccount(s.address, address) && live(s, now) && !s.revoked && (before === null || s.seq < before)).reverse()
        const kept = found.slice(0, limit)
        return { sessions: kept.map(strip), next: found.length > limit ? kept[kept.length - 1]!.seq : null }
      },
      get: async (address, id) => {
        const found = sessions.find((s) => s.id === id && sameAccount(s.address, address) && !s.revoked)
        return found ? strip(found) : null
      },
      async delete(address, id) {
        sessions = sessions.map((s) => (s.id === id && sameAccount(s.address, address) ? { ...s, revoked: true } : s))
      },
      count: async () => sessions.filter((s) => !s.revoked).length,
    },
    analytics: {
      async add(record, bytes, caps) {
        const id = eventIdOf(record)
        if (id !== null && analyticsIds.has(id)) return 0
        if (id !== null) analyticsIds.add(id)
        analytics.push({ record: structuredClone(record), bytes })
        analyticsBytes += bytes
        let drop = 0
        while (analytics.length - drop > caps.maxEvents || analyticsBytes > caps.maxBytes) {
          const gone = analytics[drop++]!
          analyticsBytes -= gone.bytes
          const goneId = eventIdOf(gone.record)
          if (goneId !== null) analyticsIds.delete(goneId)
        }
        analytics.splice(0, drop)
        return drop
      },
      list: async () => analytics.map((a) => structuredClone(a.record)),
      async clear() {
        analytics = []
        analyticsBytes = 0
        analyticsIds = new Set()
      },
      size: async () => ({ events: analytics.length, bytes: analyticsBytes }),
    },
    index: {
      cursor: async (chainId) => ({ ...cursorOf(chainId) }),
      async save(chainId, from, to, txs) {
        checkBatch(chainId, from, to, txs)
        // The checks of the SQL table, made before anything changes so a refused batch leaves nothing behind.
        for (const tx of txs) {
          if (!Number.isSafeInteger(tx.blockNumber) || !Number.isSafeInteger(tx.txIndex) || tx.txIndex < 0 || !Number.isSafeInteger(tx.timestamp)) {
            throw new Error(`Transaction ${tx.hash} has an invalid position or time`)
          }
        }
        const current = cursorOf(chainId)
        if (current.generation !== from.generation || current.next !== from.next || current.tipHash !== from.tipHash || to.next <= current.next) return 'stale'
        let byAddress = indexed.get(chainId)
        if (!byAddress) indexed.set(chainId, (byAddress = new Map()))
        for (const tx of txs) {
          const kept = structuredClone(tx)
          for (const address of new Set(tx.addresses.map((a) => a.toLowerCase()))) {
            let list = byAddress.get(address)
            if (!list) byAddress.set(address, (list = []))
            list.push(kept)
          }
        }
        cursors.set(chainId, { generation: current.generation, next: to.next, tipHash: to.tipHash })
        return 'ok'
      },
      async drop(chainId, seen) {
        const current = cursorOf(chainId)
        if (current.generation !== seen.generation) return
        cursors.set(chainId, { generation: current.generation + 1, next: 0, tipHash: null })
        indexed.delete(chainId)
      },
      async transactions(address, chainIds, page = {}) {
        const who = address.toLowerCase()
        const found = [...new Set(chainIds)].flatMap((chainId) => indexed.get(chainId)?.get(who) ?? [])
        const before = page.before ?? null
        return found
          .filter((tx) => before === null || isBefore(tx, before))
          .sort(newestFirst)
          .slice(0, page.limit ?? found.length)
          .map((tx) => structuredClone(tx))
      },
    },
    async clear() {
      names = new Map()
      sessions = []
      analytics = []
      analyticsBytes = 0
      analyticsIds = new Set()
    },
    async close() {},
  }
}

/** What `sqlStorage` runs queries with: a PGlite instance or a `pg` pool. */
export type SqlClient = {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>
  memory?(): Promise<PgliteMemory>
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
  // The transaction index: per chain its cursor, and the transactions of each generation (a drop
  // starts a new one; rows of an older one are never read). The key keeps a block from being
  // written twice; tx is the JSON the indexer keeps; GIN finds an address's rows.
  `CREATE TABLE gateway_index_cursors (
     chain_id bigint PRIMARY KEY,
     generation integer NOT NULL,
     next_block bigint NOT NULL CHECK (next_block >= 0),
     tip_hash text
   );
   CREATE TABLE gateway_index_txs (
     chain_id bigint NOT NULL,
     generation integer NOT NULL,
     block_number bigint NOT NULL CHECK (block_number >= 0),
     tx_index integer NOT NULL CHECK (tx_index >= 0),
     hash text NOT NULL,
     mined_at bigint NOT NULL,
     addresses text[] NOT NULL,
     tx text NOT NULL,
     PRIMARY KEY (chain_id, generation, block_number, tx_index)
   );
   CREATE INDEX gateway_index_txs_addresses ON gateway_index_txs USING gin (addresses);`,
  // A client's retry of an analytics event is kept once: its eventId is unique (NULLs are distinct).
  `ALTER TABLE gateway_analytics ADD COLUMN event_id text;
   CREATE UNIQUE INDEX gateway_analytics_event ON gateway_analytics (event_id);`,
  // A revoked session stays as a mark, so its signed message cannot make a session again.
  `ALTER TABLE gateway_sessions ADD COLUMN revoked boolean NOT NULL DEFAULT false;`,
  // A name's text records (its avatar, …), as the JSON object they were set as.
  `ALTER TABLE gateway_names ADD COLUMN attributes text NOT NULL DEFAULT '{}';`,
  // The running totals of the analytics events kept (one row), changed in the statement that adds
  // or drops events, so neither an add nor its trim counts the table.
  `CREATE TABLE gateway_analytics_totals (
     one boolean PRIMARY KEY DEFAULT true CHECK (one),
     events bigint NOT NULL,
     bytes bigint NOT NULL
   );
   INSERT INTO gateway_analytics_totals (one, events, bytes) SELECT true, count(*), coalesce(sum(bytes), 0) FROM gateway_analytics;`,
  // Running counts of names and sessions (all rows, for the cap, and those not revoked), changed in
  // the statements that add or remove rows, so no write counts a table.
  `CREATE TABLE gateway_counts (
     name text PRIMARY KEY,
     n bigint NOT NULL
   );
   INSERT INTO gateway_counts (name, n) SELECT 'names', count(*) FROM gateway_names;
   INSERT INTO gateway_counts (name, n) SELECT 'sessions', count(*) FROM gateway_sessions;
   INSERT INTO gateway_counts (name, n) SELECT 'live_sessions', count(*) FROM gateway_sessions WHERE NOT revoked;`,
  // At the sessions' cap the expired ones are dropped: found along this index, not by reading the table.
  `CREATE INDEX gateway_sessions_expires ON gateway_sessions (expires_at) WHERE expires_at IS NOT NULL;`,
]

/** The most expired sessions one statement deletes at the sessions' cap (more run again). */
const EXPIRED_BATCH = 256

/** The most of the oldest analytics rows one trim statement reads (a trim past it runs again). */
const TRIM_BATCH = 256

/** An arbitrary key of the advisory lock that keeps two gateways from migrating at once. */
const MIGRATION_LOCK = 727_100

/** A schema: its steps, and the table recording how many of them a database has run. */
export type Schema = { table: string; steps: readonly string[] }

const GATEWAY_SCHEMA: Schema = { table: 'gateway_migrations', steps: MIGRATIONS }

/** Runs the steps of `schema` (the gateway's by default) the database has not run yet, one process at a time. */
export async function migrate(sql: SqlClient, schema: Schema = GATEWAY_SCHEMA): Promise<void> {
  await sql.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
  try {
    await sql.query(`CREATE TABLE IF NOT EXISTS ${schema.table} (step integer PRIMARY KEY)`)
    const done = new Set((await sql.query<{ step: number }>(`SELECT step FROM ${schema.table}`)).rows.map((r) => Number(r.step)))
    for (const [i, step] of schema.steps.entries()) {
      if (done.has(i)) continue
      await sql.query('BEGIN')
      try {
        for (const statement of step.split(';').map((s) => s.trim()).filter(Boolean)) await sql.query(statement)
        await sql.query(`INSERT INTO ${schema.table} (step) VALUES ($1)`, [i])
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
type NameDbRow = { name: string; address: string; registered: string | number; updated: string | number; attributes: string }
type IndexedTxDbRow = {
  chain_id: string | number
  block_number: string | number
  tx_index: number
  hash: string
  mined_at: string | number
  addresses: string[]
  tx: string
}

// gateway_sessions.address_lower holds sessionKey(address): lower case for an EVM address, a
// Solana address as it is (the column's name is from when sessions were EVM only).
const toSession = (r: SessionRow): StoredSession => ({
  id: r.id,
  address: r.address,
  nonce: r.nonce,
  chainId: r.chain_id,
  domain: r.domain,
  uri: r.uri,
  issuedAt: r.issued_at,
  expirationTime: r.expiration_time,
})
const toName = (r: NameDbRow): NameRow => ({
  name: r.name,
  address: r.address as `0x${string}`,
  registered: Number(r.registered),
  updated: Number(r.updated),
  attributes: JSON.parse(r.attributes) as Record<string, string>,
})
const NAME_COLUMNS = 'name, address, registered, updated, attributes'
const toIndexedTx = (r: IndexedTxDbRow): IndexedTxRow => ({
  chainId: Number(r.chain_id),
  blockNumber: Number(r.block_number),
  txIndex: Number(r.tx_index),
  hash: r.hash as `0x${string}`,
  timestamp: Number(r.mined_at),
  addresses: r.addresses,
  tx: JSON.parse(r.tx) as JsonValue,
})

/** A unique constraint refused the row. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505'

/** An analytics event's id, as the modal's client sends it (`body.eventId`), if it has one. */
function eventIdOf(record: AnalyticsRecord): string | null {
  const id = (record.body as { eventId?: unknown } | undefined)?.eventId
  return typeof id === 'string' && id !== '' ? id : null
}
/** The data was refused (SQLSTATE classes 22, data exception, and 23, integrity constraint violation), not the database lost. */
export const isDataError = (error: unknown) => /^2[23]/.test(String((error as { code?: unknown })?.code ?? ''))

/**
 * The storage over PostgreSQL (PGlite or a server), already migrated. A query that fails for
 * anything but the data (the server down, the connection lost) is a 503: the request can be
 * retried once the database is back, and nothing was half-written (each write is one statement).
 */
export function sqlStorage(sql: SqlClient, kind: 'pglite' | 'postgres'): GatewayStorage {
  // The driver's text (it may name the server's host and port) is for the log, not the client.
  const unavailable = (error: unknown) =>
    isDataError(error) ? error : new HttpError(503, 'The database is unavailable; retry shortly', { 'retry-after': '1' }, undefined, (error as Error)?.message ?? String(error))
  const run = async <R,>(text: string, params: unknown[] = []): Promise<R[]> => {
    try {
      return (await sql.query<R>(text, params)).rows
    } catch (error) {
      throw unavailable(error)
    }
  }
  const memory = sql.memory?.bind(sql)
  /** A running count (gateway_counts): 'names', 'sessions' (revoked ones too) or 'live_sessions'. */
  const count = async (name: 'names' | 'sessions' | 'live_sessions') => Number((await run<{ n: string }>('SELECT n FROM gateway_counts WHERE name = $1', [name]))[0]?.n ?? 0)
  /** Adds a name unless it exists, counting it in the same statement; whether it was added. */
  const insertName = async (row: NameRow) =>
    Number(
      (
        await run<{ added: string }>(
          `WITH added AS (
             INSERT INTO gateway_names (name, address, address_lower, registered, updated, attributes) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING 1
           )
           UPDATE gateway_counts SET n = n + (SELECT count(*) FROM added) WHERE name = 'names' RETURNING (SELECT count(*) FROM added) AS added`,
          [row.name, row.address, row.address.toLowerCase(), row.registered, row.updated, JSON.stringify(row.attributes)],
        )
      )[0]?.added ?? 0,
    ) > 0
  /** Deletes the sessions `where` picks, taking them off the counts in the same statement; resolves with how many went. */
  const deleteSessions = async (where: string, params: unknown[] = []) =>
    Number(
      (
        await run<{ gone: string }>(
          `WITH gone AS (DELETE FROM gateway_sessions ${where} RETURNING revoked)
           UPDATE gateway_counts SET n = n - CASE name WHEN 'sessions' THEN (SELECT count(*) FROM gone) ELSE (SELECT count(*) FROM gone WHERE NOT revoked) END
           WHERE name IN ('sessions', 'live_sessions') RETURNING (SELECT count(*) FROM gone) AS gone`,
          params,
        )
      )[0]?.gone ?? 0,
    )
  /**
   * Deletes every expired session, in batches taken along the expiry index and deleted by key: what
   * a batch reads is what it deletes, however many live sessions are kept (a table of a few
   * thousand rows may still be read whole: the planner finds that cheaper).
   */
  const deleteExpiredSessions = async (now: number) => {
    const batch = `WHERE id = ANY(ARRAY(SELECT id FROM gateway_sessions WHERE expires_at IS NOT NULL AND expires_at <= $1 ORDER BY expires_at LIMIT ${EXPIRED_BATCH}))`
    while ((await deleteSessions(batch, [now])) === EXPIRED_BATCH);
  }
  /** Empties the analytics and takes what it deleted off the totals, in one statement (an add racing it stays counted). */
  const clearAnalytics = async () => {
    await run(
      `WITH gone AS (DELETE FROM gateway_analytics RETURNING bytes)
       UPDATE gateway_analytics_totals t SET events = t.events - (SELECT count(*) FROM gone), bytes = t.bytes - (SELECT coalesce(sum(bytes), 0) FROM gone)`,
    )
  }
  return {
    kind,
    async ping() {
      await run('SELECT 1')
    },
    names: {
      get: async (name) => {
        const rows = await run<NameDbRow>(`SELECT ${NAME_COLUMNS} FROM gateway_names WHERE name = $1`, [name])
        return rows[0] ? toName(rows[0]) : null
      },
      byAddress: async (address) =>
        (await run<NameDbRow>(`SELECT ${NAME_COLUMNS} FROM gateway_names WHERE address_lower = $1 ORDER BY name`, [address.toLowerCase()])).map(toName),
      async put(row, max) {
        const update = () =>
          run('UPDATE gateway_names SET address = $2, address_lower = $3, updated = $4, attributes = $5 WHERE name = $1 RETURNING name', [
            row.name,
            row.address,
            row.address.toLowerCase(),
            row.updated,
            JSON.stringify(row.attributes),
          ])
        if ((await update()).length > 0) return 'ok'
        if ((await count('names')) >= max) return 'full'
        // Another gateway added it meanwhile: this one's write replaces it.
        if (!(await insertName(row))) await update()
        return 'ok'
      },
      async claim(row, max) {
        if ((await count('names')) >= max) return (await run('SELECT 1 FROM gateway_names WHERE name = $1', [row.name])).length ? 'taken' : 'full'
        return (await insertName(row)) ? 'ok' : 'taken'
      },
      async delete(name) {
        await run(`WITH gone AS (DELETE FROM gateway_names WHERE name = $1 RETURNING 1) UPDATE gateway_counts SET n = n - (SELECT count(*) FROM gone) WHERE name = 'names'`, [name])
      },
      count: () => count('names'),
    },
    sessions: {
      async insert(s, max, now) {
        if ((await count('sessions')) >= max) await deleteExpiredSessions(now)
        if ((await count('sessions')) >= max) return 'full'
        // The session and the counts in one statement; a nonce the address used before adds nothing.
        const [result] = await run<{ added: string }>(
          `WITH added AS (
             INSERT INTO gateway_sessions (id, address, address_lower, nonce, chain_id, domain, uri, issued_at, expiration_time, expires_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING 1
           )
           UPDATE gateway_counts SET n = n + (SELECT count(*) FROM added) WHERE name IN ('sessions', 'live_sessions') RETURNING (SELECT count(*) FROM added) AS added`,
          [s.id, s.address, sessionKey(s.address), s.nonce, s.chainId, s.domain, s.uri, s.issuedAt, s.expirationTime, s.expirationTime === null ? null : Date.parse(s.expirationTime)],
        )
        return Number(result?.added ?? 0) > 0 ? 'ok' : 'duplicate'
      },
      byNonce: async (address, nonce) => {
        const rows = await run<SessionRow & { revoked: boolean }>(
          'SELECT id, address, nonce, chain_id, domain, uri, issued_at, expiration_time, revoked FROM gateway_sessions WHERE address_lower = $1 AND nonce = $2',
          [sessionKey(address), nonce],
        )
        return rows[0] ? { ...toSession(rows[0]), revoked: rows[0].revoked === true } : null
      },
      list: async (address, now) =>
        (
          await run<SessionRow>(
            `SELECT id, address, nonce, chain_id, domain, uri, issued_at, expiration_time FROM gateway_sessions
             WHERE address_lower = $1 AND NOT revoked AND (expires_at IS NULL OR expires_at > $2) ORDER BY seq DESC`,
            [sessionKey(address), now],
          )
        ).map(toSession),
      async page(address, now, before, limit) {
        const rows = await run<SessionRow & { seq: string | number }>(
          `SELECT seq, id, address, nonce, chain_id, domain, uri, issued_at, expiration_time FROM gateway_sessions
           WHERE address_lower = $1 AND NOT revoked AND (expires_at IS NULL OR expires_at > $2) AND ($3::bigint IS NULL OR seq < $3::bigint)
           ORDER BY seq DESC LIMIT $4`,
          [sessionKey(address), now, before, limit + 1],
        )
        const kept = rows.slice(0, limit)
        return { sessions: kept.map(toSession), next: rows.length > limit ? Number(kept[kept.length - 1]!.seq) : null }
      },
      get: async (address, id) => {
        const rows = await run<SessionRow>(
          'SELECT id, address, nonce, chain_id, domain, uri, issued_at, expiration_time FROM gateway_sessions WHERE id = $1 AND address_lower = $2 AND NOT revoked',
          [id, sessionKey(address)],
        )
        return rows[0] ? toSession(rows[0]) : null
      },
      async delete(address, id) {
        await run(
          `WITH revoked AS (UPDATE gateway_sessions SET revoked = true WHERE id = $1 AND address_lower = $2 AND NOT revoked RETURNING 1)
           UPDATE gateway_counts SET n = n - (SELECT count(*) FROM revoked) WHERE name = 'live_sessions'`,
          [id, sessionKey(address)],
        )
      },
      count: () => count('live_sessions'),
    },
    analytics: {
      async add(record, bytes, caps) {
        // The event and the running totals in one statement: an event sent again (a client's
        // retry, by its eventId) is kept once and counted once.
        const [added] = await run<{ events: string | number; bytes: string | number }>(
          `WITH added AS (
             INSERT INTO gateway_analytics (bytes, record, event_id) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING RETURNING bytes
           )
           UPDATE gateway_analytics_totals t SET events = t.events + 1, bytes = t.bytes + added.bytes FROM added RETURNING t.events, t.bytes`,
          [bytes, JSON.stringify(record), eventIdOf(record)],
        )
        if (!added) return 0
        // Stored: a trim that fails now (the database went away) is the next add's.
        let totals = { events: Number(added.events), bytes: Number(added.bytes) }
        let dropped = 0
        // For the size, how many rows to read is not known: a few, then twice as many each time.
        let batch = 8
        try {
          while (totals.events > caps.maxEvents || totals.bytes > caps.maxBytes) {
            // The oldest rows while the count or the size is past its cap, read by the primary key
            // (only as many as the count needs, unless the size does), and the totals less them.
            const excessEvents = totals.events - caps.maxEvents
            const excessBytes = totals.bytes - caps.maxBytes
            const [trim] = await run<{ dropped: string | number; events: string | number; bytes: string | number }>(
              `WITH oldest AS (
                 SELECT seq, row_number() OVER (ORDER BY seq) AS n, sum(bytes) OVER (ORDER BY seq) - bytes AS before
                 FROM (SELECT seq, bytes FROM gateway_analytics ORDER BY seq LIMIT $3) o
               ), gone AS (
                 DELETE FROM gateway_analytics a USING oldest WHERE a.seq = oldest.seq AND (oldest.n <= $1 OR oldest.before < $2) RETURNING a.bytes
               )
               UPDATE gateway_analytics_totals t SET events = t.events - (SELECT count(*) FROM gone), bytes = t.bytes - (SELECT coalesce(sum(bytes), 0) FROM gone)
               RETURNING (SELECT count(*) FROM gone) AS dropped, t.events, t.bytes`,
              [excessEvents, excessBytes, Math.min(excessBytes > 0 ? Math.max(batch, excessEvents) : excessEvents, TRIM_BATCH)],
            )
            batch *= 2
            const gone = Number(trim?.dropped ?? 0)
            dropped += gone
            totals = { events: Number(trim?.events ?? 0), bytes: Number(trim?.bytes ?? 0) }
            // Another gateway trimmed the same rows meanwhile: its trim stands for this one.
            if (gone === 0) break
          }
        } catch {
          // Left to the next add.
        }
        return dropped
      },
      list: async () => (await run<{ record: string }>('SELECT record FROM gateway_analytics ORDER BY seq')).map((r) => JSON.parse(r.record) as AnalyticsRecord),
      clear: () => clearAnalytics(),
      size: async () => {
        const [row] = await run<{ events: string | number; bytes: string | number }>('SELECT events, bytes FROM gateway_analytics_totals')
        return { events: Number(row?.events ?? 0), bytes: Number(row?.bytes ?? 0) }
      },
    },
    index: {
      async cursor(chainId) {
        const [row] = await run<{ generation: number; next_block: string | number; tip_hash: string | null }>(
          'SELECT generation, next_block, tip_hash FROM gateway_index_cursors WHERE chain_id = $1',
          [chainId],
        )
        return row ? { generation: Number(row.generation), next: Number(row.next_block), tipHash: row.tip_hash as `0x${string}` | null } : { generation: 0, next: 0, tipHash: null }
      },
      async save(chainId, from, to, txs) {
        checkBatch(chainId, from, to, txs)
        // One statement, so one transaction, also over a pool: the cursor moves (or is created, at
        // a chain's first save) only when it still is `from`, and the rows go in only when it
        // moved. Two gateways saving at once: the second waits for the first's row lock (or its
        // insert of the cursor), then finds the cursor moved and writes nothing.
        const rows = txs.map((tx) => ({
          block_number: tx.blockNumber,
          tx_index: tx.txIndex,
          hash: tx.hash,
          mined_at: tx.timestamp,
          addresses: [...new Set(tx.addresses.map((a) => a.toLowerCase()))],
          tx: JSON.stringify(tx.tx),
        }))
        const [result] = await run<{ moved: string | number }>(
          `WITH updated AS (
             UPDATE gateway_index_cursors SET next_block = $5::bigint, tip_hash = $6::text
             WHERE chain_id = $1::bigint AND generation = $2::integer AND next_block = $3::bigint AND tip_hash IS NOT DISTINCT FROM $4::text AND next_block < $5::bigint
             RETURNING generation
           ), created AS (
             INSERT INTO gateway_index_cursors (chain_id, generation, next_block, tip_hash)
             SELECT $1::bigint, 0, $5::bigint, $6::text WHERE $2::integer = 0 AND $3::bigint = 0 AND $5::bigint > 0
             ON CONFLICT (chain_id) DO NOTHING
             RETURNING generation
           ), moved AS (
             SELECT generation FROM updated UNION ALL SELECT generation FROM created
           ), added AS (
             INSERT INTO gateway_index_txs (chain_id, generation, block_number, tx_index, hash, mined_at, addresses, tx)
             SELECT $1::bigint, moved.generation, t.block_number, t.tx_index, t.hash, t.mined_at, t.addresses, t.tx
             FROM moved, json_to_recordset($7::json) AS t(block_number bigint, tx_index integer, hash text, mined_at bigint, addresses text[], tx text)
             ON CONFLICT DO NOTHING
             RETURNING 1
           )
           SELECT (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM added) AS added`,
          [chainId, from.generation, from.next, from.tipHash, to.next, to.tipHash, JSON.stringify(rows)],
        )
        return Number(result?.moved ?? 0) > 0 ? 'ok' : 'stale'
      },
      async drop(chainId, seen) {
        // A new generation hides the old rows at once; the old rows are deleted in the same
        // statement (and any a racing save slipped in, by the next drop).
        await run(
          `WITH bumped AS (
             UPDATE gateway_index_cursors SET generation = generation + 1, next_block = 0, tip_hash = NULL
             WHERE chain_id = $1::bigint AND generation = $2::integer RETURNING generation
           )
           DELETE FROM gateway_index_txs t USING bumped WHERE t.chain_id = $1::bigint AND t.generation < bumped.generation`,
          [chainId, seen.generation],
        )
      },
      async transactions(address, chainIds, page = {}) {
        const before = page.before ?? null
        const rows = await run<IndexedTxDbRow>(
          `SELECT t.chain_id, t.block_number, t.tx_index, t.hash, t.mined_at, t.addresses, t.tx
           FROM gateway_index_txs t JOIN gateway_index_cursors c ON c.chain_id = t.chain_id AND c.generation = t.generation
           WHERE t.addresses @> ARRAY[$1::text] AND t.chain_id = ANY($2::bigint[])
             AND ($3::bigint IS NULL OR (t.mined_at, t.chain_id, t.block_number, t.tx_index) < ($3::bigint, $4::bigint, $5::bigint, $6::integer))
           ORDER BY t.mined_at DESC, t.chain_id DESC, t.block_number DESC, t.tx_index DESC
           LIMIT $7`,
          [address.toLowerCase(), [...chainIds], before?.[0] ?? null, before?.[1] ?? null, before?.[2] ?? null, before?.[3] ?? null, page.limit ?? null],
        )
        return rows.map(toIndexedTx)
      },
    },
    async clear() {
      await deleteSessions('')
      await run(`WITH gone AS (DELETE FROM gateway_names RETURNING 1) UPDATE gateway_counts SET n = n - (SELECT count(*) FROM gone) WHERE name = 'names'`)
      await clearAnalytics()
    },
    ...(memory ? { memory: () => memory().catch((error: unknown) => Promise.reject(unavailable(error))) } : {}),
    close: () => sql.close(),
  }
}

/**
 * Where the gateway's database is: a PostgreSQL server (`url`, `DATABASE_URL`), else PGlite
 * (PostgreSQL in WASM) in `dataDir`, or in memory without one, on its own worker thread unless
 * `pgliteThread` is `'main'` (the gateway's event loop: every query holds up every request).
 */
export type StorageOptions = { url?: string | undefined; dataDir?: string | undefined; pgliteThread?: PgliteThread | undefined }

/**
 * Opens the gateway's database (see `StorageOptions`), migrated. PGlite and a server run the same SQL.
 *
 * @example
 * const storage = await openStorage({ url: process.env.DATABASE_URL, dataDir: '.cache/gateway-db' })
 */
export async function openStorage(options: StorageOptions): Promise<GatewayStorage> {
  const { sql, kind } = await openDatabase(options, (client) => migrate(client))
  return sqlStorage(sql, kind)
}

/**
 * Opens a PostgreSQL server (`url`) or PGlite (in `dataDir`, or in memory; on its own thread
 * unless `pgliteThread` is `'main'`), running `prepare`
 * (the migration) first on one connection; the auth service opens its database so too.
 */
export async function openDatabase(
  options: StorageOptions,
  prepare: (sql: SqlClient) => Promise<void>,
): Promise<{ sql: SqlClient; kind: 'pglite' | 'postgres' }> {
  if (options.url) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: options.url, max: 8, connectionTimeoutMillis: 5_000 })
    // An idle connection the server dropped must not crash the gateway; the next query reconnects.
    pool.on('error', () => {})
    try {
      // One connection for the migration: its lock and transaction are the connection's.
      const connection = await pool.connect()
      try {
        await prepare({ query: (text, params) => connection.query(text, params) as never, close: async () => {} })
      } finally {
        connection.release()
      }
    } catch (error) {
      await pool.end().catch(() => {})
      throw error
    }
    return { sql: { query: (text, params) => pool.query(text, params) as never, close: () => pool.end() }, kind: 'postgres' }
  }
  const { openPglite } = await import('./pgliteWorker')
  const client = await openPglite({ dataDir: options.dataDir, thread: options.pgliteThread })
  try {
    await prepare(client)
  } catch (error) {
    await client.close().catch(() => {})
    throw error
  }
  return { sql: client, kind: 'pglite' }
}
