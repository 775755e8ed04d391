import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serveStatic } from '../../../dev/stack/serveStatic'
import type { StackConfig } from '../../../dev/stack/stackConfig'

const require = createRequire(import.meta.url)
const CONFIG = fileURLToPath(new URL('./vite.config.ts', import.meta.url))

/**
 * Builds the wagmi host page into a temporary folder (never the stack's shared dist/dev) and
 * serves it on a free port of 127.0.0.1 with the stack's `/stack.json`. `stop()` stops the
 * server and removes the folder.
 */
export async function serveWagmiPage(stack: StackConfig): Promise<{ url: string; stop(): Promise<void> }> {
  const out = await mkdtemp(join(tmpdir(), 'gangway-wagmi-page-'))
  try {
    await viteBuild(out)
    const web = await serveStatic({ root: out, port: 0, json: { '/stack.json': stack } })
    return {
      url: `${web.url}/`,
      stop: async () => {
        await web.stop()
        await rm(out, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(out, { recursive: true, force: true })
    throw error
  }
}

function viteBuild(out: string): Promise<void> {
  // vite's package exports hide its bin, so resolve it next to package.json.
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js')
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', CONFIG, '--mode', 'development'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'development', GANGWAY_WAGMI_PAGE_OUT: out, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    })
    child.once('error', fail)
    child.once('exit', (code) => (code === 0 ? ok() : fail(new Error(`vite build of the wagmi page exited with ${code}`))))
  })
}
