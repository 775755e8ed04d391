import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, generateSiweNonce } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPostgres, type PostgresServer } from '../../../dev/gateway/postgresServer'

// Issue 30 item 7: two gateway processes on one PostgreSQL server under a write load (analytics
// events, name registrations, sign-in sessions), one killed with SIGKILL and the database restarted
// mid-load; every acknowledged write must be read back, no write stored that was never acknowledged
// (a request that got no answer may be stored only if its retry was then acknowledged), and the
// same write sent again answers as its first acknowledgement did. Node runs tsx in-process, so
// SIGKILL reaches the gateway itself. Signatures are checked without the chain's node (viem
// recovers an EOA's locally), so the served chain's URL answers nothing.

let pg: PostgresServer
const children: ChildProcess[] = []

let configDir: string

function startGatewayProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const config = join(configDir, 'chains.json')
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/gateway/main.ts', '--database-url', databaseUrl, '--port', '0', '--config', config], { stdio: ['ignore', 'pipe', 'ignore'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`gateway exited (${code}) while starting`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /^gateway listening on (\S+)/.exec(line)
      if (m) resolve({ url: m[1]!, child })
    })
  })
}

type Status = number | 'no answer'
type Kind = 'event' | 'name' | 'session'
/** One write: what was sent (the same bytes on every retry), each attempt's status, and the first acknowledgement's body. */
type Outcome = { kind: Kind; key: string; path: string; body: string; statuses: Status[]; first?: unknown }

const FAULT_CHAIN = 31337

async function send(url: string, o: Outcome): Promise<{ status: Status; json?: unknown }> {
  try {
    const res = await fetch(`${url}${o.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: o.body, signal: AbortSignal.timeout(5_000) })
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: res.status, json }
  } catch {
    return { status: 'no answer' }
  }
}

/** The n-th write of the load: an analytics event, a name registration or a sign-in, in turn, each signed by a fresh key. */
async function write(n: number): Promise<Outcome> {
  const kind: Kind = (['event', 'name', 'session'] as const)[n % 3]!
  if (kind === 'event') return { kind, key: `ev-${n}`, path: '/e?projectId=fault', body: JSON.stringify({ eventId: `ev-${n}`, props: {} }), statuses: [] }
  const account = privateKeyToAccount(generatePrivateKey())
  if (kind === 'name') {
    const name = `fault${n}.gangway`
    const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) })
    const signature = await account.signMessage({ message })
    return { kind, key: name, path: '/v1/profile/account?projectId=fault', body: JSON.stringify({ coin_type: 60, address: account.address, message, signature }), statuses: [] }
  }
  const message = createSiweMessage({ address: account.address, chainId: FAULT_CHAIN, domain: '127.0.0.1', nonce: generateSiweNonce(), uri: 'http://127.0.0.1/', version: '1', issuedAt: new Date() })
  const signature = await account.signMessage({ message })
  return { kind, key: account.address, path: `/v1/sessions/${account.address}?projectId=fault`, body: JSON.stringify({ message, signature }), statuses: [] }
}

const acked = (s: Status) => typeof s === 'number' && s >= 200 && s < 300

/** Whether the gateway holds this write, read back from the surviving process. */
async function stored(url: string, o: Outcome, events: Set<string>): Promise<boolean> {
  if (o.kind === 'event') return events.has(o.key)
  if (o.kind === 'name') {
    const res = await fetch(`${url}/v1/profile/account/${o.key}?projectId=fault`)
    return res.status === 200
  }
  const res = await fetch(`${url}/v1/sessions/${o.key}?projectId=fault`)
  return ((await res.json()) as { sessions: unknown[] }).sessions.length > 0
}

/** What an answer says, without what may differ between two answers of one write (none for names and sessions). */
const essence = (o: Outcome, json: unknown) => (o.kind === 'event' ? null : json)

beforeAll(async () => {
  configDir = mkdtempSync(join(tmpdir(), 'gangway-faults-'))
  // A chain whose node answers nothing: sessions need a served chain, not its node.
  writeFileSync(join(configDir, 'chains.json'), JSON.stringify({ chains: [{ chainId: FAULT_CHAIN, name: 'Local', rpcUrl: 'http://127.0.0.1:9/' }], tokens: [] }))
  pg = await startPostgres()
}, 30_000)

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  await pg?.remove()
  if (configDir) rmSync(configDir, { recursive: true, force: true })
})

describe('two gateways on one PostgreSQL, one killed and the database restarted mid-load', () => {
  it('loses no acknowledged write, stores none unacknowledged, and answers a write sent again as it answered it first', async () => {
    const a = await startGatewayProcess(pg.url)
    const b = await startGatewayProcess(pg.url)
    const outcomes: Outcome[] = []
    let n = 0
    let stopping = false
    // The modal's client: a 503 or no answer is retried (here sooner than its 1, 2, 4 s), with the same body.
    const worker = async (targets: () => string[]) => {
      while (!stopping) {
        const o = await write(n++)
        outcomes.push(o)
        for (let attempt = 0; attempt < 20; attempt++) {
          const urls = targets()
          const { status, json } = await send(urls[attempt % urls.length]!, o)
          o.statuses.push(status)
          if (acked(status)) o.first = essence(o, json)
          if (status !== 503 && status !== 'no answer') break
          await new Promise((r) => setTimeout(r, 100))
        }
      }
    }
    let alive = [a.url, b.url]
    const load = Promise.all(Array.from({ length: 4 }, () => worker(() => alive)))
    const acknowledged = () => outcomes.filter((o) => o.statuses.some(acked)).length
    const until = async (cond: () => boolean) => { while (!cond()) await new Promise((r) => setTimeout(r, 20)) }
    await until(() => acknowledged() >= 50)
    b.child.kill('SIGKILL')
    alive = [a.url]
    await until(() => acknowledged() >= 100)
    await pg.stop()
    await pg.start()
    const after = acknowledged()
    await until(() => acknowledged() >= after + 50)
    stopping = true
    await load
    const res = await fetch(`${a.url}/_control/analytics`)
    const events = new Set(((await res.json()) as { events: { body: { eventId: string } }[] }).events.map((e) => e.body.eventId))
    const held = new Map<Outcome, boolean>()
    for (const o of outcomes) held.set(o, await stored(a.url, o, events))
    const lost = outcomes.filter((o) => o.statuses.some(acked) && !held.get(o)).map((o) => o.key)
    const misAcknowledged = outcomes.filter((o) => held.get(o) && !o.statuses.some(acked) && !o.statuses.includes('no answer')).map((o) => o.key)
    const unexpected = outcomes.filter((o) => o.statuses.some((s) => typeof s === 'number' && (s >= 500 ? s !== 503 : s >= 300))).map((o) => [o.key, o.statuses])
    // Every kind was written, across the kill and the restart.
    expect(new Set(outcomes.filter((o) => o.statuses.some(acked)).map((o) => o.kind))).toEqual(new Set(['event', 'name', 'session']))
    // The same write again, now: answered as its first acknowledgement (a name's record, a session's id), never 409.
    const again: [string, Status, boolean][] = []
    for (const o of outcomes.filter((x) => x.statuses.some(acked))) {
      const { status, json } = await send(a.url, o)
      again.push([o.key, status, JSON.stringify(essence(o, json)) === JSON.stringify(o.first)])
    }
    const differing = again.filter(([, status, same]) => !acked(status) || !same)
    expect({ lost, misAcknowledged, unexpected, differing }).toEqual({ lost: [], misAcknowledged: [], unexpected: [], differing: [] })
  }, 90_000)
})
