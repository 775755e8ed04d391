import type { DevBundlerConfig } from '../bundler/startBundler'
import type { DevAccount, DevAmm, DevChain, DevCollection, DevToken } from '../chain/startChains'
import type { DevBitcoinStackConfig } from '../bitcoin/startBitcoinNode'
import type { DevSolanaStackConfig } from '../solana/startSolanaValidator'

/** What the pages of the local stack read from `/stack.json`. */
export type StackConfig = {
  projectId: string
  chains: DevChain[]
  tokens: DevToken[]
  /** ERC-721 collections: token `i + 1` of each held by account `i`. */
  collections: DevCollection[]
  /** Uniswap V2 (factory, router, WETH) on each chain, with ETH/GUSD, ETH/USDC and GUSD/USDC pools. */
  amm: DevAmm[]
  accounts: DevAccount[]
  /** Names the gateway's name API resolves: `DEV_NAMES[i]` is account `i + 1`'s (account 0, the dev wallet's, has none to register). */
  names: Record<string, `0x${string}`>
  gatewayUrl: string
  relayUrl: string
  walletUrl: string
  /** The embedded wallet's auth service; its frame page; the inbox its codes and links are mailed to. */
  authUrl: string
  frameUrl: string
  mailUrl: string
  /**
   * ERC-4337 bundlers (EntryPoints 0.7 and 0.8) and ERC-7677 sponsoring paymasters, one per chain
   * when the stack was started with them (`startStack({ bundler: true })`, `GANGWAY_BUNDLER=1 npm start`); empty otherwise.
   */
  bundlers: DevBundlerConfig[]
  /**
   * The local Bitcoin node (regtest): its CAIP-2 id, its Esplora API's base URL (the gateway serves
   * the same API at `{gatewayUrl}/v1/esplora/{reference}`) and the dev accounts' addresses (`bcrt1…`).
   * Absent when the stack runs without it (the testing kit where bcoin is not installed).
   */
  bitcoin?: DevBitcoinStackConfig
} & DevSolanaStackConfig

export const DEMO_PROJECT_ID = 'gangway-demo'

/** The names of dev accounts 1–4 (a Send can go to 'bobby.gangway'); account 0, the dev wallet's, is left to register one. */
export const DEV_NAMES = ['bobby.gangway', 'carol.gangway', 'david.gangway', 'erin.gangway'] as const

/** Dev accounts 1–4's names, for the gateway's name API. */
export function devNames(accounts: readonly { address: `0x${string}` }[]): Record<string, `0x${string}`> {
  return Object.fromEntries(accounts.slice(1, DEV_NAMES.length + 1).map((a, i) => [DEV_NAMES[i]!, a.address]))
}

/** Reads the stack configuration the page is served with. */
export async function loadStackConfig(): Promise<StackConfig> {
  const res = await fetch('/stack.json', { cache: 'no-store' })
  if (!res.ok) throw new Error(`GET /stack.json answered ${res.status}`)
  return (await res.json()) as StackConfig
}
