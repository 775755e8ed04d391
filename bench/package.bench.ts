/**
 * Package benchmark (#25): what a host developer downloads and waits for. Packs gangway-kit and
 * gangway-kit-testing from a copy of the sources (its prepack build), then, each with an npm
 * cache of its own that starts empty (a cold cache: every package comes from the registry):
 * installs the testing kit with its one documented line, and each example app with the packed
 * packages; builds the examples and sums their initial JS; starts and stops the kit's stack; runs
 * the Vite example's own test.
 *
 *   npx tsx bench/package.bench.ts            (prints and writes its results.md section)
 *   npx tsx bench/package.bench.ts --no-write (prints only)
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { freePort } from '../dev/stack/ports'
import { copyExample, waitForHttp } from '../test/consumer/exampleApps'
import { machineNote, today } from './support/machineNote'
import { writeResultsSection } from './support/writeResultsSection'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

type Run = { status: number | null; stdout: string; stderr: string; seconds: number }

/** Runs a command to its end; its output and how long it took. */
function sh(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (status) => resolve({ status, stdout, stderr, seconds: (performance.now() - started) / 1000 }))
  })
}

function must(run: Run, what: string): Run {
  if (run.status !== 0) throw new Error(`${what} failed:\n${(run.stdout + run.stderr).split('\n').slice(-30).join('\n')}`)
  return run
}

/** Bytes and files under a folder (symlinks not followed). */
function folderSize(dir: string): { bytes: number; files: number } {
  let bytes = 0
  let files = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      const inner = folderSize(path)
      bytes += inner.bytes
      files += inner.files
    } else if (entry.isFile()) {
      bytes += statSync(path).size
      files++
    }
  }
  return { bytes, files }
}

/** Installed packages: every folder of node_modules holding a package.json (nested ones too). */
function installedPackages(nodeModules: string): number {
  let count = 0
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue
    const path = join(nodeModules, entry.name)
    if (entry.name.startsWith('@')) {
      count += installedPackages(path)
      continue
    }
    try {
      statSync(join(path, 'package.json'))
      count++
      const nested = join(path, 'node_modules')
      if (statSync(nested, { throwIfNoEntry: false })?.isDirectory()) count += installedPackages(nested)
    } catch {
      // not a package
    }
  }
  return count
}

/** Installs with an npm cache of its own, empty at first: every package comes from the registry. */
async function coldInstall(dir: string, args: string[], work: string): Promise<Run> {
  const cache = mkdtempSync(join(work, 'npm-cache-'))
  return must(await sh('npm', ['install', ...args, '--cache', cache, '--no-audit', '--no-fund'], dir), `npm install in ${dir}`)
}

/** gzip level 9 of the JS files a built page loads at start (its script and modulepreload tags). */
function initialJsGzip(html: string, fileOf: (src: string) => string): { files: number; bytes: number } {
  const sources = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1] as string)
  const unique = [...new Set(sources)]
  return { files: unique.length, bytes: unique.reduce((sum, src) => sum + gzipSync(readFileSync(fileOf(src)), { level: 9 }).length, 0) }
}

export type PackageResults = {
  /** The machine and source, noted as the run starts. */
  note: string
  packages: { name: string; packedBytes: number; unpackedBytes: number; files: number }[]
  kitInstall: { seconds: number; packages: number; bytes: number }
  stack: { startSeconds: number; stopSeconds: number }
  examples: { name: string; installSeconds: number; packages: number; buildSeconds: number; initialFiles: number; initialGzipBytes: number; testSeconds?: number }[]
}

