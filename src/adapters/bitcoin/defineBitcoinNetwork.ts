import { isCaipNetworkId } from '../../core/domain/caip.js'
import type { CaipNetworkId, Network } from '../../core/domain/entities.js'
import { InvalidCaipNetworkIdError } from '../../core/errors/domain.js'

/** A Bitcoin network's CAIP-2 reference (BIP-122): the first 32 hex digits of its genesis block hash. */
const REFERENCE_LENGTH = 32
const BTC = Object.freeze({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })

/** The CAIP-2 ids of Bitcoin's networks (BIP-122: genesis hash prefixes). */
export const BITCOIN_MAINNET_ID = 'bip122:000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET_ID = 'bip122:000000000933ea01ad0ee984209779ba'
export const BITCOIN_REGTEST_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

/** Regtest's genesis block hash (the same for every regtest node). */
export const REGTEST_GENESIS = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

/** Which address rules a network's addresses follow (its bech32 prefix and base58 versions). */
export type BitcoinChainKind = 'mainnet' | 'testnet' | 'regtest'

/** Address parameters per kind, as Bitcoin Core writes them (regtest is `bcrt`, never bcoin's `rb`). */
export const BITCOIN_ADDRESS_PARAMS: Readonly<Record<BitcoinChainKind, { bech32: string; pubKeyHash: number; scriptHash: number; wif: number }>> = Object.freeze({
  mainnet: Object.freeze({ bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }),
  testnet: Object.freeze({ bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }),
  regtest: Object.freeze({ bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }),
})

/** The kind of each known network, by CAIP-2 id; a network defined with `kind` is remembered too. */
const KINDS = new Map<string, BitcoinChainKind>([
  [BITCOIN_MAINNET_ID, 'mainnet'],
  [BITCOIN_TESTNET_ID, 'testnet'],
  [BITCOIN_REGTEST_ID, 'regtest'],
])

export type BitcoinNetworkOptions = {
  /** The genesis block hash (64 hex digits); its first 32 are the CAIP-2 reference. */
  genesisHash: string
  name: string
  /**
   * Esplora base URL(s) (`https://mempool.space/api`): balances, UTXOs, fees and broadcast go
   * there, after the gateway's Esplora routes when the modal has a gateway.
   */
  rpcUrl: string | string[]
  /** The address rules (default: mainnet for Bitcoin's genesis, testnet otherwise). */
  kind?: BitcoinChainKind
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

/**
 * A Bitcoin network as spec §3 Network data: CAIP-2 `bip122:` and the first 32 hex digits of its
 * genesis hash, BTC with 8 decimals, and Esplora base URLs as its `rpcUrls`.
 *
 * @example
 * defineBitcoinNetwork({ genesisHash: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206', name: 'Bitcoin Regtest', rpcUrl: 'http://127.0.0.1:3002', kind: 'regtest' })
 */
export function defineBitcoinNetwork(options: BitcoinNetworkOptions): Network {
  const hash = options.genesisHash
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) throw new InvalidCaipNetworkIdError(`bip122:${String(hash)}`)
  const reference = hash.slice(0, REFERENCE_LENGTH)
  const caipNetworkId = `bip122:${reference}` as CaipNetworkId
  if (!isCaipNetworkId(caipNetworkId)) throw new InvalidCaipNetworkIdError(caipNetworkId)
  const kind = options.kind ?? KINDS.get(caipNetworkId) ?? 'testnet'
  if (!(kind in BITCOIN_ADDRESS_PARAMS)) throw new InvalidCaipNetworkIdError(`${caipNetworkId} (unknown kind ${String(kind)})`)
  if (!KINDS.has(caipNetworkId)) KINDS.set(caipNetworkId, kind)
  const http = (Array.isArray(options.rpcUrl) ? [...options.rpcUrl] : [options.rpcUrl]).map((u) => u.replace(/\/+$/, ''))
  return {
    id: reference,
    name: options.name,
    chainNamespace: 'bip122',
    caipNetworkId,
    nativeCurrency: { ...BTC },
    rpcUrls: { default: { http: [...http] }, chainDefault: { http: [...http] } },
    ...(options.blockExplorer ? { blockExplorers: { default: { ...options.blockExplorer } } } : {}),
    testnet: options.testnet ?? kind !== 'mainnet',
    ...(options.imageUrl ? { assets: { imageUrl: options.imageUrl } } : {}),
  }
}

/**
 * The address rules of a Bitcoin network: those of a known genesis (or of a network defined with
 * `kind`), else testnet's.
 *
 * @example
 * bitcoinChainKind(bitcoinRegtest) // 'regtest'
 */
export function bitcoinChainKind(network: Pick<Network, 'caipNetworkId'>): BitcoinChainKind {
  return KINDS.get(network.caipNetworkId) ?? 'testnet'
}

/** The Wallet Standard's name for a network (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`). */
export function walletChainOf(network: Pick<Network, 'caipNetworkId'>): string {
  return `bitcoin:${bitcoinChainKind(network)}`
}

/**
 * The CAIP-2 id a Wallet Standard chain name stands for (`bitcoin:regtest` → regtest's), or the
 * name itself when it already is a `bip122:` id; null for anything else.
 */
export function caipNetworkIdOfWalletChain(chain: string): CaipNetworkId | null {
  if (chain === 'bitcoin:mainnet') return BITCOIN_MAINNET_ID
  if (chain === 'bitcoin:testnet') return BITCOIN_TESTNET_ID
  if (chain === 'bitcoin:regtest') return BITCOIN_REGTEST_ID
  return chain.startsWith('bip122:') && isCaipNetworkId(chain) ? (chain as CaipNetworkId) : null
}

/** Bitcoin mainnet, read over mempool.space's Esplora API. */
export const bitcoinMainnet: Network = /* @__PURE__ */ defineBitcoinNetwork({
  genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  name: 'Bitcoin',
  rpcUrl: 'https://mempool.space/api',
  kind: 'mainnet',
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space' },
})

/** Bitcoin testnet (testnet3), read over mempool.space's Esplora API. */
export const bitcoinTestnet: Network = /* @__PURE__ */ defineBitcoinNetwork({
  genesisHash: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
  name: 'Bitcoin Testnet',
  rpcUrl: 'https://mempool.space/testnet/api',
  kind: 'testnet',
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space/testnet' },
})

/**
 * Bitcoin regtest (Core's `bcrt` addresses). It has no Esplora URL of its own: it is read through
 * the gateway's Esplora routes; for a node of your own, `defineBitcoinNetwork` with its genesis
 * hash, `kind: 'regtest'` and your Esplora URL.
 */
export const bitcoinRegtest: Network = /* @__PURE__ */ defineBitcoinNetwork({
  genesisHash: REGTEST_GENESIS,
  name: 'Bitcoin Regtest',
  rpcUrl: [],
  kind: 'regtest',
})
