import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { acceptsConnections, freePort } from '../stack/ports'

const run = promisify(execFile)

/** A PostgreSQL server on 127.0.0.1 in a temporary data directory, for tests. */
export type PostgresServer = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string
  /** Stops the server (fast shutdown), keeping its data. */
  stop(): Promise<void>
  /** Starts it again on the same port and data. */
  start(): Promise<void>
  /** Stops it and deletes its data directory. */
  remove(): Promise<void>
}

/** Debian's server binaries (`pg_config --bindir`), or null when PostgreSQL is not installed. */
export function postgresBinDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim()
    return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')) ? dir : null
  } catch {
    return null
  }
}

/**
 * Starts Debian's PostgreSQL on a free port of 127.0.0.1 with a new data directory (trust
 * authentication, no fsync: test data). As root the server runs as the `postgres` user, as
 * PostgreSQL requires. Throws when the binaries are missing.
 *
 * @example
 * const pg = await startPostgres()
 * const gateway = await startGateway({ chains, tokens, database: { url: pg.url } })
 * await pg.remove()
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir()
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)')
  const root = mkdtempSync(join(tmpdir(), 'gangway-pg-'))
  const data = join(root, 'data')
  // The server refuses to run as root: as root it runs as `postgres`, which owns its directory.
  const user: { uid?: number; gid?: number } = {}
  if (process.getuid?.() === 0) {
    user.uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    user.gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    chmodSync(root, 0o755)
    chownSync(root, user.uid, user.gid)
  }
  const port = await freePort()
  let server: ChildProcess | null = null
  // A child process, not pg_ctl's daemon: it stays in this process's tree, so whatever stops
  // the tests (npm test's cleanup) stops it too.
  const start = async () => {
    const child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', root, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=50'], {
      ...user,
      stdio: 'ignore',
    })
    server = child
    const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`postgres exited (${code}) while starting`))))
    const deadline = Date.now() + 20_000
    while (!(await acceptsConnections(port))) {
      if (Date.now() > deadline) throw new Error('postgres did not start within 20 s')
      await Promise.race([new Promise((r) => setTimeout(r, 50)), exited])
    }
    exited.catch(() => {})
  }
  const stop = async () => {
    const child = server
    server = null
    if (!child || child.exitCode !== null) return
    const gone = new Promise((r) => child.once('exit', r))
    child.kill('SIGINT') // fast shutdown
    await gone
  }
  try {
    await run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], user)
    await start()
  } catch (error) {
    await stop().catch(() => {})
    rmSync(root, { recursive: true, force: true })
    throw error
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    async start() {
      if (!server) await start()
    },
    async remove() {
      await stop().catch(() => {})
      rmSync(root, { recursive: true, force: true })
    },
  }
}
