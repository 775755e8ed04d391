import { GangwayError } from '../core/errors/base.js'

/**
 * Imports an optional peer dependency, turning "not installed" into a GangwayError that names
 * the package to install. Bundlers fill a missing optional peer with a module that throws
 * (Vite: 'Could not resolve "x" imported by "gangway". Is it installed?'); Node throws
 * ERR_MODULE_NOT_FOUND. Other failures (a chunk that did not load) pass through unchanged.
 *
 * @example
 * const backend = await importOptionalPeer('react-devtools-inline', 'the Components tab', () => import('react-devtools-inline/backend'))
 */
export async function importOptionalPeer<T>(pkg: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (!isMissingModule(error, pkg)) throw error
    throw new GangwayError(`Install ${pkg} to use ${feature}`, {
      code: 'MISSING_PEER_DEPENDENCY',
      details: error instanceof Error ? error.message : String(error),
      cause: error,
    })
  }
}

function isMissingModule(error: unknown, pkg: string): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return message.includes(pkg)
  return message.includes(pkg) && /could not resolve|cannot find|failed to resolve|not installed|is it installed/i.test(message)
}
