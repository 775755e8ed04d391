// Builds gangway-kit-testing (packages/testing, a workspace of its own) into packages/testing/dist/
// (part of `npm run build`): the Node side (the local stack and the Playwright helpers,
// dev/testing/index.ts, and the `gangway-stack` CLI) bundled from dev/ with every package left
// external (they are the kit's dependencies, in packages/testing/package.json), the dev wallet as
// one browser script (viem included) for Playwright's addInitScript, the files the stack reads
// next to its code, and the entry's declarations.
//
// Why esbuild and not Rolldown like gangway-kit: the kit's code lives in dev/ (the same
// code `npm start` and Gangway's own tests run), written for tsx without file extensions, and
// the wallet must be one self-contained script.
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const OUT = join(ROOT, 'packages', 'testing', 'dist')
const require = createRequire(import.meta.url)

/** Files the stack's code reads beside itself (import.meta.url-relative). */
const ASSETS = ['dev/chain/parentWatchdog.cjs', 'dev/chain/hardhat.config.cjs', 'dev/chain/GangwayToken.sol', 'dev/gateway/wallets.json']
/**
 * The bundler's folder (`smartAccounts: true`), kept at its dev/ layout under dist/ (bundler/ and
 * chain/parentWatchdog.cjs beside it, as startBundler finds them): its package.json and lockfile
 * pin alto and the mock paymaster, which ensureBundlerPackages installs into dist/bundler on first
 * use; the paymaster's and the loopback preload's scripts run from there.
 */
const BUNDLER_FILES = ['dev/bundler/package.json', 'dev/bundler/package-lock.json', 'dev/bundler/paymasterMain.mjs', 'dev/bundler/loopbackOnly.cjs', 'dev/chain/parentWatchdog.cjs']

export async function buildTesting(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  await build({
    entryPoints: { index: join(ROOT, 'dev/testing/index.ts'), cli: join(ROOT, 'dev/testing/cli.ts') },
    outdir: OUT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node18.20',
    packages: 'external',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  })
  await build({
    entryPoints: [join(ROOT, 'dev/testing/devWalletBrowser.ts')],
    outfile: join(OUT, 'devWallet.iife.js'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
  })
  // The chunks are where the stack's code ends up: its files go beside them.
  for (const asset of ASSETS) copyFileSync(join(ROOT, asset), join(OUT, 'chunks', asset.split('/').pop()!))
  for (const file of BUNDLER_FILES) {
    const to = join(OUT, file.slice('dev/'.length))
    mkdirSync(dirname(to), { recursive: true })
    copyFileSync(join(ROOT, file), to)
  }
  // Gangway's own tests run the built kit with dev/bundler's install rather than a second ~400 MB
  // one in dist/bundler, which every build would wipe; npm pack leaves the link out.
  symlinkSync(join('..', '..', '..', '..', 'dev', 'bundler', 'node_modules'), join(OUT, 'bundler', 'node_modules'), 'dir')
  declarations()
}

/** packages/testing/dist/index.d.ts: the entry's own types (they name no module of dev/). */
function declarations(): void {
  const scratch = mkdtempSync(join(tmpdir(), 'gangway-testing-dts-'))
  try {
    const tsc = join(dirname(require.resolve('typescript/package.json')), 'bin/tsc')
    const args = ['dev/testing/index.ts', '--declaration', '--emitDeclarationOnly', '--outDir', scratch, '--module', 'esnext', '--moduleResolution', 'bundler', '--target', 'es2022', '--strict', '--skipLibCheck', '--types', 'node', '--rootDir', '.', '--ignoreConfig']
    const result = spawnSync(process.execPath, [tsc, ...args], { cwd: ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error('declarations of dev/testing/index.ts failed')
    renameSync(join(scratch, 'dev/testing/index.d.ts'), join(OUT, 'index.d.ts'))
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now()
  await buildTesting()
  console.log(`built packages/testing/dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
