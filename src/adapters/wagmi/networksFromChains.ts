import type { Chain } from 'viem'
import type { Network } from '../../core/domain/entities.js'
import { InvalidInputError } from '../../core/errors/base.js'
import { show } from '../../core/events/schema.js'
import { defineEvmNetwork } from '../evm/defineEvmNetwork.js'

/**
 * viem chains (the ones a host gives wagmi's `createConfig`) as Gangway networks, in the same
 * order, so the modal lists and switches to exactly the chains wagmi knows. Every one of a
 * chain's `rpcUrls.default` URLs comes along: the modal reads balances through all of them with
 * its fallback, and the embedded wallet's frame signs and sends through all of them the same way;
 * explorer, testnet flag and native currency come along too. Throws InvalidInputError for a chain without a positive
 * integer id, a name or an HTTP RPC URL.
 *
 * @example
 * const chains = [mainnet, base] as const
 * const modal = createModal({ projectId, networks: networksFromChains(chains), adapters: [createEvmAdapter()] })
 * const config = createConfig({ chains, connectors: [gangwayConnector(modal)], transports: { … } })
 */
export function networksFromChains(chains: readonly Chain[]): Network[] {
  if (!Array.isArray(chains)) throw invalid(`expected an array of viem chains, got ${show(chains)}`)
  return chains.map((chain, i) => networkFromChain(chain, i))
}

function networkFromChain(chain: Chain, index: number): Network {
  const at = `chains[${index}]`
  if (!chain || typeof chain !== 'object') throw invalid(`${at} must be a viem chain, got ${show(chain)}`)
  if (!Number.isSafeInteger(chain.id) || chain.id <= 0) throw invalid(`${at}.id must be a positive integer, got ${show(chain.id)}`)
  if (typeof chain.name !== 'string' || chain.name === '') throw invalid(`${at}.name must be a non-empty string, got ${show(chain.name)}`)
  const http = chain.rpcUrls?.default?.http
  if (!Array.isArray(http) || http.length === 0 || !http.every((url) => typeof url === 'string' && url !== '')) {
    throw invalid(`${at}.rpcUrls.default.http must list at least one URL, got ${show(http)}`)
  }
  const currency = chain.nativeCurrency
  if (!currency || typeof currency.symbol !== 'string' || !Number.isSafeInteger(currency.decimals)) {
    throw invalid(`${at}.nativeCurrency must be { name, symbol, decimals }, got ${show(currency)}`)
  }
  const explorer = chain.blockExplorers?.default
  const network = defineEvmNetwork({
    id: chain.id,
    name: chain.name,
    rpcUrl: [...http],
    nativeCurrency: { name: currency.name, symbol: currency.symbol, decimals: currency.decimals },
    ...(explorer ? { blockExplorer: { name: explorer.name, url: explorer.url } } : {}),
    ...(chain.testnet !== undefined ? { testnet: chain.testnet } : {}),
  })
  const webSocket = chain.rpcUrls.default.webSocket
  if (webSocket?.length) network.rpcUrls.default.webSocket = [...webSocket]
  return network
}

const invalid = (details: string) => new InvalidInputError('Invalid networksFromChains arguments', { details })
