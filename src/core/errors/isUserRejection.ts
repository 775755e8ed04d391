import { WALLETCONNECT_REJECTION_CODES } from './walletConnect.js'
import { WalletRejectedError } from './wallet.js'

/** How far down nested causes a rejection is looked for. */
const MAX_DEPTH = 16

/**
 * Whether an error means the user rejected the request in their wallet. The one check for it,
 * whatever form the error has:
 *
 * - a Gangway error (`WalletRejectedError`, kind `'WALLET_REJECTED'`), as a command rejects with;
 * - a serialized error from an event (`{ kind: 'WALLET_REJECTED', … }` or `{ code: 4001, … }`);
 * - a raw wallet error: EIP-1193 code 4001, or WalletConnect's rejection codes 5000–5003,
 *   also when nested as a `cause` (viem wraps them) or as `data.originalError`.
 *
 * Never throws; anything else is `false`.
 *
 * @example
 * try { await modal.signMessage('hello') }
 * catch (error) { if (isUserRejection(error)) return } // the user said no: nothing to report
 */
export function isUserRejection(error: unknown): boolean {
  try {
    const seen = new Set<unknown>()
    const pending: { value: unknown; depth: number }[] = [{ value: error, depth: 0 }]
    while (pending.length > 0) {
      const { value, depth } = pending.pop()!
      if (value === null || typeof value !== 'object' || seen.has(value) || depth > MAX_DEPTH) continue
      seen.add(value)
      const { kind, code, cause, data } = value as { kind?: unknown; code?: unknown; cause?: unknown; data?: { originalError?: unknown } | null }
      if (kind === 'WALLET_REJECTED') return true
      if (typeof code === 'number' && (code === WalletRejectedError.code || WALLETCONNECT_REJECTION_CODES.has(code))) return true
      pending.push({ value: cause, depth: depth + 1 })
      if (data !== null && typeof data === 'object') pending.push({ value: data.originalError, depth: depth + 1 })
    }
    return false
  } catch {
    // A proxy or a getter threw: whatever it is, it is not a readable rejection.
    return false
  }
}
