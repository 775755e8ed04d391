import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { LongestFirstSequencer } from './test/e2e/support/sequencer.ts'

// End-to-end tests: real headless Chromium (Debian's) on the built demo, against the local
// stack (chains, gateway, relay, Solana, the embedded wallet's services) that the global setup
// starts once on free ports of 127.0.0.1.
//
// Files run side by side in E2E_WORKERS workers (default: one more than the cores, as they
// spend most of their time waiting on the browser and the stack: alone on 2 cores, three
// workers kept 0.7 of a core busy; beside the unit suite a fourth only slowed the others), each
// with its own browser, contexts and funded accounts (test/e2e/support/fileAccounts.ts); a file
// that flips the gateway's switches has a gateway of its own. The longest files start first
// (test/e2e/support/files.ts).
const workers = Number(process.env.E2E_WORKERS) || availableParallelism() + 1

export default defineConfig({
  test: {
    globalSetup: ['test/e2e/support/globalSetup.ts'],
    setupFiles: ['test/e2e/support/failureReport.ts'],
    environment: 'node',
    env: { IS_VITEST: 'true' },
    // Files share the machine's cores, so each step may take longer than on an idle machine:
    // the time allowed grows (a test, a condition polled for), what is checked does not. In a full
    // run (the e2e files beside the unit suite and the smoke test's builds, 2 cores) a file takes
    // 5–8 times as long as alone: a reload test of 20 s alone passed 120 s there.
    testTimeout: 240_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 20_000 } },
    sequence: { sequencer: LongestFirstSequencer },
    include: ['test/e2e/**/*.e2e.test.ts'],
    maxWorkers: workers,
  },
})
