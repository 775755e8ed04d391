// `npm run build` (and `prepack`): the published package in dist/: `.d.ts` files by the
// TypeScript compiler (tsconfig.build.json, whose `nodenext` makes it reject any relative import
// plain Node could not load), and the ESM JavaScript with source maps bundled by Rolldown in the
// chunks a host loads (scripts/bundlePackage.ts says why).
//
// dist/testing holds gangway-kit/testing, bundled from dev/ (scripts/buildTesting.ts); dist/dev
// holds the demo pages (vite.config.ts) and is left alone.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildTesting } from './buildTesting'
import { bundlePackage } from './bundlePackage'

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
  await bundlePackage(DIST)
  for (const entry of CLIENT_ENTRIES) {
    const first = readFileSync(join(DIST, entry), 'utf8').split('\n')[0]?.trim()
    if (first !== "'use client';" && first !== '"use client";') throw new Error(`dist/${entry} lost its 'use client' directive (first line: ${first})`)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  await build()
  await buildTesting()
  console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
