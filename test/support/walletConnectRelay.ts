// What the WalletConnect tests over the local relay share: a dApp-side adapter whose provider
// closes its socket after the test, and a connect that hands each pairing URI to the dev wallet.
import type { WalletController } from '../../dev/wallet/walletController'
import { MemoryStorage } from '../../dev/wallet/memoryStorage'
import type { Network } from '../../src/core/domain/entities'
import type { ChainAdapter } from '../../src/core/ports'
import { createWalletConnectAdapter, type WalletConnectAdapter } from '../../src/adapters/walletconnect/createWalletConnectAdapter'
import { loadUniversalProvider } from '../../src/adapters/walletconnect/walletConnectProvider'

/** The WalletConnect adapter on `relayUrl` for `networks`, in memory; its socket closes with `cleanups`. */
export function relayAdapter(relayUrl: string, networks: Network[], storagePrefix: string, cleanups: (() => Promise<unknown>)[]): WalletConnectAdapter {
  return createWalletConnectAdapter({
    projectId: 'gangway-test',
    relayUrl,
    metadata: { name: 'Gangway Test', description: 'adapter test', url: 'http://127.0.0.1', icons: [] },
    networks,
    storage: new MemoryStorage(),
    storagePrefix,
    receiptPollingMs: 50,
    loadProvider: async (init) => {
      const p = await loadUniversalProvider(init)
      cleanups.push(async () => (p as unknown as { client: { core: { relayer: { transportClose(): Promise<void> } } } }).client.core.relayer.transportClose())
      return p
    },
  })
}

/** Connects `side` (the adapter's eip155 side unless said), handing each pairing URI to `wallet`. */
export async function connectThroughRelay(adapter: WalletConnectAdapter, wallet: WalletController, side: ChainAdapter = adapter) {
  const sub = adapter.walletConnect.activity().subscribe((a) => {
    if (a.type === 'pairingUri') void wallet.pair(a.uri)
  })
  try {
    return await side.connect('walletConnect')
  } finally {
    sub.unsubscribe()
  }
}
