// Builds the dev wallet page on its own: `npx vite build dev/wallet` → dev/wallet/dist.
//
// What the WalletConnect SDK needs in a browser build (the product-side adapter needs the same):
// - `define` `process.env.IS_VITEST` as "true": @walletconnect/core, sign-client and
//   universal-provider then skip telemetry (pulse), the verify iframe / API and their default
//   RPC host. The SDK tests it as `typeof process < "u" && process.env.IS_VITEST === "true"`,
//   so the page also needs a `process` global:
// - main.ts sets `globalThis.process ??= { env: {} }` and `globalThis.global ??= globalThis`
//   before it loads the SDK with a dynamic import().
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/** The build-time replacements a page bundling the WalletConnect SDK needs (reuse in other configs). */
export const walletConnectDefine = {
  'process.env.IS_VITEST': JSON.stringify('true'),
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the built page works wherever it is served from.
  base: './',
  define: walletConnectDefine,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 2048,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
