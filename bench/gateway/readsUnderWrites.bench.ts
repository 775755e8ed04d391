/**
 * Read routes under a write load, per database: the requests per second the dev gateway answers
 * on the wallet directory (`GET /getWallets`, no database) and balances (`GET
 * /v1/account/{address}/balance`, the chain's node, no database) alone, then while other clients
 * write names (`PUT /_control/names/…`) and analytics events (`POST /e`) as fast as they are
 * answered. Over PGlite on the gateway's event loop, PGlite on its worker thread, and Debian's
 * PostgreSQL when installed (one gateway process, then two sharing it, the clients sending to them
 * in turn); each gateway in a process of its own, over the two local hardhat chains. Reads' and
 * writes' p50 / p99 latency beside their rates. Prints its figures (it keeps no section of
 * bench/results.md).
 *
 *   npx tsx bench/gateway/readsUnderWrites.bench.ts [--seconds 6] [--readers 8] [--writers 4]
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { startChains, type DevChains } from '../../dev/chain/startChains'
import { postgresBinDir, startPostgres } from '../../dev/gateway/postgresServer'
import type { GatewayOptions } from '../../dev/gateway/startGateway'
import { machineNote } from '../support/machineNote'
import { percentile } from './convert.bench'

const SELF = fileURLToPath(import.meta.url)
const Q = 'projectId=bench&st=gangway&sv=0.0.0'

/** A database, and how many gateway processes share it (the bench's clients send to them in turn). */
type Backend = { label: string; database: NonNullable<GatewayOptions['database']>; processes?: number }
type Phase = { rps: number; p50: number; p99: number; failed: number; writesPerSecond: number; writeP50: number; writeP99: number }
export type BackendResult = { label: string; rssMiB: number; storageMemory: unknown; routes: { route: string; alone: Phase; underWrites: Phase }[] }

const agent = new Agent({ keepAlive: true, maxSockets: 256 })

/** One request; resolves its status once the whole answer has arrived. */
function send(base: string, method: string, path: string, body?: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = request(`${base}${path}`, { method, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
      res.once('error', reject)
    })
    req.once('error', reject)
    req.end(payload)
  })
}

/** The `i`-th request a load sends. */
type Load = (i: number) => { method: string; path: string; body?: unknown }

/** `clients` clients sending `load`'s requests one after another (to the gateways in turn) until `until`; each answer's latency, and how many were not 2xx. */
async function drive(bases: string[], load: Load, clients: number, until: number) {
  const samples: number[] = []
  let failed = 0
  let next = 0
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const i = next++
        const { method, path, body } = load(i)
        const started = performance.now()
        const status = await send(bases[i % bases.length]!, method, path, body).catch(() => 0)
        samples.push(performance.now() - started)
        if (status < 200 || status > 299) failed++
      }
    }),
  )
  return { samples, failed }
}

/** `readers` clients reading for `seconds`, with `writers` clients writing meanwhile when `writes` is given. */
async function phase(bases: string[], read: Load, readers: number, writes: Load | null, writers: number, seconds: number): Promise<Phase> {
  const started = performance.now()
  const until = started + seconds * 1000
  const [reads, wrote] = await Promise.all([drive(bases, read, readers, until), writes ? drive(bases, writes, writers, until) : null])
  const wall = (performance.now() - started) / 1000
  return {
    rps: reads.samples.length / wall,
    p50: percentile(reads.samples, 50),
    p99: percentile(reads.samples, 99),
    failed: reads.failed + (wrote?.failed ?? 0),
    writesPerSecond: wrote ? wrote.samples.length / wall : 0,
    writeP50: wrote ? percentile(wrote.samples, 50) : 0,
    writeP99: wrote ? percentile(wrote.samples, 99) : 0,
  }
}

