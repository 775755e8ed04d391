// `npm test`: every test this project has, in order: typecheck, unit + property, end-to-end,
// the consumer smoke test of the packed package.
// Installs Debian's chromium first when it is missing. Prints one closing line with the
// totals ("N passed, N failed") and exits non-zero if anything failed.
// Stopping it (Ctrl+C, SIGTERM, SIGHUP, or any parent process gone, even SIGKILLed) stops the
// running step and everything it started (vitest, its workers, the e2e stack, browsers).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { postgresBinDir } from '../dev/gateway/postgresServer'
import { listDescendants, processId, terminate, watchAncestors } from '../dev/stack/watchAncestors'

const require = createRequire(import.meta.url)
const bin = (pkg: string, path: string) => join(dirname(require.resolve(`${pkg}/package.json`)), path)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** The step running now; stopping this script stops it and all it started. */
let current: { pid: number; exited: Promise<unknown> } | undefined
let stopping = false

watchAncestors(async (cause) => {
  stopping = true
  const step = current
  if (step === undefined) return
  // Everything the step started, recorded before it goes (its orphans would be out of reach).
  const tree = listDescendants(step.pid)
  await terminate([processId(step.pid)], { first: cause.kind === 'signal' ? cause.signal : 'SIGTERM', graceMs: 10_000 })
  await step.exited
  await terminate(tree)
})

/** Runs a command with inherited output; resolves with its exit code (null if killed by a signal). */
function spawnStep(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    // Once stopping, no step starts and none reports back: the watchdog exits.
    if (stopping) return
    const child = spawn(command, args, { stdio: 'inherit', env })
    const exited = new Promise<number | null>((done) => {
      child.once('error', () => done(null))
      child.once('exit', (code) => done(code))
    })
    if (child.pid !== undefined) current = { pid: child.pid, exited }
    void exited.then((code) => {
      if (current?.exited === exited) current = undefined
      if (!stopping) resolve(code)
    })
  })
}

async function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  console.log(`\n=== ${label}`)
  return (await spawnStep(command, args, { ...process.env, ...env })) === 0
}

/** Installs a Debian package with apt-get (sudo unless root) unless `present()` already says it is there. */
async function aptInstall(pkg: string, present: () => boolean): Promise<void> {
  if (present()) return
  console.log(`\n=== ${pkg} is missing: installing Debian's package`)
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (args: string[]) => spawnStep(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' })
  await apt(['update'])
  const install = await apt(['install', '-y', '--no-install-recommends', pkg])
  if (install !== 0 || !present()) throw new Error(`could not install ${pkg} with apt-get`)
}

const ensureChromium = () => aptInstall('chromium', () => existsSync(CHROMIUM))
const ensurePostgres = () => aptInstall('postgresql', () => postgresBinDir() !== null)

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  success: boolean
  testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[]
}

/** Each failed test (or file that failed to run) with the start of its error (up to 12 lines), for the closing lines. */
function failedTests(report: VitestReport): string[] {
  const firstLine = (text: string | undefined) =>
    (text ?? '')
      .split('\n')
      .map((line) => line.trimEnd().slice(0, 300))
      .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
      .slice(0, 12)
      .join('\n    ')
  return (report.testResults ?? []).flatMap((file) => {
    const path = file.name.replace(`${process.cwd()}/`, '')
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    if (tests.length === 0) return file.status === 'failed' ? [`${path}: ${firstLine(file.message)}`] : []
    return tests.map((test) => `${path} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
  })
}
const failedDetails: string[] = []

async function vitest(label: string, args: string[]): Promise<{ ok: boolean; report: VitestReport | null }> {
  const out = join(mkdtempSync(join(tmpdir(), 'gangway-test-')), 'report.json')
  const ok = await run(label, process.execPath, [bin('vitest', 'vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`])
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestReport) : null
  return { ok, report }
}

let passed = 0
let failed = 0
let skipped = 0
const failures: string[] = []

if (await run('typecheck (tsc --noEmit)', process.execPath, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'])) passed++
else {
  failed++
  failures.push('typecheck')
}

for (const [label, args, needs] of [
  // The gateway's storage suite runs against a real PostgreSQL server too.
  ['unit and property tests', [], ensurePostgres],
  ['end-to-end tests (Chromium on the local stack)', ['-c', 'vitest.e2e.config.ts'], ensureChromium],
] as const) {
  try {
    await needs()
  } catch (error) {
    failed++
    failures.push(`${label}: ${(error as Error).message}`)
    continue
  }
  const { ok, report } = await vitest(label, [...args])
  if (report) {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + report.numTodoTests
    failedDetails.push(...failedTests(report))
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
    await ensureChromium()
    ok = await run(label, process.execPath, [bin('tsx', 'dist/cli.mjs'), 'test/consumer/smoke.ts'], { SMOKE_REPORT: out })
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

for (const detail of failedDetails) console.log(`✗ ${detail}`)
console.log(`\n${failures.length ? `Failed: ${failures.join('; ')}` : 'All checks passed.'}`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
