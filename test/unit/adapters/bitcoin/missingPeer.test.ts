// Without its optional peers a host gets an error naming the packages to install: a Node process
// whose module resolution cannot find @scure/btc-signer (a resolve hook answers
// ERR_MODULE_NOT_FOUND, as Node does for a package that is not installed) runs the adapter.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

const HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@scure/btc-signer')) {
    throw Object.assign(new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' })
  }
  return next(specifier, context)
}
`

const script = (hooks: string) => `
import { register } from 'node:module'
register(${JSON.stringify(hooks)})
const { createBitcoinAdapter, bitcoinMainnet } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'src/bitcoin.ts')).href)})
const adapter = createBitcoinAdapter({ prefetch: false })
const out = []
try { await adapter.getBalance(bitcoinMainnet, 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'); out.push(null) } catch (e) { out.push({ name: e.name, shortMessage: e.shortMessage, code: e.code }) }
console.log(JSON.stringify(out))
`

describe('Bitcoin adapter without its optional peers', () => {
  it('names the packages to install', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gangway-bitcoin-peer-'))
    try {
      const hooks = join(dir, 'hooks.mjs')
      writeFileSync(hooks, HOOKS)
      writeFileSync(join(dir, 'run.mts'), script(pathToFileURL(hooks).href))
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'run.mts')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
      expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual([
        { name: 'GangwayError', shortMessage: 'Install @wallet-standard/app and @scure/btc-signer to use Bitcoin wallets', code: 'MISSING_PEER_DEPENDENCY' },
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
