import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getHeapStatistics } from 'node:v8'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { PGlite } from '@electric-sql/pglite'

// PGlite runs PostgreSQL as WebAssembly, synchronously: every query it executes holds the thread
// it runs on. On the gateway's event loop a write load starves every other route (the directory
// and balances never touch the database, yet fell to a fraction of their rate). Here PGlite gets
// a thread of its own; the gateway posts each query to it and awaits the answer. PGlite's own
// worker entry (`@electric-sql/pglite/worker`) is written for a browser's Web Workers (Web Locks,
// leader election between tabs) and does not run under Node's worker_threads.

/** Which thread PGlite runs on: its own worker thread (the default), or the gateway's event loop. */
export type PgliteThread = 'worker' | 'main'

/** What PGlite costs the gateway's process now. */
export type PgliteMemory = {
  thread: PgliteThread
  /** PostgreSQL's WebAssembly memory (it grows with the data and never shrinks). */
  wasmBytes: number
  /** The JavaScript heap in use of the thread PGlite runs on (with `main`, the gateway's own). */
  heapBytes: number
  /** The whole process's resident memory (every thread). */
  rssBytes: number
}

/** PGlite as the storage queries it. */
export type PgliteClient = {
  readonly thread: PgliteThread
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>
  memory(): Promise<PgliteMemory>
  /** Closes the database; with a worker, the thread has stopped when this resolves. */
  close(): Promise<void>
}

/** Marks the worker's `workerData`, so only a thread started here serves. */
const WORKER_TAG = 'gangway-pglite-worker'

type WorkerStart = { tag: typeof WORKER_TAG; dataDir: string | undefined }
type Ask = { op: 'query'; text: string; params: unknown[] } | { op: 'memory' } | { op: 'close' }
type Request = Ask & { id: number }
/** An error as it crosses threads: structured cloning keeps an Error's message but drops PostgreSQL's fields (its `code`, …). */
type SentError = { message: string; database: boolean; fields: Record<string, unknown> }
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError }
type Started = { ready: true } | { ready: false; error: SentError }

/** The worker threads of PGlite running now, in this process. */
const running = new Set<Worker>()

/** How many PGlite worker threads this process runs now (each gateway over PGlite has one until it stops). */
export const pgliteWorkerThreads = (): number => running.size

/**
 * Opens PGlite in `dataDir` (in memory without one), on its own worker thread unless `thread` is
 * `'main'`. Queries, their results and their errors are those of PGlite in process: a refused row
 * rejects with PGlite's `DatabaseError` and its SQLSTATE `code`. A worker that stops unasked
 * rejects every query, without a `code`, as a database gone away would.
 *
 * @example
 * const db = await openPglite({ dataDir: '.cache/gateway-db' })
 * const { rows } = await db.query('SELECT 1 AS one')
 * await db.close()
 */
export async function openPglite(options: { dataDir?: string | undefined; thread?: PgliteThread | undefined } = {}): Promise<PgliteClient> {
  // PGlite makes its own directory but not the ones above it (a fresh checkout has no .cache).
  if (options.dataDir !== undefined) mkdirSync(dirname(resolve(options.dataDir)), { recursive: true })
  return options.thread === 'main' ? inProcess(await createPglite(options.dataDir)) : inWorker(options.dataDir)
}

async function createPglite(dataDir: string | undefined): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite')
  return PGlite.create(dataDir ?? 'memory://')
}

function memoryOf(db: PGlite, thread: PgliteThread): PgliteMemory {
  return { thread, wasmBytes: db.Module.HEAPU8.byteLength, heapBytes: getHeapStatistics().used_heap_size, rssBytes: process.memoryUsage.rss() }
}

function inProcess(db: PGlite): PgliteClient {
  return {
    thread: 'main',
    query: (text, params) => db.query(text, params) as never,
    memory: async () => memoryOf(db, 'main'),
    close: () => db.close(),
  }
}

/**
 * Starts this module on a worker thread. Node 20 loads a worker's entry without the parent's
 * module hooks (tsx's `--import` included), so where this file is TypeScript the thread loads it
 * through tsx's API; built into JavaScript (the testing kit) it is loaded as it is.
 */
