/**
 * Origin allow-lists: the project's allowed origins (from the wallet directory API) plus the
 * default allowed ancestors, with `*` wildcards.
 */

/** Ancestors always allowed to embed the wallet: local development and preview hosts. */
export const DEFAULT_ALLOWED_ANCESTORS: readonly string[] = Object.freeze([
  'http://localhost',
  'https://localhost',
  'http://localhost:*',
  'https://localhost:*',
  'http://127.0.0.1',
  'https://127.0.0.1',
  'http://127.0.0.1:*',
  'https://127.0.0.1:*',
  'http://[::1]:*',
  'https://[::1]:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
])

function normalizeOrigin(value: string): string {
  try {
    const origin = new URL(value).origin
    return origin === 'null' ? value : origin
  } catch {
    return value
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * `*` stands for a run of characters inside one host or port part of an origin: it cannot cross
 * a `:` (so `https://*.vercel.app` never matches `https://evil.com:1.vercel.app`) or leave the
 * authority. A lone `*` allows every origin.
 */
function wildcardMatches(pattern: string, origin: string): boolean {
  if (pattern === '*') return true
  const source = pattern.split('*').map(escapeRegExp).join('[^/?#@:]*')
  return new RegExp(`^${source}$`, 'i').test(origin)
}

/**
 * Whether `origin` matches an entry of `allowList` (exactly, after URL normalisation, or by `*`
 * wildcards).
 *
 * @example
 * isOriginAllowed('https://app.example.com', ['https://*.example.com']) // true
 * isOriginAllowed('http://localhost:5173', DEFAULT_ALLOWED_ANCESTORS) // true
 */
export function isOriginAllowed(origin: string, allowList: readonly string[]): boolean {
  const current = normalizeOrigin(origin)
  for (const entry of allowList) {
    if (entry.includes('*')) {
      if (wildcardMatches(entry, current)) return true
    } else if (normalizeOrigin(entry) === current) {
      return true
    }
  }
  return false
}
