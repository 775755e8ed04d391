import { defineConfig } from 'vitest/config'

// Unit and property tests. End-to-end tests have their own config (vitest.e2e.config.ts)
// because they need the local stack and a browser.
//
// Most files share one module graph per worker (`isolate: false`): they test pure functions,
// reducers and effects on fakes, and re-importing viem, rxjs and the catalogue for each of 260
// files cost more than the tests themselves (alone on 2 cores the suite ran in 337 s instead of
// well over 500). The React tests (every .tsx file) keep a fresh graph per file: the views'
// lazy-module caches and the DOM belong to one file.
const ISOLATED = ['test/**/*.test.tsx', 'test/unit/react/**/*.test.ts']

export default defineConfig({
  test: {
    environment: 'node',
    // The WalletConnect SDKs skip telemetry, verify and default RPC hosts under this flag.
    env: { IS_VITEST: 'true' },
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/property/**/*.test.{ts,tsx}', 'test/fuzz/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...ISOLATED],
          isolate: false,
          setupFiles: ['test/support/preloadLazyModules.ts'],
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
})
