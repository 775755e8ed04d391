// The package's JavaScript in dist/, bundled by Rolldown from src/ (part of `npm run build`;
// declarations come from tsc, scripts/build.ts).
//
// Why a bundle, and why this chunk plan: a host's bundler puts every module in a chunk keyed by
// the set of entries (its own and each dynamic import) that reach it. Shipped one file per module,
// the modal's lazy code (the engine, the UI, the features, the adapters' runtimes) shares many
// small modules in many combinations, and a host's build split them into ~80 chunks, ~70 of them
// fetched before a visitor's first click. Here that lazy code is already grouped, one chunk per
// part a host loads at once, so the host's bundler sees a few large modules instead of hundreds.
// The code a host runs at start-up stays one file per module, as tsc wrote it: the host's bundler
// drops a whole unused module (the package has no side effects), which it cannot do inside a
// bundle, so a host's first bundle keeps only what it calls.
//
// The runtime dependencies' code (rxjs, immer, idb-keyval, @scure/base, qrcode) is bundled in the
// same way, so their modules join Gangway's chunks instead of adding chunks of their own in a
// host's build; their licences go to dist/THIRD_PARTY_LICENSES.md. rxjs and immer stay dependencies
// for the types the declarations name (an effect's Observable, a slice's Draft). Peers stay external.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'rolldown'
import { LAZY_FEATURE_DESCRIPTIONS } from '../src/core/features/lazyFeatureDescriptions.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SRC = join(ROOT, 'src') + '/'

type PackageJson = {
  exports: Record<string, string | Record<string, string>>
  dependencies: Record<string, string>
  peerDependencies: Record<string, string>
}

/**
 * Features whose files sit in folders named after them (src/core/effects/swaps/…,
 * src/react/views/swaps/…), each a chunk of its own: every lazy feature the modal describes
 * (a new one needs no line here), then the features whose effects and views their host-imported
 * function brings (sign-in, the embedded wallet, WalletConnect).
 */
const FEATURE_FOLDERS: readonly string[] = [...LAZY_FEATURE_DESCRIPTIONS.map((d) => d.name), 'siwx', 'embeddedWallet', 'walletConnect']

function partOfFeature(path: string): string | undefined {
  const segments = path.split('/')
  return FEATURE_FOLDERS.find((f) => segments.includes(f) || path === `core/features/${f}.ts`)
}

/**
 * Small helpers several chain adapters share (reading a wallet's answers and words): with the
 * engine, which every page loads, so that no adapter's chunk imports another's (the Bitcoin chunk
 * would otherwise load the Solana one, and @solana/kit with it, or the EVM one and viem).
 */
const SHARED_ADAPTER_HELPERS: readonly string[] = ['adapters/preview.ts', 'adapters/walletWords.ts']

/**
 * The lazy parts, in the order they claim modules: a module that two parts use goes to the
 * first, and a later part imports it from there (a feature's chunk imports the engine's). The
 * test sees a module's path below src/ and whether it is a dependency's (`node_modules`).
 */
const lazyParts = (engineStatic: ReadonlySet<string>): ReadonlyArray<{ name: string; test: (path: string, id: string) => boolean }> => [
  { name: 'engine', test: (p, id) => engineStatic.has(id) || SHARED_ADAPTER_HELPERS.includes(p) || (!p.startsWith('node_modules/') && !p.startsWith('react/') && !p.startsWith('devtools/') && !p.startsWith('adapters/') && partOfFeature(p) === undefined) },
  { name: 'api', test: (p) => p.startsWith('adapters/api/') },
  { name: 'ui', test: (p) => p.startsWith('react/') && !p.startsWith('react/i18n/locales/') && partOfFeature(p) === undefined },
  { name: 'evm', test: (p) => p.startsWith('adapters/evm/') },
  // The WalletConnect feature's effects and views, apart from the adapter, which imports the
  // optional WalletConnect packages: walletConnect() names both, so only a host that passes it
  // has them in its build (Next.js resolves every import()).
  { name: 'walletConnect', test: (p) => partOfFeature(p) === 'walletConnect' },
  // The QR encoder: WalletConnect's pairing, Receive's address and Farcaster's sign-in URL show one.
  { name: 'qrcode', test: (p) => p === 'node_modules/qrcode' },
  { name: 'walletConnectAdapter', test: (p) => p.startsWith('adapters/walletconnect/') },
  { name: 'embeddedWallet', test: (p) => p.startsWith('adapters/auth/') || partOfFeature(p) === 'embeddedWallet' },
  { name: 'solana', test: (p) => p.startsWith('adapters/solana/') },
  { name: 'bitcoin', test: (p) => p.startsWith('adapters/bitcoin/') },
  { name: 'wagmi', test: (p) => p.startsWith('adapters/wagmi/') },
  ...FEATURE_FOLDERS.filter((f) => f !== 'walletConnect' && f !== 'embeddedWallet').map((f) => ({ name: f, test: (p: string) => partOfFeature(p) === f })),
  { name: 'devtools', test: (p) => p.startsWith('devtools/') },
]

