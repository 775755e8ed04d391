import type { BitcoinRuntime } from './createBitcoinRuntime.js'
import type { walletConnectBitcoinAccounts, walletConnectBitcoinWallet } from './walletConnectBitcoinWallet.js'

/**
 * What the Bitcoin adapter lends WalletConnect's Bitcoin side: its runtime (@scure/btc-signer:
 * build, check and broadcast PSBTs, balances and confirmations over Esplora) and the facade that
 * presents a WalletConnect session as a Bitcoin wallet. It travels on the adapter
 * (`loadBitcoinToolkit`), so the WalletConnect adapter never imports Bitcoin code: an app without
 * `gangway-kit/bitcoin` carries none of it.
 */
export type BitcoinToolkit = {
  runtime: BitcoinRuntime
  walletConnectWallet: typeof walletConnectBitcoinWallet
  walletConnectAccounts: typeof walletConnectBitcoinAccounts
}

/** A chain adapter that can lend the Bitcoin toolkit (the one `createBitcoinAdapter` returns). */
export type LendsBitcoinToolkit = { loadBitcoinToolkit?: () => Promise<BitcoinToolkit> }
