// The source import graph of src/, as the entry tests walk it: which files and packages an entry
// reaches, statically only (what a host runs at start-up) or through dynamic imports too.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

export type Edge = { specifier: string; dynamic: boolean }

/** The imports of a source file that survive compilation (`import type` and `export type` are erased). */
export function importsOf(file: string): Edge[] {
  // Comments hold examples (`import('./heavy.js')`): only code counts.
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
  const edges: Edge[] = []
  const statics = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm
  for (const m of text.matchAll(statics)) edges.push({ specifier: m[1]!, dynamic: false })
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) edges.push({ specifier: m[1]!, dynamic: true })
  return edges
}

export function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '')
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate)) return candidate
  throw new Error(`cannot resolve ${specifier} from ${relative(SRC, from)}`)
}

/** Every file and package reached from `entries`, following dynamic imports too unless `staticOnly`. */
export function reach(entries: string[], staticOnly: boolean): { files: Set<string>; packages: Map<string, string> } {
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

/** Every source file of src/core (what the headless core is made of). */
export function coreFiles(): string[] {
  return (readdirSync(join(SRC, 'core'), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join('core', f))
}
