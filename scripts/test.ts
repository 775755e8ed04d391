// `npm test`: every test this project has: typecheck, unit + property + fuzz, end-to-end, the
// consumer smoke test of the packed package.
//
// After the typecheck, the other three run side by side, each line of their output tagged with
// its step: on a small machine each leaves cores idle while it waits (on a browser, a chain, a
// build, the registry), which the others use.
// Installs Debian's postgresql and chromium first when they are missing. Prints one closing
// line with the totals ("N passed, N failed") and exits non-zero if anything failed.
// Stopping it (Ctrl+C, SIGTERM, SIGHUP, or any parent process gone, even SIGKILLed) stops the
// running steps and everything they started (vitest, its workers, the e2e stack, browsers).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { setPriority, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { postgresBinDir } from '../dev/gateway/postgresServer'
import { setSessionPriority } from '../dev/stack/sessionPriority'
import { listDescendants, processId, terminate, watchAncestors } from '../dev/stack/watchAncestors'

const require = createRequire(import.meta.url)
const bin = (pkg: string, path: string) => join(dirname(require.resolve(`${pkg}/package.json`)), path)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const started = performance.now()
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`

/** The steps running now; stopping this script stops them and all they started. */
const running = new Set<{ pid: number; exited: Promise<unknown> }>()
let stopping = false

watchAncestors(async (cause) => {
  stopping = true
  const steps = [...running]
  // Everything the steps started, recorded before they go (their orphans would be out of reach).
  const trees = steps.flatMap((step) => listDescendants(step.pid))
  await Promise.all(
    steps.map(async (step) => {
      await terminate([processId(step.pid)], { first: cause.kind === 'signal' ? cause.signal : 'SIGTERM', graceMs: 10_000 })
      await step.exited
    }),
  )
  await terminate(trees)
})

/** Writes a child's output line by line, each line tagged with `tag`. */
function tagged(stream: NodeJS.ReadableStream, out: NodeJS.WriteStream, tag: string): void {
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) out.write(`${tag} ${line}\n`)
  })
  stream.on('end', () => rest && out.write(`${tag} ${rest}\n`))
}

/**
 * Runs a command with its output tagged, at `priority` (a nice value), in a session weighed at
 * `sessionPriority` (by default the same); resolves with its exit code (null if killed by a
 * signal) once its output is written.
 */
function spawnStep(tag: string, command: string, args: string[], env: NodeJS.ProcessEnv, priority = 0, sessionPriority = priority): Promise<number | null> {
  return new Promise((resolve) => {
    // Once stopping, no step starts and none reports back: the watchdog exits.
    if (stopping) return
    // A step below our priority runs in a session of its own at that nice value: under the
    // kernel's autogroup scheduling, sessions share the CPU as groups whatever their processes'
    // nice values, so a lowered step in our session would still take its share from the unit
    // suite, and the browsers it starts (each in a session of its own) would take full shares.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env, detached: priority !== 0 || sessionPriority !== 0 })
    if (priority !== 0 && child.pid !== undefined) {
      try {
        setPriority(child.pid, priority)
      } catch {
        // Not allowed here: it runs at ours.
      }
    }
    if (sessionPriority !== 0 && child.pid !== undefined) {
      const pid = child.pid
      child.once('spawn', () => setSessionPriority(pid, sessionPriority))
    }
    tagged(child.stdout, process.stdout, tag)
    tagged(child.stderr, process.stderr, tag)
    const exited = new Promise<number | null>((done) => {
      child.once('error', () => done(null))
      child.once('exit', (code) => done(code))
    })
    // Its last lines, unless something it left behind holds its output open.
    const written = new Promise<void>((done) => child.once('close', () => done()))
    const reported = exited.then((code) => Promise.race([written, new Promise((done) => setTimeout(done, 2_000).unref())]).then(() => code))
    if (child.pid === undefined) {
      void reported.then(resolve)
      return
    }
    const step = { pid: child.pid, exited }
    running.add(step)
    void exited.then(() => running.delete(step))
    void reported.then((code) => {
      if (!stopping) resolve(code)
    })
  })
}

async function run(tag: string, label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, priority = 0, sessionPriority = priority): Promise<boolean> {
  console.log(`=== ${tag} ${label} (at ${elapsed()})`)
  const ok = (await spawnStep(tag, command, args, { ...process.env, ...env }, priority, sessionPriority)) === 0
  console.log(`=== ${tag} ${label}: ${ok ? 'done' : 'failed'} (at ${elapsed()})`)
  return ok
}

/** Installs a Debian package with apt-get (sudo unless root) unless `present()` already says it is there. */
async function aptInstall(pkg: string, present: () => boolean): Promise<void> {
  if (present()) return
  console.log(`=== ${pkg} is missing: installing Debian's package`)
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (args: string[]) =>
    spawnStep('[apt]', sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' })
  await apt(['update'])
  const install = await apt(['install', '-y', '--no-install-recommends', pkg])
  if (install !== 0 || !present()) throw new Error(`could not install ${pkg} with apt-get`)
}

// One apt-get at a time (they share dpkg's lock): PostgreSQL for the unit suite, then Chromium.
const postgres = aptInstall('postgresql', () => postgresBinDir() !== null)
const chromium = postgres.catch(() => undefined).then(() => aptInstall('chromium', () => existsSync(CHROMIUM)))

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

