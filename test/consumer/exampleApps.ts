// The example apps (examples/) as the consumer smoke and the package bench install them: a copy
// with the packed packages standing in for the registry's, and a wait for a server they start.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's examples/ folder. */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples', import.meta.url))

/**
 * A copy of examples/<name> without its builds and installs, the packages this repository packs
 * left out of its package.json: the tarballs stand in for the registry's versions it names.
 */
export function copyExample(name: string, to: string): string {
  const from = join(EXAMPLES_DIR, name)
  cpSync(from, to, { recursive: true, filter: (path) => !/\/(node_modules|dist|dist-test|\.next)(\/|$)/.test(path.slice(from.length)) })
  const manifest = JSON.parse(readFileSync(join(to, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>
  for (const field of ['dependencies', 'devDependencies']) for (const pkg of ['gangway-kit', 'gangway-kit-testing']) delete manifest[field]?.[pkg]
  writeFileSync(join(to, 'package.json'), JSON.stringify(manifest, null, 2))
  return to
}

/** Whether `url` answers (any status) within `ms`. */
export async function waitForHttp(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    try {
      await fetch(url)
      return true
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  return false
}
