// The `gangway/evm` entry: the EVM chain adapter (EIP-6963 / injected wallets over viem),
// network data and the EIP-1193 errors it maps to the spec's messages.
export { createEvmAdapter } from './adapters/evm/createEvmAdapter.js'
export type { EvmAdapterOptions } from './adapters/evm/createEvmAdapter.js'
export { defineEvmNetwork } from './adapters/evm/defineEvmNetwork.js'
export {
  toEvmError,
  EvmRpcError,
  UserRejectedRequestError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  ProviderDisconnectedError,
  ChainDisconnectedError,
  UnrecognizedChainError,
} from './adapters/evm/evmErrors.js'
