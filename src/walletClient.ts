import { createWalletClient, custom, getAddress, type Account, type Chain, type CustomTransport, type WalletClient } from 'viem'
import { toViemChain } from './adapters/evm/networkChain.js'
import { InvalidInputError } from './core/errors/base.js'
import { ConnectorNotFoundError, NetworkNotFoundError, NoActiveAddressError } from './core/errors/connection.js'
import { isPlainObject, show } from './core/events/schema.js'
import type { ChainDeps } from './core/ports.js'
import { selectActiveConnection, selectIsConnected, selectNetworks } from './core/selectors.js'
import type { ModalState } from './core/state.js'
import { activeProvider } from './walletProvider.js'

/** What `modal.getWalletClient()` resolves with: a viem wallet client with the account and chain set. */
export type GangwayWalletClient = WalletClient<CustomTransport, Chain, Account>

/** Options of `modal.getWalletClient()`. */
export type WalletClientOptions = {
  /**
   * The client's chain: one of the host's eip155 networks, by numeric id (default: the network
   * the connection is on). The wallet is not switched: viem's `writeContract` and
   * `sendTransaction` check the wallet's chain and fail with a ChainMismatchError elsewhere, so
   * call `modal.switchNetwork` first.
   */
  chainId?: number
}

/**
 * A viem wallet client on the active eip155 connection: the connected address as its account,
 * the active network (or `chainId`) as its chain, and the wallet's own EIP-1193 provider as a
 * `custom` transport. Without retries: a retried request could prompt the visitor twice. Its own
 * chunk, loaded by `modal.getWalletClient()` on first use, so viem's client code stays out of
 * the modal's start-up bundle.
 *
 * @throws NoActiveAddressError when nothing is connected in eip155
 * @throws NetworkNotFoundError when the chain is not among the host's networks
 * @throws ConnectorNotFoundError when the connection's wallet has no provider (any more)
 * @throws InvalidInputError on malformed options
 *
 * @example
 * const client = await createActiveWalletClient(modal.getState(), adapters)
 * await client.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, 1n] })
 */
export async function createActiveWalletClient(state: ModalState, adapters: ChainDeps['adapters'], options?: WalletClientOptions): Promise<GangwayWalletClient> {
  const chainId = chainIdOption(options)
  const connection = selectIsConnected(state, 'eip155') ? selectActiveConnection(state, 'eip155') : null
  const address = connection?.accounts[0]?.address
  if (!connection || !address) throw new NoActiveAddressError()
  const caipNetworkId = chainId === undefined ? connection.caipNetworkId : `eip155:${chainId}`
  const network = selectNetworks(state, 'eip155').find((n) => n.caipNetworkId === caipNetworkId)
  if (!network) throw new NetworkNotFoundError(caipNetworkId)
  const provider = await activeProvider(state, adapters, 'eip155')
  if (!provider) throw new ConnectorNotFoundError(connection.connectorId)
  return createWalletClient({
    account: getAddress(address),
    chain: toViemChain(network),
    transport: custom(provider, { retryCount: 0 }),
  })
}

function chainIdOption(options: unknown): number | undefined {
  if (options === undefined) return undefined
  const chainId = isPlainObject(options) ? options.chainId : undefined
  if (isPlainObject(options) && (chainId === undefined || (typeof chainId === 'number' && Number.isSafeInteger(chainId) && chainId > 0))) return chainId
  throw new InvalidInputError('Invalid getWalletClient arguments', { details: `expected { chainId?: a positive integer }, got ${show(options)}` })
}
