// Setup of the test files that share one module graph (vitest.config.ts, project `shared`): the
// modules a modal loads on demand (its engine, the API clients, the lazy features, …) are in the
// graph from the start. Otherwise a modal whose test has ended may still ask for one of them,
// and if that happens as the run ends the load fails after the environment is torn down.
export {}
await Promise.all([
  import('../../src/modalEngine'),
  import('../../src/adapters/auth/lazyEmbeddedWallet'),
  import('../../src/adapters/api/createWalletDirectoryClient'),
  import('../../src/adapters/api/createBlockchainApiClient'),
  import('../../src/adapters/api/loadPageConfiguration'),
  import('../../src/adapters/api/createAnalyticsClient'),
  import('../../src/core/effects/connection/prepareSend'),
  import('../../src/core/features/swaps'),
  import('../../src/core/features/onramp'),
  import('../../src/core/features/names'),
  import('../../src/core/effects/embeddedWallet/embeddedWalletEffects'),
  import('../../src/core/effects/walletConnect/walletConnectEffects'),
  import('../../src/core/errors/deserializeError'),
  import('viem/siwe'),
])
