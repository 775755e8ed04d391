/**
 * A sign-in statement's grammar, apart from the rest of ./siwxGrammar.ts: the host's options are
 * checked against it at start, and the other fields' patterns load with the sign-in feature.
 */

// RFC 3986 §2: the characters a URI is written with.
export const UNRESERVED = 'A-Za-z0-9\\-._~'
export const SUB_DELIMS = "!$&'()*+,;="

// statement = *( reserved / unreserved / " " ): one line of printable ASCII, without " % < > \ ^ ` { | }.
const STATEMENT = /* @__PURE__ */ new RegExp(`^[${UNRESERVED}:/?#\\[\\]@${SUB_DELIMS} ]+$`)

/**
 * Whether a value is a sign-in statement: one line of the characters EIP-4361 allows (printable
 * ASCII less `"%<>\^`{|}`); every line terminator, U+2028 and U+2029 included, is refused.
 *
 * @example
 * isSiwxStatement('Sign in to Example.') // true
 * isSiwxStatement('Sign in\u2028now') // false
 */
export const isSiwxStatement = (value: unknown): value is string => typeof value === 'string' && STATEMENT.test(value)
