import type { SolanaRuntime } from './createSolanaRuntime.js'
import type { walletConnectSolanaWallet } from './walletConnectSolanaWallet.js'

/**
 * What the Solana adapter lends WalletConnect's Solana side: its runtime (kit: build, check, send
 * and confirm transactions) and the facade that presents a WalletConnect session as a Wallet
 * Standard wallet. It travels on the adapter (`loadSolanaToolkit`), so the WalletConnect adapter
 * never imports Solana code: an app without `gangway-kit/solana` carries none of it.
 */
export type SolanaToolkit = { runtime: SolanaRuntime; walletConnectWallet: typeof walletConnectSolanaWallet }

/** A chain adapter that can lend the Solana toolkit (the one `createSolanaAdapter` returns). */
export type LendsSolanaToolkit = { loadSolanaToolkit?: () => Promise<SolanaToolkit> }
