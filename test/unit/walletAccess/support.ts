import type { EvmCapabilities, Eip1193Provider } from '../../../src/core/ports'
import { evmNetwork } from '../../support/stateAfter'
import { connectorOf, createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { settle } from '../../support/virtualTime'

export const NETWORKS = [evmNetwork(1, 'One'), evmNetwork(2, 'Two')]
/** Lower case, as wallets often report it; the client must carry it checksummed. */
export const ACCOUNT_A = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
export const ACCOUNT_A_CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const ACCOUNT_B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

type Answer = unknown | ((params: unknown) => unknown)

/**
 * A wallet's EIP-1193 provider that answers from a table and records every request; an answer
 * that is an Error (or a function throwing) rejects, as a wallet's refusal does.
 */
export function createRecordingProvider(name: string, answers: Record<string, Answer> = {}) {
  const requests: { method: string; params?: unknown }[] = []
  const table: Record<string, Answer> = { eth_chainId: '0x1', eth_sendTransaction: `0x${'ab'.repeat(32)}`, ...answers }
  const provider: Eip1193Provider & { name: string } = {
    name,
    async request(args) {
      requests.push(args.params === undefined ? { method: args.method } : { method: args.method, params: args.params })
      if (!(args.method in table)) throw Object.assign(new Error(`${args.method} is not supported`), { code: 4200 })
      const answer = table[args.method]
      const value = typeof answer === 'function' ? (answer as (p: unknown) => unknown)(args.params) : answer
      if (value instanceof Error) throw value
      return value
    },
  }
  return { provider, requests, answer: (method: string, value: Answer) => void (table[method] = value) }
}

/** An EIP-1193 rejection as wallets throw it (not a Gangway error). */
export const userRejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

/**
 * A modal on a fake eip155 adapter with connectors 'a' and 'b', each with its own provider that
 * the adapter's `evm.getProvider` hands out by connector id (recording each ask).
 */
export async function setup(options: { withGetProvider?: boolean } = {}) {
  const fake = createFakeChainAdapter([connectorOf('a'), connectorOf('b')])
  const wallets = { a: createRecordingProvider('a'), b: createRecordingProvider('b') }
  const asked: string[] = []
  if (options.withGetProvider !== false) {
    ;(fake.adapter.evm as EvmCapabilities).getProvider = async (connectorId) => {
      asked.push(connectorId)
      return wallets[connectorId as 'a' | 'b']?.provider
    }
  }
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS })
  /**
   * Connects connector `id` with `accounts` on `chain`, as the wallet answers; what the modal then
   * asks the wallet on its own (whether it lists its assets) is forgotten, so the records hold the
   * host's calls only.
   */
  const connect = async (id: 'a' | 'b' = 'a', accounts = [ACCOUNT_A], chain = 'eip155:1') => {
    const c = t.modal.connect(id)
    fake.answer('connect', { accounts, caipNetworkId: chain })
    await c
    await settle()
    asked.length = 0
    for (const wallet of Object.values(wallets)) wallet.requests.length = 0
  }
  return { ...t, fake, wallets, asked, connect }
}
