// The bundler's packages (alto, the mock paymaster, permissionless) weigh ~400 MB, so they live in
// dev/bundler's own package.json, installed on first use rather than with the root install that
// every CI run and every contributor pays for.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withRegistryRetries } from '../stack/npmRetry'

const HERE = dirname(fileURLToPath(import.meta.url))

/**
 * dev/bundler: its package.json pins the bundler's packages; `node_modules` beside it holds them.
 * In the built testing kit this code is bundled into dist/chunks, and scripts/buildTesting.ts
 * puts dev/bundler's files in dist/bundler (the same layout next to dist/chain), so a host's
 * install of the bundler goes there, inside the kit's own folder.
 */
export const BUNDLER_DIR = existsSync(join(HERE, 'paymasterMain.mjs')) ? HERE : join(HERE, '..', 'bundler')

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'
/** Another process installing holds this directory; one older than this is left from a crash. */
const LOCK_STALE_MS = 10 * 60_000

/** A package of dev/bundler's package.json that is missing, or installed at another version. */
function missingPackages(): string[] {
  const manifest = JSON.parse(readFileSync(join(BUNDLER_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  return Object.entries(manifest.dependencies).flatMap(([name, version]) => {
    const installed = join(BUNDLER_DIR, 'node_modules', name, 'package.json')
    if (!existsSync(installed)) return [name]
    const found = (JSON.parse(readFileSync(installed, 'utf8')) as { version?: string }).version
    return found === version ? [] : [`${name} (${found} installed, ${version} wanted)`]
  })
}

/** Where a bundler package installed in dev/bundler is (for `node <path>` and `import()`). */
export function bundlerPackagePath(name: string, path: string): string {
  return join(BUNDLER_DIR, 'node_modules', name, path)
}

let ensuring: Promise<{ installed: boolean; ms: number }> | undefined

/**
 * Installs dev/bundler's packages (`npm install --prefix dev/bundler`) unless they are all there
 * at their pinned versions. Resolves with whether it installed and how long it took; rejects
 * with npm's reason, and says so plainly when the npm registry cannot be reached.
 *
 * @example
 * await ensureBundlerPackages()
 * spawn(process.execPath, [bundlerPackagePath('@pimlico/alto', 'esm/cli/alto.js'), …])
 */
export function ensureBundlerPackages(options: { log?: (line: string) => void } = {}): Promise<{ installed: boolean; ms: number }> {
  ensuring ??= install(options.log ?? (() => {})).catch((error: unknown) => {
    ensuring = undefined
    throw error
  })
  return ensuring
}

async function install(log: (line: string) => void): Promise<{ installed: boolean; ms: number }> {
  const t0 = performance.now()
  // Why a lock: two test files or a test beside `npm start` may both find the packages missing,
  // and two npm installs into one folder leave it broken. While another process installs, the
  // packages' manifests may be there before their files: only a free lock says they are whole.
  const lock = join(BUNDLER_DIR, '.install.lock')
  if (missingPackages().length === 0 && !existsSync(lock)) return { installed: false, ms: performance.now() - t0 }
  await acquire(lock)
  try {
    const missing = missingPackages()
    if (missing.length === 0) return { installed: false, ms: performance.now() - t0 }
    log(`installing the bundler's packages into ${BUNDLER_DIR} (missing: ${missing.join(', ')})…`)
    const { code, output } = await withRegistryRetries(
      () => run(NPM, ['install', '--prefix', BUNDLER_DIR, '--no-audit', '--no-fund', '--fetch-timeout=60000']),
      (r) => r.code === 0,
      (r) => r.output,
    )
    if (code !== 0) {
      const unreachable = /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH|network request to .* failed|request to .* failed/i.test(output)
      // npm's first error lines name the cause (code, the request that failed); the rest is its stack.
      const errors = output.split('\n').filter((line) => line.startsWith('npm error') && !/^npm error\s+at /.test(line))
      const tail = (errors.length > 0 ? errors : output.trim().split('\n')).slice(0, 12).join('\n')
      throw new Error(
        unreachable
          ? `The bundler's packages (${join(BUNDLER_DIR, 'package.json')}) are not installed and the npm registry cannot be reached. Run \`npm install --prefix ${BUNDLER_DIR}\` once with access to the registry.\nnpm said:\n${tail}`
          : `\`npm install --prefix ${BUNDLER_DIR}\` failed (exit ${code}):\n${tail}`,
      )
    }
    const still = missingPackages()
    if (still.length > 0) throw new Error(`\`npm install --prefix ${BUNDLER_DIR}\` left packages missing: ${still.join(', ')}`)
    const ms = performance.now() - t0
    log(`bundler packages installed in ${(ms / 1000).toFixed(1)} s`)
    return { installed: true, ms }
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Takes the install lock (a directory holding its owner's pid); a lock left by a process that is gone, or too old, is taken over. */
async function acquire(lock: string): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const age = (() => {
        try {
          return Date.now() - statSync(lock).mtimeMs
        } catch {
          return 0
        }
      })()
      if (age > LOCK_STALE_MS || ownerIsGone(lock)) rmSync(lock, { recursive: true, force: true })
      else await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

/** True when the lock's owner (its pid file) is no longer running: a run stopped mid-install left it. */
function ownerIsGone(lock: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'))
  } catch {
    // Just made, its pid not written yet: the owner is there.
    return false
  }
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Why: under `npm test` the outer npm's prefix and workspace settings are in the environment;
    // this install is dev/bundler's alone.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_(prefix|local_prefix|global|workspaces?|include_workspace_root)$/i.test(key)))
    const child = spawn(command, args, { cwd: BUNDLER_DIR, stdio: ['ignore', 'pipe', 'pipe'], env })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, output }))
  })
}
