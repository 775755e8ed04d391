// `npm test`: every test this project has, in order: typecheck, unit + property, end-to-end,
// the consumer smoke test of the packed package.
// Installs Debian's chromium first when it is missing. Prints one closing line with the
// totals ("N passed, N failed") and exits non-zero if anything failed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const bin = (pkg: string, path: string) => join(dirname(require.resolve(`${pkg}/package.json`)), path)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return
  console.log(`\n=== chromium is missing at ${CHROMIUM}: installing Debian's package`)
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (args: string[]) => spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  apt(['update'])
  const install = apt(['install', '-y', '--no-install-recommends', 'chromium'])
  if (install.status !== 0 || !existsSync(CHROMIUM)) throw new Error('could not install chromium with apt-get')
}

type VitestReport = { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; success: boolean }

function vitest(label: string, args: string[]): { ok: boolean; report: VitestReport | null } {
  const out = join(mkdtempSync(join(tmpdir(), 'gangway-test-')), 'report.json')
  const ok = run(label, process.execPath, [bin('vitest', 'vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestReport) : null
  return { ok, report }
}

let passed = 0
let failed = 0
let skipped = 0
const failures: string[] = []

if (run('typecheck (tsc --noEmit)', process.execPath, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'])) passed++
else {
  failed++
  failures.push('typecheck')
}

for (const [label, args] of [
  ['unit and property tests', []],
  ['end-to-end tests (Chromium on the local stack)', ['-c', 'vitest.e2e.config.ts']],
] as const) {
  if (label.startsWith('end-to-end')) {
    try {
      ensureChromium()
    } catch (error) {
      failed++
      failures.push(`${label}: ${(error as Error).message}`)
      continue
    }
  }
  const { ok, report } = vitest(label, [...args])
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + report.numTodoTests
  }
  if (!ok && (!report || report.numFailedTests === 0)) {
    failed++
    failures.push(`${label}: the runner failed outside any test`)
  } else if (!ok) failures.push(label)
}

// The packed package in a fresh Vite React-TS app, as a host installs it (test/consumer/smoke.ts);
// each of its checks counts in the totals.
{
  const label = 'consumer smoke test (npm pack → a fresh Vite app)'
  const out = join(mkdtempSync(join(tmpdir(), 'gangway-test-')), 'consumer.json')
  let ok = false
  try {
    ensureChromium()
    ok = run(label, process.execPath, [bin('tsx', 'dist/cli.mjs'), 'test/consumer/smoke.ts'], { SMOKE_REPORT: out })
  } catch (error) {
    failures.push(`${label}: ${(error as Error).message}`)
  }
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { passed: number; failed: number }) : null
  if (report) {
    passed += report.passed
    failed += report.failed
  }
  if (!report || (!ok && report.failed === 0)) {
    failed++
    failures.push(`${label}: the smoke test failed outside any check`)
  } else if (!ok) failures.push(label)
}

console.log(`\n${failures.length ? `Failed: ${failures.join('; ')}` : 'All checks passed.'}`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
