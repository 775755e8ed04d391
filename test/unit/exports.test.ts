// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

type ExportTarget = string | { types?: string; development?: string; production?: string; import?: string }
const read = (path: string) => readFileSync(resolve(import.meta.dirname, path), 'utf8')
const pkg = JSON.parse(read('../../package.json')) as { exports: Record<string, ExportTarget> }

/** The source module behind a built file of the package (`./dist/react/index.js` → src/react/index.ts). */
const source = (built: string) => built.replace('./dist/', '../../src/').replace(/\.js$/, '')

// The public API of each package entry point; a change here shows up in review.
describe('package entry points', () => {
  it('gangway', async () => {
    expect(Object.keys(await import('../../src/index')).sort()).toMatchSnapshot()
  })
  it('gangway/react', async () => {
    expect(Object.keys(await import('../../src/react/index')).sort()).toMatchSnapshot()
  })
  it('gangway/devtools', async () => {
    expect(Object.keys(await import('../../src/devtools/index')).sort()).toMatchSnapshot()
  })
  it('gangway-kit/devtools/components', async () => {
    expect(Object.keys(await import('../../src/devtools/components')).sort()).toMatchSnapshot()
  })
  it('gangway/evm', async () => {
    expect(Object.keys(await import('../../src/evm')).sort()).toMatchSnapshot()
  })
  it('gangway/walletconnect', async () => {
    expect(Object.keys(await import('../../src/walletconnect')).sort()).toMatchSnapshot()
  })
  it('gangway-kit/features', async () => {
    expect(Object.keys(await import('../../src/features')).sort()).toEqual(['batchedCalls', 'embeddedWallet', 'names', 'onramp', 'pay', 'siwx', 'smartSessions', 'swaps'])
  })
  it('gangway-kit/walletconnect/adapter', async () => {
    expect(Object.keys(await import('../../src/walletconnectAdapter')).sort()).toEqual(['createLazyWalletConnectAdapter', 'createWalletConnectAdapter', 'walletLink', 'walletLinks'])
  })

  it('package.json exports exactly these entries, each with types and import conditions', () => {
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './bitcoin', './devtools', './devtools/components', './evm', './features', './package.json', './react', './solana', './wagmi', './walletconnect', './walletconnect/adapter'])
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (entry === './package.json') continue
      expect(typeof target, entry).toBe('object')
      const t = target as Exclude<ExportTarget, string>
      expect(Object.keys(t)[0], `${entry}: types first`).toBe('types')
      expect(t.types, entry).toMatch(/^\.\/dist\/.+\.d\.ts$/)
      expect(t.import, entry).toMatch(/^\.\/dist\/.+\.js$/)
      expect(t.types!.replace(/\.d\.ts$/, '.js'), `${entry}: types describe the development module`).toBe(t.development ?? t.import)
    }
  })

  it("tsconfig's paths name each entry's source, as package.json exports it", () => {
    const paths = (JSON.parse(read('../../tsconfig.json').replace(/^\s*\/\/.*$/gm, '')) as { compilerOptions: { paths: Record<string, string[]> } }).compilerOptions.paths
    const expected = Object.fromEntries(
      Object.entries(pkg.exports)
        .filter(([entry]) => entry !== './package.json')
        .map(([entry, target]) => [`gangway-kit${entry.slice(1)}`, [(target as { types: string }).types.replace('./dist/', './src/').replace(/\.d\.ts$/, '.ts')]]),
    )
    expect(paths).toEqual(expected)
  })

  it('the core entry loads no React and no adapter', () => {
    const text = read('../../src/index.ts')
    expect(text).not.toMatch(/from '(react|react-dom)/)
    expect(text).not.toMatch(/adapters\/(evm|walletconnect)\//)
  })

  it("the React and devtools entries start with 'use client'", () => {
    for (const file of ['../../src/react/index.ts', '../../src/devtools/index.ts', '../../src/devtools/production.ts']) {
      expect(read(file).split('\n')[0], file).toBe("'use client'")
    }
  })

  it('gangway/devtools: development gets the panel; production and plain Node get a module with the same exports and no panel', async () => {
    const devtools = pkg.exports['./devtools'] as Exclude<ExportTarget, string>
    expect(Object.keys(devtools)).toEqual(['types', 'development', 'production', 'import'])
    expect(devtools.production).toBe(devtools.import)
    expect(devtools.development).not.toBe(devtools.production)
    const development = await import(/* @vite-ignore */ source(devtools.development!))
    const production = await import(/* @vite-ignore */ source(devtools.production!))
    expect(Object.keys(production).sort()).toEqual(Object.keys(development).sort())
    expect(production.GangwayDevtools({ modal: {} })).toBeNull()
    expect(production.ReactComponentsPane()).toBeNull()
    expect(development.GangwayDevtools).not.toBe(production.GangwayDevtools)
    const text = read('../../src/devtools/production.ts')
    // Only types (erased) and the small pure diff helper come from the panel's folder.
    expect(text.match(/^import (?!type ).*$/gm) ?? []).toEqual([])
    expect(text.match(/^export .* from '.*'$/gm)).toEqual(["export { diffStates } from './diffStates.js'", "export type { DevtoolsPanelProps, StateChange } from './index.js'"])
  })

  it('gangway-kit/devtools/components: only its development module imports React DevTools; the panel never does', async () => {
    const components = pkg.exports['./devtools/components'] as Exclude<ExportTarget, string>
    expect(Object.keys(components)).toEqual(['types', 'development', 'production', 'import'])
    expect(components.production).toBe(components.import)
    const development = await import(/* @vite-ignore */ source(components.development!))
    const production = await import(/* @vite-ignore */ source(components.production!))
    expect(Object.keys(production).sort()).toEqual(Object.keys(development).sort())
    await expect(production.installReactDevtoolsHook()).resolves.toBeUndefined()
    expect(read('../../src/devtools/componentsProduction.ts').match(/^import (?!type ).*$/gm) ?? []).toEqual([])
    // A host that does not import this entry builds without react-devtools-inline under any bundler.
    for (const file of readdirSync(resolve(import.meta.dirname, '../../src/devtools'))) {
      const text = read(`../../src/devtools/${file}`)
      const imports = /import\((['"])react-devtools-inline/.test(text) || /from (['"])react-devtools-inline/.test(text)
      expect(imports, file).toBe(file === 'components.ts')
    }
  })
})
