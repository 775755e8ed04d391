// gangway-kit/solana: its exports, and the layering that keeps Solana out of other hosts' bundles:
// the core (src/index.ts and src/core) reaches no @solana/* or Wallet Standard package, nor the
// Solana adapter, through any import; the Solana entry's start-up part reaches kit and the
// Wallet Standard registry only through dynamic imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url))

type Edge = { specifier: string; dynamic: boolean }

/** The imports of a source file that survive compilation (`import type` and `export type` are erased). */
function importsOf(file: string): Edge[] {
  // Comments hold examples (`import('./heavy.js')`): only code counts.
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const edges: Edge[] = []
  const statics = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm
  for (const m of text.matchAll(statics)) edges.push({ specifier: m[1]!, dynamic: false })
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) edges.push({ specifier: m[1]!, dynamic: true })
  return edges
}

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '')
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate
  throw new Error(`cannot resolve ${specifier} from ${relative(SRC, from)}`)
}

/** Every file and package reached from `entries`, following dynamic imports too unless `staticOnly`. */
function reach(entries: string[], staticOnly: boolean): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>()
  const packages = new Map<string, string>()
  const queue = entries.map((e) => join(SRC, e))
  while (queue.length > 0) {
    const file = queue.pop()!
    if (files.has(file)) continue
    files.add(file)
    for (const edge of importsOf(file)) {
      if (staticOnly && edge.dynamic) continue
      const local = resolveLocal(file, edge.specifier)
      if (local) queue.push(local)
      else if (!packages.has(edge.specifier)) packages.set(edge.specifier, relative(SRC, file))
    }
  }
  return { files, packages }
}

const isSolanaPackage = (pkg: string) => /^@solana\/|^@solana-program\/|^@wallet-standard\//.test(pkg)

describe('gangway/solana entry', () => {
  it('exports the adapter and the network helpers (API changes show up in review)', async () => {
    expect(Object.keys(await import('../../../src/solana')).sort()).toMatchInlineSnapshot(`
      [
        "SOLANA_DEVNET_ID",
        "SOLANA_MAINNET_ID",
        "SOLANA_TESTNET_ID",
        "createSolanaAdapter",
        "defineSolanaNetwork",
        "solanaDevnet",
        "solanaLocalnet",
        "solanaMainnet",
        "solanaTestnet",
      ]
    `)
  })

  it('the core imports no @solana/* or Wallet Standard package and not the Solana adapter, statically or lazily', () => {
    const core = reach(['index.ts', ...coreFiles()], false)
    expect([...core.packages.keys()].filter(isSolanaPackage)).toEqual([])
    expect([...core.files].map((f) => relative(SRC, f)).filter((f) => f.startsWith(join('adapters', 'solana')) || f === 'solana.ts')).toEqual([])
    // The walk does see packages: a broken walk would pass the checks above vacuously.
    expect(core.packages.has('rxjs')).toBe(true)
  })

  it('the Solana entry loads kit and the Wallet Standard registry only lazily', () => {
    const startUp = reach(['solana.ts'], true)
    expect([...startUp.packages.keys()].filter((p) => isSolanaPackage(p) || p === 'viem')).toEqual([])
    const whole = reach(['solana.ts'], false)
    expect(whole.packages.get('@solana/kit')).toBeDefined()
    expect(whole.packages.get('@wallet-standard/app')).toBe(join('adapters', 'solana', 'discoverSolanaWallets.ts'))
    // The static walk does see a static import of kit where there is one.
    expect(reach([join('adapters', 'solana', 'createSolanaRuntime.ts')], true).packages.has('@solana/kit')).toBe(true)
    // Nor does it drag viem in through a shared helper.
    expect(whole.packages.has('viem')).toBe(false)
  })
})

function coreFiles(): string[] {
  return (readdirSync(join(SRC, 'core'), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join('core', f))
}
