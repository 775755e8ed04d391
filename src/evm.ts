// The `gangway-kit/evm` entry: the EVM chain adapter (EIP-6963 / injected wallets over viem),
// network data and the EIP-1193 errors it maps to the spec's messages.
export { createEvmAdapter } from './adapters/evm/createEvmAdapter.js'
export type { EvmAdapterOptions } from './adapters/evm/createEvmAdapter.js'
export { defineEvmNetwork } from './adapters/evm/defineEvmNetwork.js'
// The wallet error classes it maps to are the core's (`gangway-kit`): WalletRejectedError, …
export { toEvmError } from './adapters/evm/evmErrors.js'
