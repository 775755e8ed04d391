import { build } from 'esbuild'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const reactEntry = resolve(import.meta.dirname, '../../../../src/react/index.ts')

/** Bundles a host entry that imports `names` from gangway-kit/react (React external, minified, tree-shaken). */
async function bundle(names: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `import { ${names.join(', ')} } from ${JSON.stringify(reactEntry)}\nconsole.log(${names.join(', ')})`, resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client', 'viem', '@walletconnect/*', 'react-devtools-inline'],
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

describe('ConnectButton is shipped only to hosts that import it', () => {
  it('a host importing only the provider and hooks gets none of its code or styles', async () => {
    const without = await bundle(['ModalProvider', 'useModalState', 'useGangwayAccount'])
    const withButton = await bundle(['ModalProvider', 'useModalState', 'useGangwayAccount', 'ConnectButton'])
    // The check sees the button when it is imported…
    expect(withButton).toContain('gw-cb-btn')
    expect(withButton).toContain('gw-cb-icon')
    // …and none of it otherwise.
    expect(without).not.toContain('gw-cb-btn')
    expect(without).not.toContain('gw-cb-icon')
    expect(withButton.length - without.length).toBeGreaterThan(1500)
  }, 60_000)
})
