// `npm run build` (and `prepack`): the published package in dist/: `.d.ts` files by the
// TypeScript compiler (tsconfig.build.json, whose `nodenext` makes it reject any relative import
// plain Node could not load), kept where the entries' declarations reach them, and the ESM
// JavaScript bundled by Rolldown in the chunks a host loads (scripts/bundlePackage.ts says why).
//
// packages/testing/dist holds gangway-kit-testing, bundled from dev/ (scripts/buildTesting.ts); dist/dev
// holds the demo pages (vite.config.ts) and is left alone.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildTesting } from './buildTesting'
import { bundlePackage, packageEntries } from './bundlePackage'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const DIST = join(ROOT, 'dist')
const require = createRequire(import.meta.url)

/** Entries that must keep `'use client'` as their first statement. */
export const CLIENT_ENTRIES = ['react/index.js', 'devtools/index.js', 'devtools/production.js']

export async function build(): Promise<void> {
  if (existsSync(DIST)) for (const name of readdirSync(DIST)) if (name !== 'dev') rmSync(join(DIST, name), { recursive: true, force: true })
  const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin/tsc')
  const result = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit', cwd: ROOT })
  if (result.status !== 0) throw new Error('tsc -p tsconfig.build.json failed')
  pruneDeclarations(Object.keys(packageEntries(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')))))
  await bundlePackage(DIST)
  for (const entry of CLIENT_ENTRIES) {
    const first = readFileSync(join(DIST, entry), 'utf8').split('\n')[0]?.trim()
    if (first !== "'use client';" && first !== '"use client";') throw new Error(`dist/${entry} lost its 'use client' directive (first line: ${first})`)
  }
  // rxjs's ES5 build (its classes made with tslib's helpers) would cost every host's first bundle ~1.6 KiB: scripts/bundlePackage.ts picks its ES2015 one.
  const es5 = readdirSync(join(DIST, 'chunks')).filter((f) => f.includes('esm5'))
  if (es5.length > 0) throw new Error(`dist/chunks has rxjs's ES5 build: ${es5.join(', ')}`)
}

/**
 * Keeps the declarations a host's compiler can reach from the entries' (following their relative
 * imports) and deletes the others: tsc writes one per source module, most of them internal.
 */
function pruneDeclarations(entries: readonly string[]): void {
  const reached = new Set<string>()
  const stack = entries.map((e) => join(DIST, `${e}.d.ts`))
  while (stack.length > 0) {
    const file = stack.pop() as string
    if (reached.has(file)) continue
    if (!existsSync(file)) throw new Error(`a declaration the entries need is missing: ${relative(DIST, file)}`)
    reached.add(file)
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
    for (const m of code.matchAll(/(?:\bfrom\s+|\bimport\(\s*|^import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      stack.push(resolve(dirname(file), (m[1] as string).replace(/\.js$/, '.d.ts')))
    }
  }
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]))
  for (const name of readdirSync(DIST)) {
    if (name === 'dev' || name === 'dev-frame') continue
    const path = join(DIST, name)
    for (const file of statSync(path).isDirectory() ? walk(path) : [path]) if (file.endsWith('.d.ts') && !reached.has(file)) rmSync(file)
  }
  // Folders left without a file go too.
  const removeEmpty = (dir: string): boolean => {
    const left = readdirSync(dir, { withFileTypes: true }).filter((d) => !(d.isDirectory() && removeEmpty(join(dir, d.name))))
    if (left.length === 0 && dir !== DIST) rmSync(dir, { recursive: true })
    return left.length === 0
  }
  for (const name of readdirSync(DIST)) if (!['dev', 'dev-frame'].includes(name) && statSync(join(DIST, name)).isDirectory()) removeEmpty(join(DIST, name))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  await build()
  await buildTesting()
  console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
