/**
 * WalletConnect failures as typed Gangway errors with the spec's messages (spec §8). The SDK's
 * own codes are mapped first (5000–5003 a rejection, 5100–5102 chains the wallet lacks); wallet
 * answers to requests are EIP-1193 / JSON-RPC errors and read like any EVM wallet's.
 *
 * @example
 * toWalletConnectError({ code: 5000, message: 'User rejected.' }, 'connect').shortMessage // 'Connection rejected'
 */
import { GangwayError } from '../../core/errors.js'
import { toEvmError, type EvmOperation } from '../evm/evmErrors.js'

/** The connect asked for chains none of which the wallet supports (SDK codes 5100–5102). */
export class UnsupportedChainsError extends GangwayError {
  override name = 'UnsupportedChainsError'
  static code = 5100
  constructor(details?: string) {
    super('The connector does not support any of the requested chains', { code: 5100, details })
  }
}

/** A switch to a network the WalletConnect session does not include. */
export class ChainNotSupportedError extends GangwayError {
  override name = 'ChainNotSupportedError'
  static code = 4902
  constructor(caipNetworkId: string) {
    super('Chain is not supported', { code: 4902, details: `${caipNetworkId} is not in the WalletConnect session` })
  }
}

/** The WalletConnect provider could not be loaded or started (offline relay, bad options). */
export class WalletConnectUnavailableError extends GangwayError {
  override name = 'WalletConnectUnavailableError'
  constructor(cause: unknown) {
    super('WalletConnectConnector not found', { details: describe(cause), cause })
  }
}

const REJECTION_CODES = new Set([5000, 5001, 5002, 5003])
const UNSUPPORTED_CHAIN_CODES = new Set([5100, 5101, 5102])

function describe(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : undefined
}

/**
 * Turns anything the WalletConnect provider threw (sign-client rejects with plain objects, and
 * sometimes with a bare string) into a Gangway error worded for `operation`.
 *
 * @example
 * toWalletConnectError({ code: 4001, message: 'User rejected' }, 'signMessage').shortMessage // 'Error signing message'
 */
export function toWalletConnectError(error: unknown, operation: EvmOperation): GangwayError {
  if (error instanceof GangwayError) return error
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && UNSUPPORTED_CHAIN_CODES.has(code) && operation === 'connect') return new UnsupportedChainsError(describe(error))
  if ((typeof code === 'number' && REJECTION_CODES.has(code)) || (typeof error === 'string' && /rejected/i.test(error))) {
    return toEvmError({ code: 4001, message: describe(error) ?? 'User rejected.' }, operation)
  }
  return toEvmError(typeof error === 'string' ? new Error(error) : error, operation)
}
