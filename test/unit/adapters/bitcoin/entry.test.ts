// gangway-kit/bitcoin: its exports, and the layering that keeps Bitcoin out of other hosts'
// bundles: the core (src/index.ts and src/core) reaches neither @scure/btc-signer nor the Bitcoin
// adapter through any import; the Bitcoin entry's start-up part reaches btc-signer and the Wallet
// Standard registry only through dynamic imports, and never viem.
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { coreFiles, reach, SRC } from '../../../support/importGraph'

const isBitcoinPackage = (pkg: string) => /^@scure\/btc-signer|^@wallet-standard\//.test(pkg)

describe('gangway-kit/bitcoin entry', () => {
  it('exports the adapter, the networks and the address check (API changes show up in review)', async () => {
    expect(Object.keys(await import('../../../../src/bitcoin')).sort()).toMatchInlineSnapshot(`
      [
        "BITCOIN_MAINNET_ID",
        "BITCOIN_REGTEST_ID",
        "BITCOIN_TESTNET_ID",
        "bitcoinMainnet",
        "bitcoinRegtest",
        "bitcoinTestnet",
        "createBitcoinAdapter",
        "defineBitcoinNetwork",
        "isBitcoinAddress",
      ]
    `)
  })

  it('the core imports neither @scure/btc-signer nor the Bitcoin adapter, statically or lazily', () => {
    const core = reach(['index.ts', ...coreFiles()], false)
    expect([...core.packages.keys()].filter((p) => p.startsWith('@scure/btc-signer'))).toEqual([])
    expect([...core.files].map((f) => relative(SRC, f)).filter((f) => f.startsWith(join('adapters', 'bitcoin')) || f === 'bitcoin.ts')).toEqual([])
    expect(core.packages.has('rxjs')).toBe(true)
  })

  it('the Bitcoin entry loads btc-signer and the Wallet Standard registry only lazily, and no viem at all', () => {
    const startUp = reach(['bitcoin.ts'], true)
    expect([...startUp.packages.keys()].filter((p) => isBitcoinPackage(p) || p === 'viem')).toEqual([])
    const whole = reach(['bitcoin.ts'], false)
    expect(whole.packages.get('@scure/btc-signer')).toBe(join('adapters', 'bitcoin', 'createBitcoinRuntime.ts'))
    expect(whole.packages.get('@wallet-standard/app')).toBe(join('adapters', 'bitcoin', 'discoverBitcoinWallets.ts'))
    expect(whole.packages.has('viem')).toBe(false)
  })
})