/** A module's path for the plan: below src/, or `node_modules/<package>` for a dependency's. */
function planPath(id: string): string | undefined {
  if (id.startsWith(SRC)) return relative(SRC, id)
  const at = id.lastIndexOf('/node_modules/')
  if (at < 0) return undefined
  const parts = id.slice(at + '/node_modules/'.length).split('/')
  return `node_modules/${parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`
}

/** dist/<name>.js → src/<name>.ts(x), for every JavaScript file package.json exports (the testing kit aside). */
export function packageEntries(pkg: PackageJson): Record<string, string> {
  const entries: Record<string, string> = {}
  for (const target of Object.values(pkg.exports)) {
    const files = typeof target === 'string' ? [target] : Object.entries(target).filter(([k]) => k !== 'types').map(([, v]) => v)
    for (const file of files) {
      const name = file.match(/^\.\/dist\/(.+)\.js$/)?.[1]
      if (!name || name.startsWith('testing/')) continue
      const source = ['.ts', '.tsx'].map((ext) => join(SRC, name + ext)).find((path) => existsSync(path))
      if (!source) throw new Error(`package.json exports ${file}, but src/${name}.ts does not exist`)
      entries[name] = source
    }
  }
  return entries
}

/**
 * Works out, once the module graph is known, which modules a host runs at start-up: those the
 * entries reach by static imports without passing a module that the package itself imports
 * dynamically (that one, and what only it reaches, is lazy even where an entry re-exports it).
 */
function startModules(into: Set<string>, engine: Set<string>): Plugin {
  return {
    name: 'gangway-start-modules',
    buildEnd() {
      const ids = [...this.getModuleIds()]
      const lazyTargets = new Set<string>()
      for (const id of ids) for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) if (target.startsWith(SRC)) lazyTargets.add(target)
      const stack = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      while (stack.length > 0) {
        const id = stack.pop() as string
        if (into.has(id)) continue
        into.add(id)
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) if (!lazyTargets.has(next)) stack.push(next)
      }
      // What the engine imports statically belongs to it, whatever its folder (the adapters' glue).
      const engineStack = ids.filter((id) => id === join(SRC, 'modalEngine.ts'))
      while (engineStack.length > 0) {
        const id = engineStack.pop() as string
        if (engine.has(id)) continue
        engine.add(id)
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) engineStack.push(next)
      }
    },
  }
}

/** A start-up module's chunk name: its path, readable in a host's build output. */
function moduleChunkName(id: string): string {
  const path = id.startsWith(SRC) ? relative(SRC, id) : id.slice(id.lastIndexOf('/node_modules/') + '/node_modules/'.length)
  return path.replace(/\.(m?js|tsx?)$/, '').replace(/[^\w]+/g, '_')
}

