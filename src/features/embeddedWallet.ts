import type { EmbeddedWalletOptions } from '../adapters/auth/createFrameConnector.js'
import type { EmbeddedWalletSetup } from '../options/modalOptions.js'

/**
 * The `embeddedWallet` option of `createModal`: e-mail, social and Farcaster login through the
 * wallet frame at `frameUrl` (a page on its service's own origin). Its connector, effects and
 * views load in chunks of their own, the frame on first use; a host without it builds without
 * its code.
 *
 * @example
 * createModal({ projectId, adapters, networks, embeddedWallet: embeddedWallet({ frameUrl: 'https://auth.example.com/frame/' }) })
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletSetup {
  return {
    ...options,
    load: () => import('../adapters/auth/lazyEmbeddedWallet.js'),
    effects: () => import('../core/effects/embeddedWallet/embeddedWalletEffects.js').then((m) => m.embeddedWalletEffects),
    views: () => import('../react/views/embeddedWallet/embeddedWalletViews.js').then((m) => m.embeddedWalletViews),
  }
}
