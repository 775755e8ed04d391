import { base58 } from '@scure/base'
import { isCaipNetworkId } from '../../core/domain/caip.js'
import type { CaipNetworkId, Network } from '../../core/domain/entities.js'
import { InvalidCaipNetworkIdError } from '../../core/errors/domain.js'

/** A Solana cluster's CAIP-2 reference: the first 32 characters of its genesis hash. */
const REFERENCE_LENGTH = 32
const SOL = Object.freeze({ name: 'Solana', symbol: 'SOL', decimals: 9 })

/** The CAIP-2 ids of Solana's public clusters (genesis hash prefixes). */
export const SOLANA_MAINNET_ID = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const SOLANA_DEVNET_ID = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
export const SOLANA_TESTNET_ID = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
/** The Wallet Standard's name for a local validator (its genesis hash is the validator's own). */
export const SOLANA_LOCALNET_CHAIN = 'solana:localnet'

/** Wallet Standard cluster names (`solana:mainnet`, …) and the CAIP-2 ids they stand for. */
const CLUSTER_ALIASES: ReadonlyMap<string, string> = new Map([
  ['solana:mainnet', SOLANA_MAINNET_ID],
  ['solana:devnet', SOLANA_DEVNET_ID],
  ['solana:testnet', SOLANA_TESTNET_ID],
])

/**
 * A Solana network as spec §3 Network data. Its CAIP-2 id is `solana:` and the first 32
 * characters of the cluster's genesis hash (give `genesisHash`, checked as base58 of 32 bytes),
 * or a reference of your own (`id`, at most 32 of `[-_a-zA-Z0-9]`).
 *
 * @example
 * defineSolanaNetwork({ genesisHash: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d', name: 'Solana', rpcUrl: 'https://api.mainnet-beta.solana.com' })
 * // { id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', nativeCurrency: SOL, … }
 */
export function defineSolanaNetwork(options: SolanaNetworkOptions): Network {
  return solanaNetwork(referenceOf(options), options)
}

type SolanaNetworkOptions = {
  /** The cluster's genesis hash (base58); its first 32 characters are the CAIP-2 reference. */
  genesisHash?: string
  /** The CAIP-2 reference itself, when no genesis hash is given. */
  id?: string
  name: string
  rpcUrl: string | string[]
  /** The PubSub WebSocket URL(s). */
  wsUrl?: string | string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageUrl?: string
}

/** The Network data of a cluster whose CAIP-2 reference is known to be valid. */
function solanaNetwork(reference: string, options: SolanaNetworkOptions): Network {
  const caipNetworkId = `solana:${reference}` as CaipNetworkId
  if (!isCaipNetworkId(caipNetworkId)) throw new InvalidCaipNetworkIdError(caipNetworkId)
  const http = Array.isArray(options.rpcUrl) ? [...options.rpcUrl] : [options.rpcUrl]
  const ws = options.wsUrl === undefined ? undefined : Array.isArray(options.wsUrl) ? [...options.wsUrl] : [options.wsUrl]
  const urls = () => ({ http: [...http], ...(ws ? { webSocket: [...ws] } : {}) })
  return {
    id: reference,
    name: options.name,
    chainNamespace: 'solana',
    caipNetworkId,
    nativeCurrency: { ...SOL },
    rpcUrls: { default: urls(), chainDefault: urls() },
    ...(options.blockExplorer ? { blockExplorers: { default: { ...options.blockExplorer } } } : {}),
    ...(options.testnet !== undefined ? { testnet: options.testnet } : {}),
    ...(options.imageUrl ? { assets: { imageUrl: options.imageUrl } } : {}),
  }
}

function referenceOf(options: { genesisHash?: string; id?: string }): string {
  if (options.genesisHash !== undefined) {
    // A genesis hash is 32 bytes in base58, like an address (checked with @scure/base).
    if (!isBase58Of32Bytes(options.genesisHash)) throw new InvalidCaipNetworkIdError(`solana:${String(options.genesisHash)}`)
    return options.genesisHash.slice(0, REFERENCE_LENGTH)
  }
  const id = options.id
  if (typeof id !== 'string' || !/^[-_a-zA-Z0-9]{1,32}$/.test(id)) throw new InvalidCaipNetworkIdError(`solana:${String(id)}`)
  return id
}

// Optimization: the public clusters are built from their known CAIP-2 references, so a host
// using them does not ship the base58 check defineSolanaNetwork runs on a genesis hash (a test
// checks each against its genesis hash).

