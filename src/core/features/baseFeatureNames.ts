/**
 * The names of the features every modal composes from the start (`BASE_FEATURES`, in order),
 * apart from their manifests: the options check in the first bundle refuses a host module that
 * takes one, without loading the features.
 */
export const BASE_FEATURE_NAMES = ['modal', 'connection', 'siwx', 'data', 'accountSheet', 'walletConnect', 'embeddedWallet', 'persistence'] as const
