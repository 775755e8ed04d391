import { defineConfig } from 'vitest/config'

// End-to-end tests: real headless Chromium (Debian's) on the built demo, against the local
// stack (chains, gateway, relay) that the global setup starts on free ports of 127.0.0.1.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/support/globalSetup.ts'],
    environment: 'node',
    env: { IS_VITEST: 'true' },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
