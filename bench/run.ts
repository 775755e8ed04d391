/**
 * Runs every benchmark under bench/ (each `*.bench.ts`, found by name) one after the other, each
 * in its own Node process with `--expose-gc`, so one's heap does not colour another's figures.
 * A benchmark run directly prints its figures and rewrites its own section of bench/results.md.
 *
 *   npm run bench                  every benchmark
 *   npm run bench -- core bundle   only those whose file name starts with one of these
 *   npm run bench -- --no-write    print only, leave results.md alone
 */
import { spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url))
const ROOT = join(BENCH_DIR, '..')

/** Every `*.bench.ts` under bench/, outside build output: a folder's own files first, then its subfolders'. */
export async function findBenchmarks(dir = BENCH_DIR): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))
  const files = entries.filter((e) => e.isFile() && e.name.endsWith('.bench.ts')).map((e) => join(dir, e.name))
  const nested: string[] = []
  for (const e of entries) {
    if (e.isDirectory() && e.name !== 'dist' && e.name !== 'node_modules') nested.push(...(await findBenchmarks(join(dir, e.name))))
  }
  return [...files, ...nested]
}

function runBenchmark(file: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', file, ...args], { cwd: ROOT, stdio: 'inherit' })
    child.once('error', reject)
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2)
  const names = args.filter((a) => !a.startsWith('--'))
  const passThrough = args.filter((a) => a.startsWith('--'))
  const all = await findBenchmarks()
  const chosen = all.filter((f) => names.length === 0 || names.some((n) => f.split('/').pop()?.startsWith(n)))
  if (chosen.length === 0) {
    console.error(`No benchmark matches ${names.join(', ')}; there are: ${all.map((f) => relative(ROOT, f)).join(', ')}`)
    process.exit(1)
  }
  const failed: string[] = []
  for (const file of chosen) {
    const name = relative(ROOT, file)
    console.log(`\n▶ ${name}`)
    const started = performance.now()
    const code = await runBenchmark(file, passThrough)
    console.log(`${code === 0 ? '✓' : '✗'} ${name} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    if (code !== 0) failed.push(name)
  }
  if (failed.length > 0) {
    console.error(`\nFailed: ${failed.join(', ')}`)
    process.exit(1)
  }
}
