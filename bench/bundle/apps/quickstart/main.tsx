// The README's quick start as written: the EVM adapter, one network and `<ConnectButton />`.
import { createRoot } from 'react-dom/client'
import { createModal } from 'gangway-kit'
import { createEvmAdapter } from 'gangway-kit/evm'
import { defineEvmNetwork } from 'gangway-kit/evm'
import { ConnectButton, ModalProvider } from 'gangway-kit/react'

const modal = createModal({
  projectId: 'my-project',
  adapters: [createEvmAdapter()],
  networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })],
})

createRoot(document.getElementById('root') as HTMLElement).render(
  <ModalProvider modal={modal}>
    <main>
      <h1>Host app</h1>
      <ConnectButton />
    </main>
  </ModalProvider>,
)
