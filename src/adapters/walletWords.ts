/**
 * Reading a wallet's own words: the message of what it threw (never trusting its getters), and
 * whether those words say the visitor refused, for wallets that refuse without a code.
 */

// Words wallets use when the visitor said no.
const REFUSAL = /user rejected|rejected the request|user denied|denied by the user|user declined|declined by the user|user cancel+ed|cancel+ed by the user/i

/**
 * The message of a thrown value (a string, or an object's `message`), at most 500 characters;
 * undefined when there is none or it cannot be read.
 *
 * @example
 * messageOf(new Error('User rejected the request.')) // 'User rejected the request.'
 */
export function messageOf(error: unknown): string | undefined {
  try {
    if (typeof error === 'string') return error.slice(0, 500)
    if (error !== null && typeof error === 'object') {
      const message = (error as { message?: unknown }).message
      if (typeof message === 'string') return message.slice(0, 500)
    }
  } catch {
    // A getter that throws: no words to read.
  }
  return undefined
}

/**
 * Whether a thrown value's words say the visitor refused.
 *
 * @example
 * saysRefused({ message: 'User rejected the request.' }) // true
 */
export function saysRefused(error: unknown): boolean {
  const text = messageOf(error)
  return text !== undefined && REFUSAL.test(text)
}
