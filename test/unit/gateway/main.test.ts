import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { call, deadUrl, P } from './harness'

const root = fileURLToPath(new URL('../../../', import.meta.url))

/** Runs `main.ts` with `args`; `url` resolves once it prints where it listens, `exited` with its code; `err()` its stderr so far. */
function runMain(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/gateway/main.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  let out = ''
  let err = ''
  child.stderr.on('data', (chunk) => (err += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk
      const found = /gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
      if (found) resolve(found[1]!)
    })
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)))
  })
  url.catch(() => {})
  return { child, url, exited, err: () => err, kill: () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL') }
}

describe('dev/gateway/main.ts', () => {
  it('serves the chains of a config file, prints its URL, and on SIGTERM lets a request in flight finish before it exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gangway-gateway-'))
    const config = join(dir, 'stack.json')
    writeFileSync(config, JSON.stringify({ chains: [{ chainId: 31337, name: 'Down', rpcUrl: await deadUrl() }], tokens: [] }))
    const main = runMain(['--config', config, '--wallets', '5000', '--memory'])
    try {
      const url = await main.url
      expect((await call(url, 'GET', `/v1/supported-chains?${P}`)).body).toEqual({ http: ['eip155:31337'], ws: [] })
      expect(((await call(url, 'GET', `/getWallets?${P}&entries=1`)).body as { count: number }).count).toBe(5000)
      expect((await call(url, 'PUT', '/_control/fault', { delayMs: 700, status: 418, pathPrefix: '/getWallets' })).status).toBe(200)
      const slow = call(url, 'GET', `/getWallets?${P}`)
      await new Promise((r) => setTimeout(r, 200))
      main.child.kill('SIGTERM')
      expect((await slow).status).toBe(418)
      expect(await main.exited).toBe(0)
    } finally {
      main.kill()
    }
  })

  it('--production: starts with its PostgreSQL server down, CORS for --allowed-origin, no /_control, a --limit accepted', async () => {
    const database = `postgres://postgres@127.0.0.1:${new URL(await deadUrl()).port}/postgres`
    const main = runMain(['--production', '--database-url', database, '--allowed-origin', 'https://app.example', '--limit', 'maxNames=123', '--shutdown-grace-ms', '2000'])
    try {
      const url = await main.url
      const wallets = await call(url, 'GET', `/getWallets?${P}&entries=1`, undefined, { origin: 'https://app.example' })
      expect(wallets.status).toBe(200)
      expect(wallets.headers.get('access-control-allow-origin')).toBe('https://app.example')
      expect((await call(url, 'GET', `/getWallets?${P}&entries=1`, undefined, { origin: 'https://other.example' })).headers.get('access-control-allow-origin')).toBeNull()
      expect((await call(url, 'GET', '/ready')).status).toBe(503)
      const name = await call(url, 'GET', `/v1/profile/account/alice.gangway?${P}`)
      expect(name).toMatchObject({ status: 503, body: { error: 'The service is unavailable; retry shortly' } })
      expect(name.headers.get('retry-after')).toBe('1')
      expect((await call(url, 'POST', '/_control/reset')).status).toBe(404)
      // Its errors are JSON lines on stderr; the server's address is there, not in the answers.
      await expect.poll(() => main.err().split('\n').filter((l) => l.includes('database unavailable at start')).length).toBeGreaterThan(0)
      const line = JSON.parse(main.err().split('\n').find((l) => l.includes('database unavailable at start'))!) as { level: string; detail: string }
      expect(line.level).toBe('error')
      expect(line.detail).toContain(new URL(database).port)
      main.child.kill('SIGTERM')
      expect(await main.exited).toBe(0)
      expect(main.err()).not.toMatch(/^\s+at /m)
    } finally {
      main.kill()
    }
  })

  it('refuses a bad --limit or --control-token with one line and status 2', async () => {
    const runs = [['--limit', 'maxNames=0'], ['--limit', 'noSuchLimit=5'], ['--control-token', 'short']].map((args) => ({ args, main: runMain(['--memory', ...args]) }))
    for (const { args, main } of runs) {
      expect(await main.exited, args.join(' ')).toBe(2)
      expect(main.err().trim().split('\n'), args.join(' ')).toEqual([expect.stringMatching(/^--(limit|control-token)/)])
    }
  }, 60_000)
})
