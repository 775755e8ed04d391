// The README's quick start as written: the EVM adapter, one network and `<ConnectButton />`.
import { createRoot } from 'react-dom/client'
import { createModal } from '../../../../src/index'
import { createEvmAdapter } from '../../../../src/adapters/evm/createEvmAdapter'
import { defineEvmNetwork } from '../../../../src/adapters/evm/defineEvmNetwork'
import { ConnectButton, ModalProvider } from '../../../../src/react/index'

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
