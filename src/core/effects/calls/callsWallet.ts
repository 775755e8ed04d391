import { GangwayError } from '../../errors/base.js'
import { NoActiveAddressError } from '../../errors/connection.js'
import { toCallsError } from '../../errors/calls.js'
import { WalletInvalidResponseError, WalletUnsupportedMethodError } from '../../errors/wallet.js'
import type { Network } from '../../domain/entities.js'
import type { Eip1193Provider } from '../../ports.js'
import { selectActiveConnection, selectIsConnected } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { WalletDeps } from '../shared/walletDeps.js'

/** The EVM wallet batched calls go to: the active eip155 connection. */
export type CallsWallet = { connectorId: string; address: string; caipNetworkId: string; chainId: number; network: Network | undefined }

/**
 * The active EVM connection, or null when nothing is connected in eip155.
 *
 * @example
 * const wallet = callsWallet(state$.value)
 */
export function callsWallet(state: ModalState): CallsWallet | null {
  if (!selectIsConnected(state, 'eip155')) return null
  const connection = selectActiveConnection(state, 'eip155')
  const address = connection?.accounts[0]?.address
  const chainId = Number(connection?.caipNetworkId.split(':')[1])
  if (!connection || !address || !Number.isSafeInteger(chainId)) return null
  const network = (state.settings.networks ?? []).find((n) => n.caipNetworkId === connection.caipNetworkId)
  return { connectorId: connection.connectorId, address, caipNetworkId: connection.caipNetworkId, chainId, network }
}

/**
 * Asks the wallet of `connectorId` (its EIP-1193 provider); its refusal or failure as the wallet
 * error of its code (EIP-5792's included).
 *
 * @example
 * await walletRequest(deps, wallet.connectorId, 'wallet_getCallsStatus', [id])
 */
export async function walletRequest(deps: WalletDeps, connectorId: string, method: string, params: unknown[]): Promise<unknown> {
  let provider: Eip1193Provider | undefined
  try {
    provider = await deps.adapters.eip155?.evm?.getProvider?.(connectorId)
  } catch (error) {
    throw toCallsError(error)
  }
  if (!provider) throw new WalletUnsupportedMethodError('Unsupported method', { details: `the wallet of ${connectorId} takes no ${method} requests` })
  try {
    return await provider.request({ method, params })
  } catch (error) {
    throw toCallsError(error)
  }
}

/**
 * A wallet answer that is not what EIP-5792 says, as an error.
 *
 * @example
 * throw invalidAnswer(error)
 */
export function invalidAnswer(reason: unknown): GangwayError {
  return new WalletInvalidResponseError('Something went wrong', { details: `the wallet answered with junk: ${reason instanceof Error ? reason.message : String(reason)}` })
}

/** The error for a request made with nothing connected in eip155. */
export const notConnected = (): GangwayError => new NoActiveAddressError()
