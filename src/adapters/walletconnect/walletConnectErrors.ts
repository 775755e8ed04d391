/**
 * Maps WalletConnect failures onto Gangway errors with the spec's messages (spec §8). The SDK's
 * own codes are mapped first (5000–5003 a rejection, 5100–5102 chains the wallet lacks); wallet
 * answers to requests are EIP-1193 / JSON-RPC errors and read like any EVM wallet's.
 *
 * @example
 * toWalletConnectError({ code: 5000, message: 'User rejected.' }, 'connect').shortMessage // 'Connection rejected'
 */
import { GangwayError } from '../../core/errors/base.js'
import { WALLETCONNECT_REJECTION_CODES, WALLETCONNECT_UNSUPPORTED_CHAIN_CODES, WalletConnectRelayRefusedError, WalletConnectUnsupportedChainsError } from '../../core/errors/walletConnect.js'
import { toEvmError, type EvmOperation } from '../evm/evmErrors.js'

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
  const refused = relayRefusal(error)
  if (refused) return refused
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'number' && WALLETCONNECT_UNSUPPORTED_CHAIN_CODES.has(code) && operation === 'connect') return new WalletConnectUnsupportedChainsError(describe(error))
  if ((typeof code === 'number' && WALLETCONNECT_REJECTION_CODES.has(code)) || (typeof error === 'string' && /rejected/i.test(error))) {
    return toEvmError({ code: 4001, message: describe(error) ?? 'User rejected.' }, operation)
  }
  return toEvmError(typeof error === 'string' ? new Error(error) : error, operation)
}

/**
 * The relay's refusals (the reasons it closes a socket with), each with the spec's alert: the
 * relay's JSON-RPC provider reports them as an error whose message holds the reason.
 */
const RELAY_REFUSALS: readonly [reason: string, message: ConstructorParameters<typeof WalletConnectRelayRefusedError>[0]][] = [
  ['Unauthorized: origin not allowed', 'Invalid App Configuration'],
  ['JWT Token is not yet valid', 'Session Expired'],
  ['Unauthorized: invalid key', 'Invalid Project ID'],
]

/**
 * The spec's error for a relay refusal named in `error` (its message, or a cause's), or null
 * when it names none.
 *
 * @example
 * relayRefusal(new Error('WebSocket connection closed abnormally with code: 3000 (Unauthorized: invalid key)'))?.shortMessage // 'Invalid Project ID'
 */
export function relayRefusal(error: unknown): WalletConnectRelayRefusedError | null {
  if (error instanceof WalletConnectRelayRefusedError) return error
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const text = describe(e)
    if (!text) continue
    for (const [reason, message] of RELAY_REFUSALS) if (text.includes(reason)) return new WalletConnectRelayRefusedError(message, text)
  }
  return null
}