function startWorker(start: WorkerStart): Worker {
  const self = import.meta.url
  if (!self.endsWith('.ts')) return new Worker(new URL(self), { workerData: start })
  const require = createRequire(self)
  const manifest = require.resolve('tsx/package.json')
  const api = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default
  const apiUrl = pathToFileURL(join(dirname(manifest), api)).href
  return new Worker(`import(${JSON.stringify(apiUrl)}).then(({ tsImport }) => tsImport(${JSON.stringify(self)}, ${JSON.stringify(self)}))`, { eval: true, workerData: start })
}

async function inWorker(dataDir: string | undefined): Promise<PgliteClient> {
  const { protocol } = await import('@electric-sql/pglite')
  const start: WorkerStart = { tag: WORKER_TAG, dataDir }
  const worker = startWorker(start)
  running.add(worker)
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>()
  let nextId = 0
  /** Set once the thread is gone: every query from then on fails with it. */
  let stopped: Error | null = null
  let closing: Promise<void> | undefined

  const received = (sent: SentError): Error => {
    const error = sent.database ? new protocol.messages.DatabaseError(sent.message, 0, 'error') : new Error(sent.message)
    return Object.assign(error, sent.fields)
  }
  worker.on('error', (error) => {
    stopped ??= new Error(`PGlite's worker thread failed: ${error.message}`)
  })
  worker.on('exit', (code) => {
    running.delete(worker)
    stopped ??= new Error(`PGlite's worker thread stopped (exit code ${code})`)
    for (const { reject } of pending.values()) reject(stopped)
    pending.clear()
  })
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: Started) => (message.ready ? resolve() : reject(received(message.error))))
    worker.once('exit', () => reject(stopped))
  })
  try {
    await ready
  } catch (error) {
    await worker.terminate()
    throw error
  }
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(received(reply.error))
  })

  const ask = (request: Ask): Promise<unknown> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id } satisfies Request)
    })
  }
  return {
    thread: 'worker',
    query: async (text, params = []) => ({ rows: (await ask({ op: 'query', text, params })) as never[] }),
    memory: async () => ({ ...((await ask({ op: 'memory' })) as PgliteMemory), rssBytes: process.memoryUsage.rss() }),
    close() {
      // PGlite closes first (its data directory is left consistent), then the thread is ended.
      closing ??= ask({ op: 'close' })
        .catch(() => {})
        .then(() => worker.terminate())
        .then(() => {})
      return closing
    },
  }
}

function sendable(error: unknown, isDatabaseError: (error: Error) => boolean): SentError {
  if (!(error instanceof Error)) return { message: String(error), database: false, fields: {} }
  const fields: SentError['fields'] = {}
  for (const [key, value] of Object.entries(error)) {
    try {
      fields[key] = structuredClone(value)
    } catch {
      // A field that cannot cross threads (a function, say) is left behind.
    }
  }
  return { message: error.message, database: isDatabaseError(error), fields }
}

/** The worker's side: opens PGlite, then answers each request in turn of its completion. */
async function serve(port: NonNullable<typeof parentPort>, start: WorkerStart): Promise<void> {
  const { protocol } = await import('@electric-sql/pglite')
  const send = (error: unknown) => sendable(error, (e) => e instanceof protocol.messages.DatabaseError)
  let db: PGlite
  try {
    db = await createPglite(start.dataDir)
  } catch (error) {
    port.postMessage({ ready: false, error: send(error) } satisfies Started)
    return
  }
  port.on('message', (request: Request) => {
    const answer = async (): Promise<unknown> => {
      if (request.op === 'query') return (await db.query(request.text, request.params)).rows
      if (request.op === 'memory') return memoryOf(db, 'worker')
      await db.close()
      return null
    }
    answer().then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: send(error) } satisfies Reply),
    )
  })
  port.postMessage({ ready: true } satisfies Started)
}

if (!isMainThread && parentPort && (workerData as Partial<WorkerStart> | null)?.tag === WORKER_TAG) void serve(parentPort, workerData as WorkerStart)
