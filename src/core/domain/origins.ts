/**
 * Origin allow-lists: the project's allowed origins (from the wallet directory API) plus the
 * default allowed ancestors, with `*` wildcards.
 */

/** Ancestors always allowed to embed the wallet: local development and preview hosts. */
export const DEFAULT_ALLOWED_ANCESTORS: readonly string[] = /* @__PURE__ */ Object.freeze([
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

/**
 * The serialised origin of `value`, or null when it has none: not a URL, or an opaque origin
 * (`data:`, `file:`, `javascript:` …), which no allow-list entry may match.
 */
function normalizeOrigin(value: unknown): string | null {
  if (typeof value !== 'string') return null
  let origin: string
  try {
    origin = new URL(value).origin
  } catch {
    return null
  }
  return origin === 'null' ? null : origin
}

/** Characters a `*` never stands for: they delimit the scheme, host, port and the rest of a URL. */
const SEPARATORS = /([/?#@:])/

/**
 * Glob match of one separator-free part, `*` standing for any run of characters. Linear in
 * practice: the literal pieces between stars are found left to right, each at its first
 * occurrence, which is always a correct choice for `*` globs (no backtracking).
 */
function globPartMatches(pattern: string, text: string): boolean {
  const pieces = pattern.split('*')
  if (pieces.length === 1) return pattern === text
  const first = pieces[0]!
  const last = pieces[pieces.length - 1]!
  if (text.length < first.length + last.length) return false
  if (!text.startsWith(first) || !text.endsWith(last)) return false
  let at = first.length
  const end = text.length - last.length
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i]!
    if (piece === '') continue
    const found = text.indexOf(piece, at)
    if (found === -1 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}

/**
 * `*` stands for a run of characters inside one host or port part of an origin: it cannot cross
 * a `:` (so `https://*.vercel.app` never matches `https://evil.com:1.vercel.app`) or leave the
 * authority (`/`, `?`, `#`, `@`). Case-insensitive. A lone `*` allows every origin.
 *
 * Why segment-wise instead of a regular expression: a star never matches a separator, so the
 * separators of the pattern and of the origin must line up one for one, and each part between
 * them is a plain glob. That keeps the match linear in the pattern and origin lengths, where a
 * backtracking regular expression took seconds on a few stars against a long host.
 */
function wildcardMatches(pattern: string, origin: string): boolean {
  if (pattern === '*') return true
  const patternParts = pattern.toLowerCase().split(SEPARATORS)
  const originParts = origin.toLowerCase().split(SEPARATORS)
  if (patternParts.length !== originParts.length) return false
  // Odd indexes hold the separators themselves (the split keeps its capture group).
  for (let i = 0; i < patternParts.length; i++) {
    const matches = i % 2 === 1 ? patternParts[i] === originParts[i] : globPartMatches(patternParts[i]!, originParts[i]!)
    if (!matches) return false
  }
  return true
}

/**
 * Whether `origin` matches an entry of `allowList` (exactly, after URL normalisation, or by `*`
 * wildcards). An origin that is not a URL with a real origin (junk text, `data:`, `file:`) is
 * refused whatever the list says; so are entries that are not text.
 *
 * @example
 * isOriginAllowed('https://app.example.com', ['https://*.example.com']) // true
 * isOriginAllowed('http://localhost:5173', DEFAULT_ALLOWED_ANCESTORS) // true
 * isOriginAllowed('not a url', ['*']) // false
 */
export function isOriginAllowed(origin: string, allowList: readonly string[]): boolean {
  const current = normalizeOrigin(origin)
  if (current === null || !Array.isArray(allowList)) return false
  for (const entry of allowList) {
    if (typeof entry !== 'string') continue
    if (entry.includes('*')) {
      if (wildcardMatches(entry, current)) return true
    } else if (normalizeOrigin(entry) === current) {
      return true
    }
  }
  return false
}