/** Solana mainnet (mainnet-beta). */
export const solanaMainnet: Network = /* @__PURE__ */ solanaNetwork('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', {
  name: 'Solana',
  rpcUrl: 'https://api.mainnet-beta.solana.com',
  wsUrl: 'wss://api.mainnet-beta.solana.com',
  blockExplorer: { name: 'Solana Explorer', url: 'https://explorer.solana.com' },
  testnet: false,
})

/** Solana devnet. */
export const solanaDevnet: Network = /* @__PURE__ */ solanaNetwork('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', {
  name: 'Solana Devnet',
  rpcUrl: 'https://api.devnet.solana.com',
  wsUrl: 'wss://api.devnet.solana.com',
  blockExplorer: { name: 'Solana Explorer', url: 'https://explorer.solana.com/?cluster=devnet' },
  testnet: true,
})

/** Solana testnet. */
export const solanaTestnet: Network = /* @__PURE__ */ solanaNetwork('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', {
  name: 'Solana Testnet',
  rpcUrl: 'https://api.testnet.solana.com',
  wsUrl: 'wss://api.testnet.solana.com',
  blockExplorer: { name: 'Solana Explorer', url: 'https://explorer.solana.com/?cluster=testnet' },
  testnet: true,
})

/**
 * A local validator (`solana-test-validator`, Gangway's `dev/solana`) at `rpcUrl`, its PubSub on
 * the next port unless `wsUrl` says otherwise. Give its `genesisHash` (RPC `getGenesisHash`) or its
 * CAIP-2 id for the network id a wallet reports; without either the reference is `localnet`.
 * Wallets know it as `solana:localnet`.
 *
 * @example
 * solanaLocalnet('http://127.0.0.1:8899', { caipNetworkId: 'solana:2EPTjCbpZFdiRDpjoRB4MxbTsVktZbGr' })
 */
export function solanaLocalnet(
  rpcUrl: string,
  options: { genesisHash?: string; caipNetworkId?: string; wsUrl?: string; name?: string } = {},
): Network {
  const fromCaip = options.caipNetworkId?.startsWith('solana:') ? options.caipNetworkId.slice('solana:'.length) : undefined
  if (options.caipNetworkId !== undefined && fromCaip === undefined) throw new InvalidCaipNetworkIdError(options.caipNetworkId)
  return defineSolanaNetwork({
    ...(options.genesisHash !== undefined ? { genesisHash: options.genesisHash } : { id: fromCaip ?? 'localnet' }),
    name: options.name ?? 'Solana Localnet',
    rpcUrl,
    wsUrl: options.wsUrl ?? nextPortWebSocket(rpcUrl),
    testnet: true,
  })
}

/** `http://host:8899` → `ws://host:8900` (the validator's PubSub port). */
function nextPortWebSocket(rpcUrl: string): string | string[] {
  try {
    const url = new URL(rpcUrl)
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
    const port = Number(url.port || (url.protocol === 'wss:' ? 443 : 80))
    url.port = String(port + 1)
    return url.toString().replace(/\/$/, '')
  } catch {
    return []
  }
}

/**
 * The chain ids a Wallet Standard wallet may list for `network`: its CAIP-2 id, and the
 * cluster's name (`solana:mainnet`, …; `solana:localnet` for a validator on this machine).
 *
 * @example
 * walletChainsOf(solanaDevnet) // ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'solana:devnet']
 */
export function walletChainsOf(network: Network): string[] {
  const chains = [network.caipNetworkId as string]
  for (const [alias, caip] of CLUSTER_ALIASES) if (caip === network.caipNetworkId) chains.push(alias)
  if (isLocalNetwork(network)) chains.push(SOLANA_LOCALNET_CHAIN)
  return chains
}

/**
 * The CAIP-2 id a wallet's chain stands for: cluster names become their genesis ids; a
 * `solana:<reference>` id stays; anything else (other namespaces, `solana:localnet`, whose
 * genesis is the validator's) is null.
 */
export function caipNetworkIdOfWalletChain(chain: string): CaipNetworkId | null {
  const alias = CLUSTER_ALIASES.get(chain)
  if (alias) return alias as CaipNetworkId
  if (chain === SOLANA_LOCALNET_CHAIN || !/^solana:[-_a-zA-Z0-9]{1,32}$/.test(chain)) return null
  return chain as CaipNetworkId
}

/** A validator on this machine (its RPC on a loopback host), or a network with the `localnet` reference. */
function isLocalNetwork(network: Network): boolean {
  if (network.id === 'localnet') return true
  const url = network.rpcUrls.default.http[0]
  if (!url) return false
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host === '[::1]' || /^127\./.test(host)
  } catch {
    return false
  }
}

function isBase58Of32Bytes(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}
