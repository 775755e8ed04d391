import type { FeatureChunks } from './core/features/defineFeature.js'

/**
 * WalletConnect's effects (pairing URI, its refresh, the session's news) and views (the QR code and
 * deep links), in chunks of their own: only a host that imports WalletConnect reaches them.
 */
export const WALLET_CONNECT_FEATURE: Required<FeatureChunks> = {
  effects: () => import('./core/effects/walletConnect/walletConnectEffects.js').then((m) => m.walletConnectEffects),
  views: () => import('./react/views/walletConnect/walletConnectViews.js').then((m) => m.walletConnectViews),
}
