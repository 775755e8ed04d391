import { GangwayError } from '../core/errors/base.js'
import { isProductionBuild } from '../core/isProductionBuild.js'

/**
 * Imports an optional peer dependency, turning "not installed" into the error `missingPeer`
 * makes. For a package imported by name, write the `import()` in a `try` block of the caller's
 * own instead (`missingPeer` in its `catch`): webpack and Turbopack then build a host that did
 * not install it (a warning, not a failed build), and its absence is told when it is used.
 *
 * @example
 * const runtime = await importOptionalPeer('@solana/kit', 'Solana wallets', () => import('./createSolanaRuntime.js'))
 */
export async function importOptionalPeer<T>(pkg: string | readonly string[], feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    throw missingPeer(error, pkg, feature)
  }
}

const told = new Set<string>()

/**
 * What to throw when an optional peer failed to import: for "not installed" a GangwayError that
 * names the package(s) to install (`Install x to use WalletConnect`; also one the peer needs
 * without declaring it, as react-devtools-inline's frontend needs react-is), told once in a
 * development build's console with the install command; any other failure (a chunk that did
 * not load) as it was. Bundlers fill a missing optional peer with a module that throws (Vite:
 * 'Could not resolve "x" … Is it installed?', webpack: "Cannot find module 'x'"); Node throws
 * ERR_MODULE_NOT_FOUND.
 *
 * @example
 * try {
 *   return await import('@walletconnect/universal-provider')
 * } catch (error) {
 *   throw missingPeer(error, '@walletconnect/universal-provider', 'WalletConnect')
 * }
 */
export function missingPeer(error: unknown, pkg: string | readonly string[], feature: string): unknown {
  const pkgs = typeof pkg === 'string' ? [pkg] : pkg
  if (!pkgs.some((p) => isMissingModule(error, p))) return error
  const message = `Install ${pkgs.join(' and ')} to use ${feature}`
  if (!isProductionBuild() && !told.has(message)) {
    told.add(message)
    console.error(`Gangway: ${message}: npm install ${pkgs.join(' ')}`)
  }
  return new GangwayError(message, {
    code: 'MISSING_PEER_DEPENDENCY',
    details: error instanceof Error ? error.message : String(error),
    cause: error,
  })
}

function isMissingModule(error: unknown, pkg: string): boolean {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return message.includes(pkg)
  return message.includes(pkg) && /could not resolve|cannot find|failed to resolve|not installed|is it installed/i.test(message)
}
