// Where the dev wallet learns its relay, chains and keys: `GET /stack.json` on its own origin,
// overridden by URL query parameters.
//
//   ?relay=ws://127.0.0.1:4001             the relay URL
//   ?rpc=31337=http://127.0.0.1:8545       an RPC URL for a chain id (repeat, or comma-separate)
//   ?rpc=http://127.0.0.1:8545             an RPC URL whose chain id is asked with eth_chainId
//   ?projectId=…                           any string (the local relay accepts every project id)
//
// With no stack.json, the query alone must name the relay and at least one RPC URL; the account
// then defaults to hardhat's first dev account.

export interface StackChain {
  chainId: number
  name: string
  rpcUrl: string
  /**
   * The chain's ERC-4337 bundler (stack.json's `bundlers`). With one, an account delegated to
   * Simple7702Account takes the app's paymaster (`paymasterService`) in wallet_sendCalls; without
   * one, that capability is 5700.
   */
  bundlerUrl?: string
}

export interface StackAccount {
  address: `0x${string}`
  privateKey: `0x${string}`
}

/** The local Solana validator, when the stack runs one: the wallet then offers the `solana` namespace. */
export interface StackSolana {
  /** `solana:<genesis-hash prefix>`. */
  caipNetworkId: string
  rpcUrl: string
}

/** The local Bitcoin node, when the stack runs one: the wallet then offers the `bip122` namespace. */
export interface StackBitcoin {
  /** `bip122:<genesis-hash prefix>`. */
  caipNetworkId: string
  /** Its Esplora API (UTXOs, fees, broadcast). */
  esploraUrl: string
}

export interface StackConfig {
  relayUrl: string
  projectId: string
  chains: StackChain[]
  accounts: StackAccount[]
  solana?: StackSolana
  bitcoin?: StackBitcoin
}

/** Hardhat's first default account ("test test … junk"): public knowledge, dev only. */
export const HARDHAT_ACCOUNT_0: StackAccount = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
}

export const DEFAULT_PROJECT_ID = 'gangway-dev'

type Fetch = (input: string, init?: RequestInit) => Promise<Response>

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function isHexOf(v: unknown, chars: number): v is `0x${string}` {
  return typeof v === 'string' && new RegExp(`^0x[0-9a-fA-F]{${chars}}$`).test(v)
}

/** Checks a stack.json document; returns what is usable of it, throwing on a wrong shape. */
export function parseStackJson(doc: unknown): Partial<StackConfig> {
  if (!isRecord(doc)) throw new Error('stack.json is not an object')
  const out: Partial<StackConfig> = {}
  if (doc.relayUrl !== undefined) {
    if (typeof doc.relayUrl !== 'string') throw new Error('stack.json: relayUrl must be a string')
    out.relayUrl = doc.relayUrl
  }
  if (doc.projectId !== undefined) {
    if (typeof doc.projectId !== 'string') throw new Error('stack.json: projectId must be a string')
    out.projectId = doc.projectId
  }
  if (doc.chains !== undefined) {
    if (!Array.isArray(doc.chains)) throw new Error('stack.json: chains must be an array')
    out.chains = doc.chains.map((c, i) => {
      if (!isRecord(c) || typeof c.chainId !== 'number' || typeof c.rpcUrl !== 'string') {
        throw new Error(`stack.json: chains[${i}] needs a numeric chainId and an rpcUrl`)
      }
      return { chainId: c.chainId, name: typeof c.name === 'string' ? c.name : `Chain ${c.chainId}`, rpcUrl: c.rpcUrl }
    })
  }
  // The stack's ERC-4337 bundlers (startStack's `bundlers`), one per chain it runs one on.
  if (doc.bundlers !== undefined) {
    if (!Array.isArray(doc.bundlers)) throw new Error('stack.json: bundlers must be an array')
    const bundlers = doc.bundlers.map((b, i) => {
      if (!isRecord(b) || typeof b.chainId !== 'number' || typeof b.bundlerUrl !== 'string') {
        throw new Error(`stack.json: bundlers[${i}] needs a numeric chainId and a bundlerUrl`)
      }
      return { chainId: b.chainId, bundlerUrl: b.bundlerUrl }
    })
    out.chains = out.chains?.map((chain) => {
      const bundler = bundlers.find((b) => b.chainId === chain.chainId)
      return bundler ? { ...chain, bundlerUrl: bundler.bundlerUrl } : chain
    })
  }
  if (doc.accounts !== undefined) {
    if (!Array.isArray(doc.accounts)) throw new Error('stack.json: accounts must be an array')
    out.accounts = doc.accounts.map((a, i) => {
      if (!isRecord(a) || !isHexOf(a.address, 40) || !isHexOf(a.privateKey, 64)) {
        throw new Error(`stack.json: accounts[${i}] needs an address and a 32-byte privateKey`)
      }
      return { address: a.address, privateKey: a.privateKey }
    })
  }
  // The stack's Solana keys (dev/solana's solanaStackConfig): the validator's chain and RPC URL.
  if (doc.solanaCaipNetworkId !== undefined || doc.solanaRpcUrl !== undefined) {
    const { solanaCaipNetworkId: caip, solanaRpcUrl: rpcUrl } = doc
    if (typeof caip !== 'string' || !/^solana:[-_a-zA-Z0-9]{1,32}$/.test(caip) || typeof rpcUrl !== 'string') {
      throw new Error('stack.json: solanaCaipNetworkId must be a solana: CAIP-2 id, with a solanaRpcUrl')
    }
    out.solana = { caipNetworkId: caip, rpcUrl }
  }
  // The stack's Bitcoin node (dev/bitcoin's stackConfig): its chain and Esplora URL.
  if (doc.bitcoin !== undefined) {
    const bitcoin = doc.bitcoin
    if (!isRecord(bitcoin) || typeof bitcoin.caipNetworkId !== 'string' || !/^bip122:[0-9a-f]{32}$/.test(bitcoin.caipNetworkId) || typeof bitcoin.esploraUrl !== 'string') {
      throw new Error('stack.json: bitcoin needs a bip122: CAIP-2 caipNetworkId and an esploraUrl')
    }
    out.bitcoin = { caipNetworkId: bitcoin.caipNetworkId, esploraUrl: bitcoin.esploraUrl }
  }
  return out
}