export async function runPackageBench(): Promise<PackageResults> {
  const note = machineNote()
  const work = mkdtempSync(join(tmpdir(), 'gangway-package-bench-'))
  try {
    // The sources without the tree's builds; npm pack's prepack builds both packages there.
    const source = join(work, 'source')
    const skip = new Set(['.git', 'node_modules', 'dist', '.cache', 'coverage', 'tmp'])
    cpSync(ROOT, source, { recursive: true, filter: (from) => !skip.has(from.slice(ROOT.length).split('/').filter(Boolean)[0] ?? '') })
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(source, 'node_modules'), 'dir')
    const packed: PackageResults['packages'] = []
    const tarballs: Record<string, string> = {}
    for (const dir of [source, join(source, 'packages', 'testing')]) {
      const run = must(await sh('npm', ['pack', '--json', '--pack-destination', work], dir), `npm pack in ${dir}`)
      const info = (JSON.parse(run.stdout.slice(run.stdout.indexOf('[\n'))) as { name: string; filename: string; size: number; unpackedSize: number; entryCount: number }[])[0]!
      packed.push({ name: info.name, packedBytes: info.size, unpackedBytes: info.unpackedSize, files: info.entryCount })
      tarballs[info.name] = join(work, info.filename)
    }

    // The kit with its one documented line.
    const kitUser = join(work, 'kit-user')
    mkdirSync(kitUser)
    writeFileSync(join(kitUser, 'package.json'), JSON.stringify({ name: 'kit-user', private: true, type: 'module' }))
    const kit = await coldInstall(kitUser, ['-D', tarballs['gangway-kit-testing']!, 'playwright-core'], work)
    const kitInstall = { seconds: kit.seconds, packages: installedPackages(join(kitUser, 'node_modules')), bytes: folderSize(join(kitUser, 'node_modules')).bytes }
    const stackRun = must(
      await sh(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const { startTestStack } = await import('gangway-kit-testing'); let t = performance.now(); const s = await startTestStack(); const start = performance.now() - t; t = performance.now(); await s.stop(); console.log(JSON.stringify({ start, stop: performance.now() - t }))",
        ],
        kitUser,
      ),
      'startTestStack',
    )
    const timing = JSON.parse(stackRun.stdout.trim().split('\n').pop() as string) as { start: number; stop: number }
    const stack = { startSeconds: timing.start / 1000, stopSeconds: timing.stop / 1000 }

    // The examples with the packed packages.
    const examples: PackageResults['examples'] = []
    const vite = copyExample('vite-app', join(work, 'vite-app'))
    const viteInstall = await coldInstall(vite, [tarballs['gangway-kit']!, tarballs['gangway-kit-testing']!], work)
    const viteBuild = must(await sh(process.execPath, [join(vite, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], vite, { VITE_GANGWAY_PROJECT_ID: 'bench', VITE_BASE_RPC_URL: 'https://mainnet.base.org', VITE_GANGWAY_API_URL: 'https://api.example.com' }), 'vite build')
    const viteInitial = initialJsGzip(readFileSync(join(vite, 'dist/index.html'), 'utf8'), (src) => join(vite, 'dist', src))
    const viteTest = must(await sh('npm', ['test'], vite, { CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }), 'the Vite example test')
    examples.push({ name: 'examples/vite-app', installSeconds: viteInstall.seconds, packages: installedPackages(join(vite, 'node_modules')), buildSeconds: viteBuild.seconds, initialFiles: viteInitial.files, initialGzipBytes: viteInitial.bytes, testSeconds: viteTest.seconds })

    const next = copyExample('next-app', join(work, 'next-app'))
    const nextInstall = await coldInstall(next, [tarballs['gangway-kit']!], work)
    const nextBin = join(next, 'node_modules/next/dist/bin/next')
    const nextBuild = must(await sh(process.execPath, [nextBin, 'build'], next), 'next build')
    const port = await freePort()
    const server = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: next, stdio: 'ignore', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } })
    let html = ''
    try {
      if (await waitForHttp(`http://127.0.0.1:${port}/`, 60_000)) html = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text())
    } finally {
      server.kill('SIGTERM')
    }
    const nextInitial = initialJsGzip(html, (src) => join(next, '.next', src.replace(/^\/_next\//, '')))
    examples.push({ name: 'examples/next-app', installSeconds: nextInstall.seconds, packages: installedPackages(join(next, 'node_modules')), buildSeconds: nextBuild.seconds, initialFiles: nextInitial.files, initialGzipBytes: nextInitial.bytes })
    return { note, packages: packed, kitInstall, stack, examples }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`
const s = (seconds: number) => `${seconds.toFixed(1)} s`

export function renderPackageSection(r: PackageResults): string {
  return `## Packages (${today()}): what a host developer downloads and waits for

Command: \`npx tsx bench/package.bench.ts\`. ${r.note}

Both packages are packed from a copy of the sources (\`npm pack\`, whose prepack builds them).
Every install below has an npm cache of its own that starts empty, so each package comes from
the registry (npmjs.org through this machine's network): a first install on a new machine. Single
runs: installs move with the registry's speed.

| package | packed | unpacked | files |
|---|---:|---:|---:|
${r.packages.map((p) => `| \`${p.name}\` | ${kb(p.packedBytes)} | ${kb(p.unpackedBytes)} | ${p.files} |`).join('\n')}

- gangway-kit's tarball against #25's target: ${kb(r.packages[0]!.packedBytes)} vs ≤ 450 kB (**${r.packages[0]!.packedBytes <= 450_000 ? 'meets' : 'misses'}**).
- The testing kit with its one documented line (\`npm install -D gangway-kit-testing playwright-core\`,
  cold cache): ${s(r.kitInstall.seconds)}, ${r.kitInstall.packages} packages, ${mb(r.kitInstall.bytes)} in node_modules.
- Its stack (\`startTestStack()\`: two hardhat chains, the gateway, the relay, the Solana validator):
  started in ${s(r.stack.startSeconds)}, stopped in ${s(r.stack.stopSeconds)}.

| example | install (cold cache) | packages | build | initial JS gzip | its own test |
|---|---:|---:|---:|---:|---:|
${r.examples.map((e) => `| \`${e.name}\` | ${s(e.installSeconds)} | ${e.packages} | ${s(e.buildSeconds)} | ${kb(e.initialGzipBytes)} (${e.initialFiles} files) | ${e.testSeconds === undefined ? '' : s(e.testSeconds)} |`).join('\n')}

The Vite example's initial JS is what its built \`index.html\` loads (script and modulepreload
tags; React 19 included); the Next.js example's is what \`next start\`'s HTML for \`/\` loads.
The Vite example's test starts the stack, builds and serves the app, and connects, signs and
refuses with the dev wallet in Chromium (\`npm test\` in the example).
`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runPackageBench()
  const section = renderPackageSection(results)
  console.log(section)
  if (!process.argv.includes('--no-write')) await writeResultsSection('package', section)
}
