import type { ChainDeps, CoreDeps } from '../../ports.js'

/** What the wallet effects use: the core ports and the chain adapters. */
export type WalletDeps = CoreDeps & ChainDeps
