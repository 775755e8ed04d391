import { build } from 'esbuild'
import { relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = resolve(import.meta.dirname, '../../../../src')

/**
 * Bundles a host entry as a bundler that follows every import does (webpack and Turbopack resolve
 * dynamic imports at build time too), and lists which optional packages its graph reaches and
 * from where.
 */
async function optionalPackagesReached(imports: string): Promise<string[]> {
  const reached = new Set<string>()
  await build({
    stdin: { contents: imports, resolveDir: SRC, loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    splitting: false,
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'viem', 'viem/*', '@solana/*', 'immer', 'rxjs', 'idb-keyval', 'qrcode'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'record optional packages',
        setup(b) {
          b.onResolve({ filter: /^(@walletconnect\/|react-devtools-inline|react-is)/ }, (args) => {
            reached.add(`${args.path.split('/').slice(0, args.path.startsWith('@') ? 2 : 1).join('/')} from ${relative(SRC, args.importer)}`)
            return { path: args.path, external: true }
          })
        },
      },
    ],
  })
  return [...reached].sort()
}

describe("WalletConnect's packages are optional under every bundler", () => {
  it('a host that does not import gangway-kit/walletconnect reaches none of them, through any import', async () => {
    const reached = await optionalPackagesReached(`
      export { createModal } from './index.ts'
      export { createEvmAdapter, defineEvmNetwork } from './evm.ts'
      export { ModalProvider, ConnectButton, useModalState } from './react/index.ts'
    `)
    expect(reached).toEqual([])
  }, 60_000)

  it('one that imports walletConnect() reaches them (the check sees them when they are there)', async () => {
    const reached = await optionalPackagesReached(`export { walletConnect } from './walletconnect.ts'`)
    expect(reached.some((r) => r.startsWith('@walletconnect/universal-provider'))).toBe(true)
    expect(reached.some((r) => r.startsWith('@walletconnect/utils'))).toBe(true)
  }, 60_000)
})
