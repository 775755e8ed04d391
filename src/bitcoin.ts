// The `gangway-kit/bitcoin` entry: the Bitcoin (bip122) chain adapter (Wallet Standard and
// btc_providers wallets; @scure/btc-signer and @wallet-standard/app, both optional peers, loaded
// on first need) and Bitcoin network data.
export { createBitcoinAdapter } from './adapters/bitcoin/createBitcoinAdapter.js'
export type { BitcoinAdapter, BitcoinAdapterOptions } from './adapters/bitcoin/createBitcoinAdapter.js'
export {
  defineBitcoinNetwork,
  bitcoinMainnet,
  bitcoinTestnet,
  bitcoinRegtest,
  BITCOIN_MAINNET_ID,
  BITCOIN_TESTNET_ID,
  BITCOIN_REGTEST_ID,
} from './adapters/bitcoin/defineBitcoinNetwork.js'
export type { BitcoinNetworkOptions, BitcoinChainKind } from './adapters/bitcoin/defineBitcoinNetwork.js'
export { isBitcoinAddress } from './adapters/bitcoin/isBitcoinAddress.js'
// The wallet error classes it maps to are the core's (`gangway-kit`): WalletRejectedError, …
