// The `gangway-kit/solana` entry: the Solana chain adapter (Wallet Standard wallets over @solana/kit,
// both optional peers loaded on first need) and Solana network data.
export { createSolanaAdapter } from './adapters/solana/createSolanaAdapter.js'
export type { SolanaAdapter, SolanaAdapterOptions, SolanaConnectRequest } from './adapters/solana/createSolanaAdapter.js'
export {
  defineSolanaNetwork,
  solanaLocalnet,
  solanaMainnet,
  solanaDevnet,
  solanaTestnet,
  SOLANA_MAINNET_ID,
  SOLANA_DEVNET_ID,
  SOLANA_TESTNET_ID,
} from './adapters/solana/defineSolanaNetwork.js'
// The wallet error classes it maps to are the core's (`gangway-kit`): WalletRejectedError, …