/**
 * The e2e suite's nice value, beside the unit suite: the unit suite holds the timing budgets (a
 * chain's start, a request's timeout), measured as on an idle core, so it comes first when they
 * compete; the e2e files wait by polling and only take longer. At nice 4 with a fourth worker the
 * e2e suite ended 2 minutes sooner, but the unit suite, one worker, passed 32 minutes.
 */
const E2E_PRIORITY = 10

/**
 * The e2e suite's session starts weighed as the unit suite's, and its global setup lowers it to
 * E2E_PRIORITY once the stack is up (test/e2e/support/globalSetup.ts reads
 * GANGWAY_E2E_SESSION_NICE): the setup (the pages' builds, the stack's start, the files'
 * accounts) is on the run's critical path. Weighed at nice 10 beside the unit suite it took
 * 255–291 s of a 25 s job, and no e2e file starts before it ends.
 */
const E2E_SETUP_PRIORITY = 0

/**
 * The smoke test's nice value: the e2e suite's. Below it (19), the smoke test got almost nothing
 * until the e2e suite ended, and then ran alone, its npm installs and single-threaded builds
 * leaving a core idle; beside it, those waits overlap the e2e suite's work.
 */
const SMOKE_PRIORITY = E2E_PRIORITY

/** What a step adds to the closing lines. */
type Outcome = { passed: number; failed: number; skipped: number; failures: string[]; details: string[] }

async function vitestStep(
  tag: string,
  label: string,
  args: string[],
  needs: Promise<void>,
  priority = 0,
  session: { priority: number; env: NodeJS.ProcessEnv } = { priority, env: {} },
): Promise<Outcome> {
  try {
    await needs
  } catch (error) {
    return { passed: 0, failed: 1, skipped: 0, failures: [`${label}: ${(error as Error).message}`], details: [] }
  }
  const out = join(mkdtempSync(join(tmpdir(), 'gangway-test-')), 'report.json')
  const ok = await run(tag, label, process.execPath, [bin('vitest', 'vitest.mjs'), 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], session.env, priority, session.priority)
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as VitestReport) : null
  const outcome: Outcome = { passed: 0, failed: 0, skipped: 0, failures: [], details: [] }
  if (report) {
    outcome.passed += report.numPassedTests
    outcome.failed += report.numFailedTests
    outcome.skipped += report.numPendingTests + report.numTodoTests
    outcome.details.push(...failedTests(report))
  }
  if (!ok && (!report || report.numFailedTests === 0)) {
    outcome.failed++
    outcome.failures.push(`${label}: the runner failed outside any test`)
  } else if (!ok) outcome.failures.push(label)
  return outcome
}

async function typecheck(): Promise<Outcome> {
  const ok = await run('[types]', 'typecheck (tsc --noEmit)', process.execPath, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', '.'])
  return ok ? { passed: 1, failed: 0, skipped: 0, failures: [], details: [] } : { passed: 0, failed: 1, skipped: 0, failures: ['typecheck'], details: [] }
}

/** The packed package in a fresh Vite React-TS app, as a host installs it (test/consumer/smoke.ts); each of its checks counts in the totals. */
async function consumerSmoke(): Promise<Outcome> {
  const label = 'consumer smoke test (npm pack → a fresh Vite app)'
  const out = join(mkdtempSync(join(tmpdir(), 'gangway-test-')), 'consumer.json')
  const outcome: Outcome = { passed: 0, failed: 0, skipped: 0, failures: [], details: [] }
  let ok = false
  try {
    await chromium
    ok = await run('[smoke]', label, process.execPath, [bin('tsx', 'dist/cli.mjs'), 'test/consumer/smoke.ts'], { SMOKE_REPORT: out }, SMOKE_PRIORITY)
  } catch (error) {
    outcome.failures.push(`${label}: ${(error as Error).message}`)
  }
  const report = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as { passed: number; failed: number }) : null
  if (report) {
    outcome.passed += report.passed
    outcome.failed += report.failed
  }
  if (!report || (!ok && report.failed === 0)) {
    outcome.failed++
    outcome.failures.push(`${label}: the smoke test failed outside any check`)
  } else if (!ok) outcome.failures.push(label)
  return outcome
}

// The typecheck first, alone: it is short, and a run stopped during it has written nothing
// (a nested `npm test`, as the unit suite's stopping test starts one, never gets to the e2e
// stack's build of dist/dev). Then the rest, reported in this order whichever ends first.
const types = await typecheck()
const outcomes = await Promise.all([
  types,
  // The gateway's storage suite runs against a real PostgreSQL server too.
  vitestStep('[unit]', 'unit, property and fuzz tests', [], postgres),
  vitestStep('[e2e]', 'end-to-end tests (Chromium on the local stack)', ['-c', 'vitest.e2e.config.ts'], chromium, E2E_PRIORITY, {
    priority: E2E_SETUP_PRIORITY,
    env: { GANGWAY_E2E_SESSION_NICE: String(E2E_PRIORITY) },
  }),
  consumerSmoke(),
])

const passed = outcomes.reduce((n, o) => n + o.passed, 0)
const failed = outcomes.reduce((n, o) => n + o.failed, 0)
const skipped = outcomes.reduce((n, o) => n + o.skipped, 0)
const failures = outcomes.flatMap((o) => o.failures)
for (const detail of outcomes.flatMap((o) => o.details)) console.log(`✗ ${detail}`)
console.log(`\n${failures.length ? `Failed: ${failures.join('; ')}` : 'All checks passed.'} (${elapsed()})`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || failures.length > 0 ? 1 : 0)
