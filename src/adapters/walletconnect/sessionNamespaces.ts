import { base58 } from '@scure/base'
import { getAddress, isAddress } from 'viem'
import type { ChainNamespace, Network, SessionNamespace } from '../../core/domain/entities.js'
import { isCaipAddress, parseCaipAddress } from '../../core/domain/caip.js'

/** The wallet events a session subscribes to (spec §3). */
export const SESSION_EVENTS: readonly string[] = /* @__PURE__ */ Object.freeze(['accountsChanged', 'chainChanged'])

/**
 * The methods asked for per namespace: what the modal signs and sends, the chain switch, EIP-5792's
 * calls and ERC-7715's permissions (under their current names and the older ones a wallet may
 * still answer to); a wallet refuses a session request for a method the session was not given.
 */
export const SESSION_METHODS: Readonly<Partial<Record<ChainNamespace, readonly string[]>>> = /* @__PURE__ */ Object.freeze({
  eip155: Object.freeze([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
    'wallet_requestExecutionPermissions',
    'wallet_revokeExecutionPermission',
    'wallet_getGrantedExecutionPermissions',
    'wallet_getSupportedExecutionPermissions',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
  ]),
  solana: Object.freeze(['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction']),
  // Reown's Bitcoin RPC reference: what the Bitcoin adapter signs and reads.
  bip122: Object.freeze(['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses']),
})

/**
 * The session namespaces a connect asks for (spec §3: methods, events, chains, rpcMap), one per
 * chain namespace of `networks`, chains as CAIP-2 ids in the host's order and each chain's first
 * RPC URL in `rpcMap` (keyed by chain reference, as the provider looks it up: `31337`, or a
 * Solana cluster's genesis-hash prefix), so no request goes to a default RPC host. Solana
 * networks add the `solana` namespace, Bitcoin ones `bip122`; an app without them asks for neither.
 *
 * @example
 * sessionNamespaces([localhost]).eip155
 * // { methods: ['personal_sign', …], events: ['accountsChanged', 'chainChanged'], chains: ['eip155:31337'], rpcMap: { '31337': 'http://127.0.0.1:8545' } }
 */
export function sessionNamespaces(networks: readonly Network[]): Record<string, SessionNamespace> {
  const out: Record<string, SessionNamespace> = {}
  for (const network of networks) {
    const ns = (out[network.chainNamespace] ??= {
      methods: [...(SESSION_METHODS[network.chainNamespace] ?? [])],
      events: [...SESSION_EVENTS],
      chains: [],
      rpcMap: {},
    })
    if (ns.chains.includes(network.caipNetworkId)) continue
    ns.chains.push(network.caipNetworkId)
    const url = network.rpcUrls.default.http[0]
    if (url) ns.rpcMap![network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1)] = url
  }
  return out
}

/** What an approved session grants in one namespace. */
export type SessionGrant = {
  /**
   * The accounts, unique, in the wallet's order (EVM addresses checksummed, Solana ones base58 of
   * 32 bytes, Bitcoin ones of an address's characters: the Bitcoin adapter checks them against the network).
   */
  accounts: string[]
  /** CAIP-2 ids of the approved chains. */
  chains: string[]
}

type ApprovedNamespace = { accounts?: readonly string[]; chains?: readonly string[] }

/**
 * Reads the accounts and chains a session approved in `namespace`. Chains come from the
 * namespace's `chains`, else from its CAIP-10 accounts.
 *
 * @example
 * sessionGrant({ eip155: { accounts: ['eip155:1:0xab…'] } }, 'eip155') // { accounts: ['0xAb…'], chains: ['eip155:1'] }
 */
export function sessionGrant(namespaces: Readonly<Record<string, ApprovedNamespace>> | undefined, namespace: ChainNamespace): SessionGrant {
  const accounts: string[] = []
  const chains: string[] = []
  // A wallet's session is outside input: for eip155, chains must be positive integer ids and
  // accounts addresses (viem's check); for solana, chains CAIP-2 references and accounts 32
  // bytes of base58; for bip122, chains genesis-hash prefixes and accounts of bech32 / base58
  // characters; anything else is left out of the grant.
  const evm = namespace === 'eip155'
  const sol = namespace === 'solana'
  const btc = namespace === 'bip122'
  const validChain = (chain: unknown): chain is string =>
    typeof chain === 'string' && (evm ? isEip155Chain(chain) : sol ? SOLANA_CHAIN.test(chain) : btc ? BITCOIN_CHAIN.test(chain) : true)
  for (const [key, ns] of Object.entries(namespaces ?? {})) {
    // A namespace key may carry its chain inline (`eip155:1`).
    if (key !== namespace && !key.startsWith(`${namespace}:`)) continue
    if (ns === null || typeof ns !== 'object') continue
    const listed = Array.isArray(ns.chains) ? ns.chains.filter(validChain) : []
    for (const chain of listed) if (!chains.includes(chain)) chains.push(chain)
    for (const account of Array.isArray(ns.accounts) ? ns.accounts : []) {
      if (!isCaipAddress(account)) continue
      const parsed = parseCaipAddress(account)
      if (!validChain(parsed.caipNetworkId)) continue
      if (evm && !isAddress(parsed.address)) continue
      if (sol && !isSolanaAddress(parsed.address)) continue
      if (btc && !BITCOIN_ADDRESS.test(parsed.address)) continue
      if (!chains.includes(parsed.caipNetworkId) && listed.length === 0) chains.push(parsed.caipNetworkId)
      const address = evm ? getAddress(parsed.address) : parsed.address
      if (!accounts.includes(address)) accounts.push(address)
    }
  }
  return { accounts, chains }
}

/** A Solana CAIP-2 id: `solana:` and a reference of CAIP-2's characters (a genesis-hash prefix). */
const SOLANA_CHAIN = /^solana:[-_a-zA-Z0-9]{1,32}$/

/** A Bitcoin CAIP-2 id: `bip122:` and the first 32 hex digits of the genesis block's hash. */
const BITCOIN_CHAIN = /^bip122:[0-9a-f]{32}$/

/** The characters and length of a Bitcoin address (bech32 / bech32m or base58). */
const BITCOIN_ADDRESS = /^[a-zA-Z0-9]{14,90}$/

/** Whether `value` is a Solana address: base58 of 32 bytes (@scure/base, so kit need not be loaded). */
export function isSolanaAddress(value: string): boolean {
  if (value.length < 32 || value.length > 44) return false
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}

/** Whether a CAIP-2 id is an eip155 chain with a positive safe integer reference. */
function isEip155Chain(chain: string): boolean {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(chain)
  return match !== null && Number.isSafeInteger(Number(match[1]))
}

/**
 * The chain a new session starts on: the first of the host's networks the wallet approved (the
 * host's order is its preference), else the session's first chain.
 *
 * @example
 * startChain(['eip155:31338', 'eip155:31337'], ['eip155:31337', 'eip155:31338']) // 'eip155:31337'
 */
export function startChain(approved: readonly string[], preferred: readonly string[]): string | null {
  return preferred.find((c) => approved.includes(c)) ?? approved[0] ?? null
}
