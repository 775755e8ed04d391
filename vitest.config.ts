import { defineConfig } from 'vitest/config'

// Unit and property tests. End-to-end tests have their own config (vitest.e2e.config.ts)
// because they need the local stack and a browser.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/property/**/*.test.{ts,tsx}', 'test/fuzz/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The WalletConnect SDKs skip telemetry, verify and default RPC hosts under this flag.
    env: { IS_VITEST: 'true' },
    testTimeout: 20_000,
  },
})