async function askChainId(rpcUrl: string, fetchImpl: Fetch): Promise<number> {
  const res = await fetchImpl(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  })
  const body = (await res.json()) as { result?: unknown }
  if (typeof body.result !== 'string') throw new Error(`${rpcUrl} did not answer eth_chainId`)
  return Number(BigInt(body.result))
}

/**
 * Resolves the wallet's configuration for a page at `origin` with query `search`.
 *
 * @example
 * const config = await loadStackConfig(location.origin, location.search)
 */
export async function loadStackConfig(origin: string, search: string, fetchImpl: Fetch = fetch): Promise<StackConfig> {
  const query = new URLSearchParams(search)
  let base: Partial<StackConfig> = {}
  let stackError: string | undefined
  try {
    const res = await fetchImpl(`${origin}/stack.json`, { cache: 'no-store' })
    if (res.ok) base = parseStackJson(await res.json())
    else stackError = `GET /stack.json: HTTP ${res.status}`
  } catch (e) {
    stackError = `GET /stack.json: ${e instanceof Error ? e.message : String(e)}`
  }

  const chains = new Map<number, StackChain>((base.chains ?? []).map((c) => [c.chainId, { ...c }]))
  const rpcOverrides = query
    .getAll('rpc')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0)
  for (const entry of rpcOverrides) {
    const m = /^(\d+)=(.+)$/.exec(entry)
    const chainId = m ? Number(m[1]) : await askChainId(entry, fetchImpl)
    const rpcUrl = m ? m[2]! : entry
    const known = chains.get(chainId)
    chains.set(chainId, { chainId, name: known?.name ?? `Chain ${chainId}`, rpcUrl })
  }

  const relayUrl = query.get('relay') ?? base.relayUrl
  if (!relayUrl) {
    throw new Error(`No relay URL: serve /stack.json or pass ?relay=ws://127.0.0.1:PORT${stackError ? ` (${stackError})` : ''}`)
  }
  if (chains.size === 0) {
    throw new Error(`No chains: serve /stack.json or pass ?rpc=CHAINID=URL${stackError ? ` (${stackError})` : ''}`)
  }
  const accounts = base.accounts && base.accounts.length > 0 ? base.accounts : [HARDHAT_ACCOUNT_0]
  return {
    relayUrl,
    projectId: query.get('projectId') ?? base.projectId ?? DEFAULT_PROJECT_ID,
    chains: [...chains.values()],
    accounts,
    ...(base.solana ? { solana: base.solana } : {}),
    ...(base.bitcoin ? { bitcoin: base.bitcoin } : {}),
  }
}
