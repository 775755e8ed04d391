import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { call, deadUrl, P } from './harness'

const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('dev/gateway/main.ts', () => {
  it('serves the chains of a config file, prints its URL and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gangway-gateway-'))
    const config = join(dir, 'stack.json')
    writeFileSync(config, JSON.stringify({ chains: [{ chainId: 31337, name: 'Down', rpcUrl: await deadUrl() }], tokens: [] }))
    const child = spawn(process.execPath, ['--import', 'tsx', 'dev/gateway/main.ts', '--config', config, '--wallets', '5000', '--memory'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        let err = ''
        child.stdout.on('data', (chunk) => {
          out += chunk
          const found = /gateway listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)
          if (found) resolve(found[1]!)
        })
        child.stderr.on('data', (chunk) => (err += chunk))
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${err}`)))
      })
      expect((await call(url, 'GET', `/v1/supported-chains?${P}`)).body).toEqual({ http: ['eip155:31337'], ws: [] })
      expect(((await call(url, 'GET', `/getWallets?${P}&entries=1`)).body as { count: number }).count).toBe(5000)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
  })
})