/** Bundles src/ into outDir; returns the dependencies it bundled (for their licences). */
export async function bundlePackage(outDir: string): Promise<string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson
  const peers = Object.keys(pkg.peerDependencies)
  const isPeer = (id: string) => peers.some((p) => id === p || id.startsWith(`${p}/`))
  const start = new Set<string>()
  // The modules the engine (src/modalEngine.ts) imports statically, known once the graph is.
  const engineStatic = new Set<string>()
  const bundled = new Set<string>()
  await build({
    input: packageEntries(pkg),
    external: (id) => id.startsWith('node:') || isPeer(id),
    platform: 'browser',
    // rxjs publishes ES2015 modules under its `es2015` condition; the default is its ES5 build, whose
    // classes are functions and which makes them with tslib's helpers: about 1.6 KiB more in every host's
    // first bundle. The rest of the package targets ES2020 browsers anyway.
    resolve: { conditionNames: ['import', 'browser', 'es2015', 'default'] },
    // Start-up modules are chunks of their own (no recursive capture), which Rolldown allows
    // when an entry may export more than its source does; the entries are re-export facades.
    preserveEntrySignatures: 'allow-extension',
    tsconfig: join(ROOT, 'tsconfig.json'),
    plugins: [startModules(start, engineStatic)],
    logLevel: 'warn',
    onLog(level, log, handler) {
      // Rolldown keeps an entry module's 'use client'; that the directive leaves the modules
      // bundled into chunks is what a server-components host expects (scripts/build.ts checks the entries).
      if (log.code === 'MODULE_LEVEL_DIRECTIVE') return
      // An entry re-exports a few modules the modal itself loads lazily (deserializeError): the
      // host that imports one gets it at start, the others keep it lazy.
      if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT') return
      handler(level, log)
    },
    output: {
      dir: outDir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // No source maps: the JavaScript is not minified and keeps its names, so a host's debugger
      // shows readable code as it is; maps without their sources would point at files the
      // package does not ship, and with them the download would double.
      sourcemap: false,
      // The declarations carry the documentation; the JavaScript keeps licences and annotations.
      comments: { legal: true, annotation: true, jsdoc: false },
      codeSplitting: {
        groups: [
          {
            name: (id) => (start.has(id) ? moduleChunkName(id) : null),
            debugName: 'start-up modules',
            priority: 1000,
            includeDependenciesRecursively: false,
          },
          ...lazyParts(engineStatic).map((part, index) => ({
            name: part.name,
            test: (id: string) => {
              const path = planPath(id)
              return !start.has(id) && path !== undefined && part.test(path, id)
            },
            priority: 500 - index,
          })),
          {
            debugName: 'locales',
            name: (id: string) => {
              const locale = planPath(id)?.match(/^react\/i18n\/locales\/([^/]+)\//)?.[1]
              return locale && !start.has(id) ? `locale-${locale}` : null
            },
            priority: 1,
          },
        ],
      },
    },
  }).then((result) => {
    for (const output of result.output) if (output.type === 'chunk') for (const id of output.moduleIds) if (packageDir(id)) bundled.add(packageDir(id) as string)
  })
  const packages = [...bundled].sort()
  writeLicences(outDir, packages)
  return packages.map((dir) => relative(join(ROOT, 'node_modules'), dir))
}

/** The folder of the npm package a module belongs to. */
function packageDir(id: string): string | undefined {
  const at = id.lastIndexOf('/node_modules/')
  if (at < 0) return undefined
  const parts = id.slice(at + '/node_modules/'.length).split('/')
  return id.slice(0, at + '/node_modules/'.length) + (parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0])
}

/** dist/THIRD_PARTY_LICENSES.md: each bundled package's name, version and licence text. */
function writeLicences(outDir: string, packageDirs: readonly string[]): void {
  const sections = packageDirs.map((dir) => {
    const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string }
    const name = meta.name
    const file = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license'].map((f) => join(dir, f)).find((f) => existsSync(f))
    const text = file ? readFileSync(file, 'utf8').trim() : `${meta.license ?? 'see the package'}`
    return `## ${name} ${meta.version} (${meta.license ?? 'unknown'})\n\n\`\`\`\n${text}\n\`\`\``
  })
  writeFileSync(join(outDir, 'THIRD_PARTY_LICENSES.md'), `# Third-party code bundled in this package\n\n${sections.join('\n\n')}\n`)
}
