import { NEVER, of } from 'rxjs'
import type { ChainAdapter, WalletSession } from '../../src/core/ports'

/**
 * The EVM side of the bench modal: the mix's browser wallet (`injected`), which approves a
 * connect at once with one account on chain 1. Without a chain adapter every connect of the mix
 * failed (`ChainAdapterNotFoundError`), the mix's `connection/succeeded` arrived stale and the
 * live modal never went through the connected half of a visit the fold measures. The wallet's
 * own answer settles after the bench's synchronous dispatch loop, by when the mix has already
 * dispatched it (as the log records it), so it is dropped as stale.
 */
export function benchChainAdapter(): ChainAdapter {
  const unused = (method: string) => () => Promise.reject(new Error(`the bench wallet does not ${method}`))
  return {
    namespace: 'eip155',
    connectors: () => of([{ id: 'injected', name: 'Browser Wallet', chain: 'eip155', type: 'INJECTED', installed: true }]),
    connect: () => Promise.resolve<WalletSession>({ accounts: [{ address: `0x${'ab'.repeat(20)}`, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    reconnect: () => Promise.resolve(null),
    disconnect: () => Promise.resolve(),
    events: () => NEVER,
    switchNetwork: unused('switch networks'),
    signMessage: unused('sign'),
    sendTransfer: unused('send'),
    getBalance: unused('read balances'),
    waitForReceipt: unused('wait for receipts'),
  }
}
