import type { Network } from '../../core/domain/entities.js'
import type { ChainAdapter } from '../../core/ports.js'
import { createFrameConnector, type EmbeddedWalletOptions } from './createFrameConnector.js'
import { withEmbeddedWallet } from './withEmbeddedWallet.js'

/** The embedded wallet's code, in a chunk of its own: the frame client and its eip155 adapter. */
export function createEmbeddedWalletRuntime(options: EmbeddedWalletOptions, networks: readonly Network[], inner: ChainAdapter | undefined) {
  return withEmbeddedWallet(inner, createFrameConnector(options, networks))
}