/** Starts a gateway in a process of its own (this file with `--serve`); resolves its URL once it answers. */
function serveGateway(options: GatewayOptions): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--serve'], {
      env: { ...process.env, GATEWAY_BENCH_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const url = /listening on (\S+)/.exec(out)?.[1]
      if (url) resolve({ url, child })
    })
    child.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before it answered`)))
  })
}

async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const gone = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await gone
}

/** A process's resident memory (Linux). */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

export async function runReadsUnderWrites(dev: DevChains, backends: Backend[], options: { seconds: number; readers: number; writers: number }): Promise<BackendResult[]> {
  const address = dev.accounts[0]!.address
  const reads: [string, Load][] = [
    ['directory', () => ({ method: 'GET', path: `/getWallets?${Q}&page=1&entries=40` })],
    ['balances', () => ({ method: 'GET', path: `/v1/account/${address}/balance?${Q}&currency=usd&chainId=eip155:${dev.chains[0]!.chainId}` })],
  ]
  const results: BackendResult[] = []
  for (const backend of backends) {
    const gateways: { url: string; child: ChildProcess }[] = []
    // One after the other: each migrates the schema on start.
    for (let p = 0; p < (backend.processes ?? 1); p++) gateways.push(await serveGateway({ chains: dev.chains, tokens: dev.tokens, database: backend.database }))
    const bases = gateways.map((g) => g.url)
    const [{ url, child }] = gateways as [{ url: string; child: ChildProcess }]
    try {
      const run = Date.now().toString(36)
      // Analytics events and names in turn, each one new.
      const writes: Load = (i) =>
        i % 2 === 0
          ? { method: 'POST', path: `/e?${Q}`, body: { eventId: `${run}-${i}`, props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } } } }
          : { method: 'PUT', path: `/_control/names/bench-${run}-${i}.gangway`, body: { address } }
      const routes: BackendResult['routes'] = []
      for (const [route, read] of reads) {
        await phase(bases, read, options.readers, null, 0, 1) // warm-up
        const alone = await phase(bases, read, options.readers, null, 0, options.seconds)
        const underWrites = await phase(bases, read, options.readers, writes, options.writers, options.seconds)
        routes.push({ route, alone, underWrites })
      }
      const ready = (await (await fetch(`${url}/ready`)).json()) as { storageMemory?: unknown }
      results.push({ label: backend.label, rssMiB: rssMiB(child.pid!), storageMemory: ready.storageMemory ?? null, routes })
    } finally {
      for (const g of gateways) await stopGateway(g.child)
    }
  }
  return results
}

const n = (x: number) => Math.round(x).toLocaleString('en-US')
const ms = (x: number) => `${x.toFixed(1)} ms`

export function formatReadsUnderWrites(results: BackendResult[], options: { seconds: number; readers: number; writers: number }): string {
  const lines = [
    `Read routes alone and under a write load (${options.readers} readers, ${options.writers} writers of names and analytics events, ${options.seconds} s per phase); ${machineNote()}`,
    '',
    '| database | route | alone: rps | p50 | p99 | under writes: rps | p50 | p99 | kept | writes/s | write p50 | write p99 | failed | gateway RSS |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const r of results) {
    for (const { route, alone, underWrites } of r.routes) {
      lines.push(
        `| ${r.label} | ${route} | ${n(alone.rps)} | ${ms(alone.p50)} | ${ms(alone.p99)} | ${n(underWrites.rps)} | ${ms(underWrites.p50)} | ${ms(underWrites.p99)} | ${((underWrites.rps / alone.rps) * 100).toFixed(0)} % | ${n(underWrites.writesPerSecond)} | ${ms(underWrites.writeP50)} | ${ms(underWrites.writeP99)} | ${alone.failed + underWrites.failed} | ${n(r.rssMiB)} MiB |`,
      )
    }
  }
  const server = results.find((r) => r.label === 'PostgreSQL')
  if (server) {
    lines.push('', 'Under writes, as a share of the PostgreSQL rate:')
    for (const r of results.filter((x) => x !== server)) {
      const shares = r.routes.map(({ route, underWrites }) => {
        const reference = server.routes.find((x) => x.route === route)!.underWrites.rps
        return `${route} ${((underWrites.rps / reference) * 100).toFixed(0)} %`
      })
      lines.push(`- ${r.label}: ${shares.join(', ')}`)
    }
  }
  lines.push('', 'PGlite memory as /ready reports it:')
  for (const r of results) if (r.storageMemory) lines.push(`- ${r.label}: ${JSON.stringify(r.storageMemory)}`)
  return lines.join('\n')
}

async function serve(): Promise<void> {
  const { startGateway } = await import('../../dev/gateway/startGateway')
  const gateway = await startGateway(JSON.parse(process.env.GATEWAY_BENCH_OPTIONS!) as GatewayOptions)
  process.stdout.write(`gateway listening on ${gateway.url}\n`)
  process.once('SIGTERM', () => void gateway.stop().then(() => process.exit(0)))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '6' },
      readers: { type: 'string', default: '8' },
      writers: { type: 'string', default: '4' },
      // bench/run.ts passes it to every benchmark; this one writes nothing anyway.
      'no-write': { type: 'boolean', default: false },
    },
  })
  if (values.serve) {
    await serve()
  } else {
    const options = { seconds: Number(values.seconds), readers: Number(values.readers), writers: Number(values.writers) }
    const dev = await startChains()
    const pg = postgresBinDir() ? await startPostgres() : null
    const dataDir = mkdtempSync(join(tmpdir(), 'gangway-bench-pglite-'))
    try {
      const backends: Backend[] = [
        { label: 'PGlite on the event loop', database: { dataDir: join(dataDir, 'main'), pgliteThread: 'main' } },
        { label: 'PGlite on its worker thread', database: { dataDir: join(dataDir, 'worker') } },
        ...(pg ? [{ label: 'PostgreSQL', database: { url: pg.url } }, { label: 'PostgreSQL, two gateway processes', database: { url: pg.url }, processes: 2 }] : []),
      ]
      if (!pg) console.warn('PostgreSQL is not installed: measuring PGlite only')
      console.log(formatReadsUnderWrites(await runReadsUnderWrites(dev, backends, options), options))
    } finally {
      await pg?.remove()
      await dev.stop()
      rmSync(dataDir, { recursive: true, force: true })
      agent.destroy()
    }
  }
}
