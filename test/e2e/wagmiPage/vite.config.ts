import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The wagmi host page of the e2e test (wagmi.e2e.test.ts): built into the folder named by
 * GANGWAY_WAGMI_PAGE_OUT (a temporary one), never into the stack's shared dist/dev.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'error',
  build: {
    outDir: process.env.GANGWAY_WAGMI_PAGE_OUT ?? fileURLToPath(new URL('../../../node_modules/.cache/gangway-wagmi-page', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    chunkSizeWarningLimit: 8192,
  },
})
