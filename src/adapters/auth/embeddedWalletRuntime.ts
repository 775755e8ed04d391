import type { Network } from '../../core/domain/entities.js'
import type { ChainAdapter, WalletSession } from '../../core/ports.js'
import { createEvmAdapter } from '../evm/createEvmAdapter.js'
import { createFrameConnector, type EmbeddedWalletOptions, type FrameApp } from './createFrameConnector.js'

/**
 * The embedded wallet's code, in a chunk of its own: the frame client, and an EVM adapter for its
 * connector alone (the frame's EIP-1193 provider, through the EVM wallet code as any wallet's).
 * A connection made through it carries the way the visitor signed in (`email`, a social
 * provider or `farcaster`).
 */
export function createEmbeddedWalletRuntime(options: EmbeddedWalletOptions, networks: readonly Network[], app: FrameApp = {}) {
  const auth = createFrameConnector(options, networks, undefined, app)
  const evm = createEvmAdapter({ wallets: [{ connector: auth.connector, provider: auth.provider }], discover: false, prefetch: false })
  const withAuth = (session: WalletSession): WalletSession => (auth.user ? { ...session, auth: auth.user.auth } : session)
  const adapter: ChainAdapter = {
    ...evm,
    connect: (id, request) => evm.connect(id, request).then(withAuth),
    reconnect: (id, request) => evm.reconnect(id, request).then((s) => s && withAuth(s)),
  }
  return { auth, adapter }
}
