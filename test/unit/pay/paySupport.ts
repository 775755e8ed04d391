import { solanaMainnet } from '../../../src/adapters/solana/defineSolanaNetwork'
import type { ModalOptions } from '../../../src/createModal'
import { pay } from '../../../src/features/pay'
import { connectorOf, createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'
import { ACCOUNT_A, NETWORKS } from '../connection/support'

export { ACCOUNT_A }

/** Who the tests pay, on EVM networks and on Solana. */
export const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
export const SOL_RECIPIENT = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
export const SOL_ACCOUNT = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy'
export const GUSD = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'GUSD', decimals: 6 }
export const GWAY = { address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'GWAY', decimals: 6 }
export const HASH = `0x${'ab'.repeat(32)}`

/**
 * A modal with pay() (unless `options.modules` says otherwise) on fake EVM and Solana adapters,
 * networks 1, 2 and Solana's; `connect` connects wallet 'a' (EVM) or 's' (Solana) as a visitor
 * would, answering for the wallet; `wallets.fee` is the EVM node's fee estimate.
 */
export async function payModal(options: Partial<ModalOptions> = {}, wallets: { fee?: string } = {}) {
  const evm = createFakeChainAdapter()
  // The node's fee estimate for any EVM transfer, when given (smallest unit).
  if (wallets.fee !== undefined) evm.adapter.estimateTransferFee = async () => wallets.fee!
  const solana = createFakeChainAdapter([{ ...connectorOf('s'), chain: 'solana' }])
  const t = await createTestModal({ adapters: [evm.adapter, { ...solana.adapter, namespace: 'solana' as const }], networks: [...NETWORKS, solanaMainnet], modules: [pay()], ...options })
  const connect = async (chain = 'eip155:1') => {
    const c = t.modal.connect('a', 'eip155')
    evm.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: chain })
    await c
    await settled()
  }
  const connectSolana = async () => {
    const c = t.modal.connect('s', 'solana')
    solana.answer('connect', { accounts: [SOL_ACCOUNT], caipNetworkId: solanaMainnet.caipNetworkId })
    await c
    await settled()
  }
  /** Lets the feature's chunk load and effects answer. */
  const settled = async () => {
    await t.modal.whenLoaded()
    await t.time.advanceBy(0)
  }
  return { ...t, evm, solana, connect, connectSolana, settled }
}
