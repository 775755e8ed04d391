// gangway-kit/solana: its exports, and the layering that keeps Solana out of other hosts' bundles:
// the core (src/index.ts and src/core) reaches no @solana/* or Wallet Standard package, nor the
// Solana adapter, through any import; the Solana entry's start-up part reaches kit and the
// Wallet Standard registry only through dynamic imports.
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { coreFiles, reach, SRC } from '../../support/importGraph'

const isSolanaPackage = (pkg: string) => /^@solana\/|^@solana-program\/|^@wallet-standard\//.test(pkg)

describe('gangway/solana entry', () => {
  it('exports the adapter and the network helpers (API changes show up in review)', async () => {
    expect(Object.keys(await import('../../../src/solana')).sort()).toMatchInlineSnapshot(`
      [
        "SOLANA_DEVNET_ID",
        "SOLANA_MAINNET_ID",
        "SOLANA_TESTNET_ID",
        "createSolanaAdapter",
        "defineSolanaNetwork",
        "solanaDevnet",
        "solanaLocalnet",
        "solanaMainnet",
        "solanaTestnet",
      ]
    `)
  })

  it('the core imports no @solana/* or Wallet Standard package and not the Solana adapter, statically or lazily', () => {
    const core = reach(['index.ts', ...coreFiles()], false)
    expect([...core.packages.keys()].filter(isSolanaPackage)).toEqual([])
    expect([...core.files].map((f) => relative(SRC, f)).filter((f) => f.startsWith(join('adapters', 'solana')) || f === 'solana.ts')).toEqual([])
    // The walk does see packages: a broken walk would pass the checks above vacuously.
    expect(core.packages.has('rxjs')).toBe(true)
  })

  it('the Solana entry loads kit and the Wallet Standard registry only lazily', () => {
    const startUp = reach(['solana.ts'], true)
    expect([...startUp.packages.keys()].filter((p) => isSolanaPackage(p) || p === 'viem')).toEqual([])
    const whole = reach(['solana.ts'], false)
    expect(whole.packages.get('@solana/kit')).toBeDefined()
    expect(whole.packages.get('@wallet-standard/app')).toBe(join('adapters', 'solana', 'discoverSolanaWallets.ts'))
    // The static walk does see a static import of kit where there is one.
    expect(reach([join('adapters', 'solana', 'createSolanaRuntime.ts')], true).packages.has('@solana/kit')).toBe(true)
    // Nor does it drag viem in through a shared helper.
    expect(whole.packages.has('viem')).toBe(false)
  })
})
