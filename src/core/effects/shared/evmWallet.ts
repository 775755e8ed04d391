import { GangwayError } from '../../errors/base.js'
import { NoActiveAddressError } from '../../errors/connection.js'
import { WalletInvalidResponseError, WalletUnsupportedMethodError } from '../../errors/wallet.js'
import { toWalletError } from '../../errors/walletCodes.js'
import type { Network } from '../../domain/entities.js'
import type { Eip1193Provider } from '../../ports.js'
import { selectActiveConnection, selectIsConnected } from '../../selectors.js'
import type { ModalState } from '../../state.js'
import type { WalletDeps } from './walletDeps.js'

// The features that talk to the connected EVM wallet's provider themselves (EIP-5792 batched
// calls, ERC-7715 session permissions) find it and ask it here.

/** The EVM wallet a feature's requests go to: the active eip155 connection. */
export type EvmWallet = { connectorId: string; address: string; caipNetworkId: string; chainId: number; network: Network | undefined }

/**
 * The active EVM connection, or null when nothing is connected in eip155.
 *
 * @example
 * const wallet = activeEvmWallet(state$.value)
 */
export function activeEvmWallet(state: ModalState): EvmWallet | null {
  if (!selectIsConnected(state, 'eip155')) return null
  const connection = selectActiveConnection(state, 'eip155')
  const address = connection?.accounts[0]?.address
  const chainId = Number(connection?.caipNetworkId.split(':')[1])
  if (!connection || !address || !Number.isSafeInteger(chainId)) return null
  const network = (state.settings.networks ?? []).find((n) => n.caipNetworkId === connection.caipNetworkId)
  return { connectorId: connection.connectorId, address, caipNetworkId: connection.caipNetworkId, chainId, network }
}

/**
 * Asks the wallet of `connectorId` (its EIP-1193 provider; `params` undefined sends none); its
 * refusal or failure as the wallet error of its code (`toError`: EIP-1193's codes, or a
 * feature's own beside them).
 *
 * @example
 * await evmWalletRequest(deps, wallet.connectorId, 'wallet_getCallsStatus', [id], toCallsError)
 */
export async function evmWalletRequest(
  deps: WalletDeps,
  connectorId: string,
  method: string,
  params: readonly unknown[] | Record<string, unknown> | undefined,
  toError: (error: unknown) => GangwayError = (error) => toWalletError(error, null),
): Promise<unknown> {
  let provider: Eip1193Provider | undefined
  try {
    provider = await deps.adapters.eip155?.evm?.getProvider?.(connectorId)
  } catch (error) {
    throw toError(error)
  }
  if (!provider) throw new WalletUnsupportedMethodError('Unsupported method', { details: `the wallet of ${connectorId} takes no ${method} requests` })
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (error) {
    throw toError(error)
  }
}

/**
 * A wallet answer that is not what the standard says, as an error.
 *
 * @example
 * throw invalidAnswer(error)
 */
export function invalidAnswer(reason: unknown): GangwayError {
  return new WalletInvalidResponseError('Something went wrong', { details: `the wallet answered with junk: ${reason instanceof Error ? reason.message : String(reason)}` })
}

/** The error for a request made with nothing connected in eip155. */
export const notConnected = (): GangwayError => new NoActiveAddressError()
