import type { Network } from '../../core/domain/entities.js'
import { InvalidInputError } from '../../core/errors/base.js'
import { networkProblem } from '../../options/networkProblem.js'

/**
 * An EVM network as spec §3 Network data, from the few facts a host usually has. Wrong facts
 * are refused here, not found later as balances that never appear: an InvalidInputError
 * `Invalid options: defineEvmNetwork …` names the field and what it must be (the id a positive
 * integer, a name, RPC URLs http(s)).
 *
 * @example
 * defineEvmNetwork({ id: 31337, name: 'Gangway Local', rpcUrl: 'http://127.0.0.1:8545', testnet: true })
 * // { id: 31337, caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', nativeCurrency: ETH, … }
 */
export function defineEvmNetwork(options: {
  id: number
  name: string
  rpcUrl: string | string[]
  nativeCurrency?: Network['nativeCurrency']
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  /** The network's icon: its own URL, or the id of the wallet directory's asset image (`/public/getAssetImage/{imageId}`). */
  imageUrl?: string
  imageId?: string
}): Network {
  const http = Array.isArray(options.rpcUrl) ? [...options.rpcUrl] : [options.rpcUrl]
  const network: Network = {
    id: options.id,
    name: options.name,
    chainNamespace: 'eip155',
    // An id of the wrong kind (an object whose toString throws, say) is refused below, by field.
    caipNetworkId: `eip155:${typeof options.id === 'number' || typeof options.id === 'string' ? options.id : typeof options.id}`,
    nativeCurrency: options.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http }, chainDefault: { http: [...http] } },
    ...(options.blockExplorer ? { blockExplorers: { default: { ...options.blockExplorer } } } : {}),
    ...(options.testnet !== undefined ? { testnet: options.testnet } : {}),
    ...(options.imageUrl || options.imageId
      ? { assets: { ...(options.imageId ? { imageId: options.imageId } : {}), ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}) } }
      : {}),
  }
  const problem = networkProblem(network, 'defineEvmNetwork ', options.rpcUrl, 'rpcUrl')
  if (problem) throw new InvalidInputError(`Invalid options: ${problem}`)
  return network
}

