import type { DevAccount, DevChain, DevCollection, DevToken } from '../chain/startChains'
import type { DevSolanaStackConfig } from '../solana/startSolanaValidator'

/** What the pages of the local stack read from `/stack.json`. */
export type StackConfig = {
  projectId: string
  chains: DevChain[]
  tokens: DevToken[]
  /** ERC-721 collections: token `i + 1` of each held by account `i`. */
  collections: DevCollection[]
  accounts: DevAccount[]
  gatewayUrl: string
  relayUrl: string
  walletUrl: string
} & DevSolanaStackConfig

export const DEMO_PROJECT_ID = 'gangway-demo'

/** Reads the stack configuration the page is served with. */
export async function loadStackConfig(): Promise<StackConfig> {
  const res = await fetch('/stack.json', { cache: 'no-store' })
  if (!res.ok) throw new Error(`GET /stack.json answered ${res.status}`)
  return (await res.json()) as StackConfig
}
