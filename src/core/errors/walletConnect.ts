/**
 * WalletConnect failures with the spec's messages (§8). The SDK's own rejection codes are
 * listed here too, so `isUserRejection` and the adapter's mapping read the same list.
 *
 * @example
 * throw new WalletConnectChainNotSupportedError('eip155:10') // 'Chain is not supported'
 */
import { GangwayError } from './base.js'

/** WalletConnect SDK codes for a user's refusal: request, chains, methods, events (5000–5003). */
export const WALLETCONNECT_REJECTION_CODES: ReadonlySet<number> = new Set([5000, 5001, 5002, 5003])

/**
 * A WalletConnect refusal (the SDK's 5000–5003, or words saying so) as the EIP-1193 refusal
 * (code 4001) a chain's error mapping reads; anything else as it came (a string as an Error).
 *
 * @example
 * asProviderRefusal({ code: 5000, message: 'User rejected.' }) // { code: 4001, message: 'User rejected.' }
 */
export function asProviderRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message
  if ((typeof code === 'number' && WALLETCONNECT_REJECTION_CODES.has(code)) || (typeof error === 'string' && /rejected/i.test(error))) {
    return { code: 4001, message: typeof message === 'string' ? message : 'User rejected.' }
  }
  return typeof error === 'string' ? new Error(error) : error
}

/** WalletConnect SDK codes for chains the wallet lacks (5100–5102). */
export const WALLETCONNECT_UNSUPPORTED_CHAIN_CODES: ReadonlySet<number> = new Set([5100, 5101, 5102])

/** The connect asked for chains none of which the wallet supports (SDK codes 5100–5102). */
export class WalletConnectUnsupportedChainsError extends GangwayError {
  override readonly name = 'WalletConnectUnsupportedChainsError'
  override readonly kind = 'WALLETCONNECT_UNSUPPORTED_CHAINS'
  static code = 5100
  constructor(details?: string) {
    super('The connector does not support any of the requested chains', { code: 5100, details })
  }
}

/** A switch to a network the WalletConnect session does not include. */
export class WalletConnectChainNotSupportedError extends GangwayError {
  override readonly name = 'WalletConnectChainNotSupportedError'
  override readonly kind = 'WALLETCONNECT_CHAIN_NOT_SUPPORTED'
  static code = 4902
  constructor(caipNetworkId: string) {
    super('Chain is not supported', { code: 4902, details: `${caipNetworkId} is not in the WalletConnect session` })
  }
}

/**
 * The relay refused the modal's socket (spec §8, provider errors mapped): an origin the
 * project does not allow ('Invalid App Configuration'), an auth token issued ahead of the
 * relay's clock ('Session Expired') or a project id it does not know ('Invalid Project ID').
 * `details` holds the relay's own reason.
 */
export class WalletConnectRelayRefusedError extends GangwayError {
  override readonly name = 'WalletConnectRelayRefusedError'
  override readonly kind = 'WALLETCONNECT_RELAY_REFUSED'
  constructor(message: 'Invalid App Configuration' | 'Session Expired' | 'Invalid Project ID', reason: string) {
    super(message, { details: reason })
  }
}

/** The WalletConnect provider could not be loaded or started (offline relay, bad options). */
export class WalletConnectUnavailableError extends GangwayError {
  override readonly name = 'WalletConnectUnavailableError'
  override readonly kind = 'WALLETCONNECT_UNAVAILABLE'
  constructor(cause: unknown) {
    super('WalletConnectConnector not found', { details: describe(cause), cause })
  }
}

function describe(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : undefined
}
