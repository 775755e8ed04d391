// Builds the embedded wallet frame page: `vite build -c dev/frame/vite.config.ts` →
// dist/dev-frame, which the auth service serves at /frame/.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs: the page works under /frame/ or wherever it is served from.
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../../dist/dev-frame', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    minify: false,
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
})
