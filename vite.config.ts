import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import { walletConnectDefine } from './dev/wallet/vite.config.ts'

/**
 * Builds the pages of the local stack (the demo host app and the dev wallet) into dist/dev.
 * Built in development mode so the demo keeps its devtools panel.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./dev', import.meta.url)),
  base: './',
  define: walletConnectDefine,
  build: {
    outDir: fileURLToPath(new URL('./dist/dev', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Readable component names in the demo's React DevTools pane.
    minify: false,
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      input: {
        demo: fileURLToPath(new URL('./dev/demo/index.html', import.meta.url)),
        wallet: fileURLToPath(new URL('./dev/wallet/index.html', import.meta.url)),
      },
    },
  },
  server: { host: '127.0.0.1' },
})
