import { toHex } from 'viem'
import type { Eip1193Provider } from '../../core/ports.js'
import { parseChainId } from '../evm/walletPayloads.js'
import type { WalletConnectProvider } from './walletConnectProvider.js'

/**
 * The universal provider's EIP-155 side as a plain EIP-1193 provider, for the host's own calls.
 * Requests run on the chain the session stands on (the provider's default chain, which the
 * modal's network switch moves): signing and sending go to the wallet over the relay, reads to
 * that chain's RPC URL. `eth_chainId` answers in hex as EIP-1193 says (the SDK answers a
 * number), so viem's chain check sees the chain the requests go to.
 *
 * @example
 * const client = createWalletClient({ transport: custom(sessionProvider(universalProvider)) })
 */
export function sessionProvider(p: WalletConnectProvider): Eip1193Provider {
  return {
    async request(args) {
      if (args === null || typeof args !== 'object' || typeof args.method !== 'string') {
        throw Object.assign(new Error('Expected a single, non-array, object argument.'), { code: -32600 })
      }
      if (args.method === 'eth_chainId') {
        const chain = parseChainId(await p.request<unknown>({ method: 'eth_chainId' }))
        if (!chain.ok) throw Object.assign(new Error(`the provider answered with junk: eth_chainId: ${chain.reason}`), { code: -32603 })
        return toHex(chain.value)
      }
      return p.request(args.params === undefined ? { method: args.method } : { method: args.method, params: args.params })
    },
    on: (event, listener) => p.on(event, listener),
    removeListener: (event, listener) => p.removeListener(event, listener),
  }
}
