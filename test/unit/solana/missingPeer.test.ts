// Without its optional peers a host gets an error naming the package to install: a Node process
// whose module resolution cannot find @solana/kit or the Wallet Standard (a resolve hook answers
// ERR_MODULE_NOT_FOUND, as Node does for a package that is not installed) runs the adapter.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

const HOOKS = `
export async function resolve(specifier, context, next) {
  if (specifier === '@solana/kit' || specifier.startsWith('@wallet-standard/')) {
    throw Object.assign(new Error("Cannot find package '" + specifier + "' imported from " + context.parentURL), { code: 'ERR_MODULE_NOT_FOUND' })
  }
  return next(specifier, context)
}
`

const script = (hooks: string) => `
import { register } from 'node:module'
register(${JSON.stringify(hooks)})
const { createSolanaAdapter } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'src/solana.ts')).href)})
const { solanaMainnet } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'src/solana.ts')).href)})
const adapter = createSolanaAdapter({ prefetch: false })
const out = []
for (const call of [() => adapter.connect('Phantom'), () => adapter.getBalance(solanaMainnet, '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg')]) {
  try { await call(); out.push(null) } catch (e) { out.push({ name: e.name, shortMessage: e.shortMessage, code: e.code }) }
}
console.log(JSON.stringify(out))
`

describe('Solana adapter without its optional peers', () => {
  it('names @wallet-standard/app and @solana/kit as the packages to install', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gangway-solana-peer-'))
    try {
      const hooks = join(dir, 'hooks.mjs')
      writeFileSync(hooks, HOOKS)
      writeFileSync(join(dir, 'run.mts'), script(pathToFileURL(hooks).href))
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(dir, 'run.mts')], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
      expect(run.stderr).not.toMatch(/Error/)
      expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual([
        { name: 'GangwayError', shortMessage: 'Install @wallet-standard/app to use Solana wallets', code: 'MISSING_PEER_DEPENDENCY' },
        { name: 'GangwayError', shortMessage: 'Install @solana/kit to use Solana wallets', code: 'MISSING_PEER_DEPENDENCY' },
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
