import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * Builds the stack's pages with Vite, in development mode: the demo and the wallet into dist/dev,
 * then the embedded wallet's frame into dist/dev-frame (the auth service serves it on its own origin).
 */
export async function buildPages(options: { quiet?: boolean } = {}): Promise<void> {
  await viteBuild([], options)
  await viteBuild(['-c', 'dev/frame/vite.config.ts'], options)
}

function viteBuild(args: string[], options: { quiet?: boolean }): Promise<void> {
  // vite's package exports hide its bin, so resolve it next to package.json.
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js')
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [vite, 'build', ...args, '--mode', 'development', '--logLevel', options.quiet ? 'error' : 'warn'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      // Vite keeps NODE_ENV=production for any build mode unless told; the demo wants its devtools.
      env: { ...process.env, NODE_ENV: 'development', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    })
    child.once('error', fail)
    child.once('exit', (code) => (code === 0 ? ok() : fail(new Error(`vite build exited with ${code}`))))
  })
}
