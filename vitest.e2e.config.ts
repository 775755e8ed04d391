import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { ALONE_FILES } from './test/e2e/support/files.ts'
import { LongestFirstSequencer } from './test/e2e/support/sequencer.ts'

// End-to-end tests: real headless Chromium (Debian's) on the built demo, against the local
// stack (chains, gateway, relay, Solana, the embedded wallet's services) that the global setup
// starts once on free ports of 127.0.0.1.
//
// Files run side by side in E2E_WORKERS workers (default: one more than the cores, as they
// spend much of their time waiting on the browser and the stack), each with its own browser,
// contexts and funded accounts (test/e2e/support/fileAccounts.ts). The few files that flip
// stack-wide switches run first, one at a time, with nothing beside them; then the longest
// files start first (test/e2e/support/files.ts).
const workers = Number(process.env.E2E_WORKERS) || availableParallelism() + 1

export default defineConfig({
  test: {
    globalSetup: ['test/e2e/support/globalSetup.ts'],
    setupFiles: ['test/e2e/support/failureReport.ts'],
    environment: 'node',
    env: { IS_VITEST: 'true' },
    // Files share the machine's cores, so each step may take longer than on an idle machine:
    // the time allowed grows (a test, a condition polled for), what is checked does not.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 20_000 } },
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e alone',
          include: ALONE_FILES.map((file) => `test/e2e/${file}`),
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.e2e.test.ts'],
          exclude: [...configDefaults.exclude, ...ALONE_FILES.map((file) => `test/e2e/${file}`)],
          maxWorkers: workers,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
})
