import { GangwayError } from '../core/errors/base.js'

/**
 * Imports an optional peer dependency, turning "not installed" into a GangwayError that names
 * the package to install (or the packages: one that the peer itself needs without declaring it,
 * as react-devtools-inline's frontend needs react-is, is named beside it). Bundlers fill a
 * missing optional peer with a module that throws (Vite: 'Could not resolve "x" imported by
 * "gangway-kit". Is it installed?'); Node throws
 * ERR_MODULE_NOT_FOUND. Other failures (a chunk that did not load) pass through unchanged.
 *
 * @example
 * const backend = await importOptionalPeer('react-devtools-inline', 'the Components tab', () => import('react-devtools-inline/backend'))
 */
export async function importOptionalPeer<T>(pkg: string | readonly string[], feature: string, load: () => Promise<T>): Promise<T> {
  const pkgs = typeof pkg === 'string' ? [pkg] : pkg
  try {
    return await load()
  } catch (error) {
    if (!pkgs.some((p) => isMissingModule(error, p))) throw error
    throw new GangwayError(`Install ${pkgs.join(' and ')} to use ${feature}`, {
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
