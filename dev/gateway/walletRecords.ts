import { createHash } from 'node:crypto'
import type { WalletRecord } from '../../src/core/domain/entities'

/**
 * Deterministic wallet directory records. `wallets.json` holds the first `BUNDLED_WALLET_COUNT`
 * of them (written by `generateWallets.ts`); a bench asking for more (`?wallets=5000`) gets the
 * bundled file followed by further records from the same generator, so record `i` is the same
 * whichever way it was made.
 *
 * @example
 * generateWalletRecord(0) // { id: '…64 hex…', name: 'Amber Wallet', mobile_link: 'gangwaywallet1://', … }
 */
export const BUNDLED_WALLET_COUNT = 320

/** The most records a directory may be asked to hold (bench: 5,000). */
export const MAX_WALLET_COUNT = 20_000

const ADJECTIVES = [
  'Amber', 'Blue', 'Cedar', 'Delta', 'Ember', 'Frost', 'Granite', 'Harbor', 'Indigo', 'Jade',
  'Kestrel', 'Lumen', 'Maple', 'Nova', 'Onyx', 'Pine', 'Quartz', 'River', 'Sable', 'Tidal',
  'Umber', 'Velvet', 'Willow', 'Xenon', 'Yarrow', 'Zephyr',
] as const

const NOUNS = [
  'Wallet', 'Anchor', 'Vault', 'Beacon', 'Compass', 'Dock', 'Ferry', 'Gangway', 'Haven', 'Keel',
  'Lantern', 'Mast', 'Pier', 'Quay', 'Rudder', 'Sail', 'Wharf',
] as const

/** CAIP-2 ids the generated wallets draw their chains from. */
export const DIRECTORY_CHAINS = {
  ethereum: 'eip155:1',
  optimism: 'eip155:10',
  polygon: 'eip155:137',
  base: 'eip155:8453',
  arbitrum: 'eip155:42161',
  localA: 'eip155:31337',
  localB: 'eip155:31338',
  solanaMainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  solanaDevnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
} as const

function hex(seed: string): string {
  return createHash('sha256').update(seed).digest('hex')
}

function walletName(index: number): string {
  const adjective = ADJECTIVES[index % ADJECTIVES.length]!
  const noun = NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]!
  const round = Math.floor(index / (ADJECTIVES.length * NOUNS.length))
  return round === 0 ? `${adjective} ${noun}` : `${adjective} ${noun} ${round + 1}`
}

function walletChains(index: number): string[] {
  const c = DIRECTORY_CHAINS
  // Why: one wallet in seven is Solana-only, so chain filtering has something to exclude.
  if (index % 7 === 3) return [c.solanaMainnet, c.solanaDevnet]
  const chains: string[] = [c.ethereum]
  if (index % 2 === 0) chains.push(c.localA, c.localB)
  if (index % 3 === 0) chains.push(c.polygon, c.base)
  if (index % 4 === 1) chains.push(c.optimism, c.arbitrum)
  if (index % 5 === 0) chains.push(c.solanaMainnet)
  return chains
}

/** The wallet record at position `index` of the generated directory. */
export function generateWalletRecord(index: number): WalletRecord {
  const name = walletName(index)
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  const imageHex = hex(`gangway-wallet-image:${index}`)
  const n = index + 1
  return {
    id: hex(`gangway-wallet:${index}`),
    name,
    homepage: `https://${slug}.example`,
    image_id: [
      imageHex.slice(0, 8),
      imageHex.slice(8, 12),
      imageHex.slice(12, 16),
      imageHex.slice(16, 20),
      imageHex.slice(20, 32),
    ].join('-'),
    // A mix of custom schemes and https universal links, with some wallets having neither.
    mobile_link:
      index % 3 === 0 ? `gangwaywallet${n}://` : index % 3 === 1 ? `https://${slug}.example/wc` : null,
    desktop_link: index % 4 === 0 ? `gangwaydesktop${n}://` : null,
    webapp_link: index % 5 === 0 ? `https://app.${slug}.example` : null,
    chains: walletChains(index),
    rdns: index % 2 === 0 ? `example.${slug}` : null,
    badge_type: index % 4 === 0 ? 'certified' : 'none',
    // Where to get it ("Get <wallet>"): browser extensions (the wallets with an rdns) and apps.
    chrome_store: index % 2 === 0 ? `https://chromewebstore.google.com/detail/${slug}` : null,
    app_store: index % 3 !== 2 ? `https://apps.apple.com/app/${slug}/id${1_000_000 + n}` : null,
    play_store: index % 3 !== 2 ? `https://play.google.com/store/apps/details?id=example.${slug.replace(/-/g, '')}` : null,
  }
}

/** Records `from` (inclusive) to `to` (exclusive) of the generated directory. */
export function generateWalletRecords(from: number, to: number): WalletRecord[] {
  const out: WalletRecord[] = []
  for (let i = from; i < to; i++) out.push(generateWalletRecord(i))
  return out
}
