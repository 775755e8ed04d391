import { createConfig, type Config } from '@wagmi/core'
import { defineChain, http } from 'viem'
import { gangwayConnector } from '../../../src/wagmi'
import { networksFromChains } from '../../../src/wagmi'
import type { EvmCapabilities } from '../../../src/core/ports'
import type { ModalOptions } from '../../../src/createModal'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { connectorOf, createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'
import { createRecordingProvider } from '../walletAccess/support'

export { ACCOUNT_A, ACCOUNT_A_CHECKSUMMED, ACCOUNT_B, createRecordingProvider, userRejected } from '../walletAccess/support'

/** Two chains as a host hands them to wagmi; Gangway gets the same ones through networksFromChains. */
export const CHAIN_ONE = defineChain({
  id: 1,
  name: 'One',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
export const CHAIN_TWO = defineChain({
  id: 2,
  name: 'Two',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:2'] } },
})
export const CHAINS = [CHAIN_ONE, CHAIN_TWO] as const

/** A wagmi config whose only connector is Gangway's, as a host builds it. */
export function wagmiConfig(modal: Parameters<typeof gangwayConnector>[0]): Config<typeof CHAINS> {
  return createConfig({
    chains: CHAINS,
    connectors: [gangwayConnector(modal)],
    // Nothing here reads a chain over RPC: requests go to the connected wallet's provider.
    transports: { 1: http(), 2: http() },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
}

/**
 * A Gangway modal (memory storage, virtual time) on a fake eip155 adapter with wallets 'a' and
 * 'b', each handing out its own recording EIP-1193 provider, and a wagmi config on it.
 */
export async function setup(options: Partial<ModalOptions> = {}, kv = createMemoryKeyValue()) {
  const fake = createFakeChainAdapter([connectorOf('a'), connectorOf('b')])
  const wallets = { a: createRecordingProvider('a'), b: createRecordingProvider('b') }
  ;(fake.adapter.evm as EvmCapabilities).getProvider = async (connectorId) => wallets[connectorId as 'a' | 'b']?.provider
  const t = await createTestModal({ adapters: [fake.adapter], networks: networksFromChains(CHAINS), ...options }, kv)
  const config = wagmiConfig(t.modal)
  await settle()
  const connector = config.connectors[0]!
  /** What the visitor does in the modal: picks wallet `id`, which approves with `accounts` on `chain`. */
  const approveInModal = async (id: 'a' | 'b' = 'a', accounts: string[] = [ACCOUNT_A_LOWER], chain = 'eip155:1') => {
    const c = t.modal.connect(id)
    fake.answer('connect', { accounts, caipNetworkId: chain })
    await c
    await settle()
  }
  return { ...t, fake, wallets, config, connector, approveInModal }
}

const ACCOUNT_A_LOWER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
