// The realistic host with Solana beside EVM: the README setup plus the Solana adapter and a
// Solana network, to see what Solana adds to the first bundle and what loads on its own.
import { createRoot } from 'react-dom/client'
import { createModal, selectAddress } from '../../../../src/index'
import { createEvmAdapter } from '../../../../src/adapters/evm/createEvmAdapter'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { createSolanaAdapter, solanaMainnet } from '../../../../src/solana'
import { ModalProvider, useModal, useModalState } from '../../../../src/react/index'

const modal = createModal({
  projectId: 'my-project',
  networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' }), solanaMainnet],
  adapters: [createEvmAdapter(), createSolanaAdapter({ networks: [solanaMainnet] })],
  themeMode: 'dark',
  themeVariables: { '--gw-accent': '#0a7' },
  walletConnect: {
    metadata: { name: 'My app', description: 'A host app', url: 'https://my.app', icons: ['https://my.app/icon.png'] },
  },
  apiUrl: 'https://api.example.com',
})

function ConnectButton() {
  const gangway = useModal()
  const address = useModalState((s) => selectAddress(s))
  return (
    <button type="button" id="open" onClick={() => gangway.open()}>
      {address ?? 'Connect wallet'}
    </button>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <ModalProvider modal={modal}>
    <main>
      <h1>Host app</h1>
      <ConnectButton />
    </main>
  </ModalProvider>,
)
