import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The stock Vite React config; the smoke test picks the page to build (PAGE) and reads the
// manifest to find each page's initial chunks.
const page = process.env['PAGE'] ?? 'index'

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: process.env['OUT_DIR'] ?? `dist-${page}`,
    manifest: true,
    rollupOptions: { input: `${page}.html` },
  },
})
