// README's full configuration: the EVM adapter, WalletConnect metadata, the data API with swaps,
// the on-ramp and names, no devtools. The smoke test holds this page's initial JS to a budget.
import { createModal, selectAddress } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { walletConnect } from 'gangway-kit/walletconnect'
import { names, onramp, swaps } from 'gangway-kit/features'
import { ModalProvider, useModal, useModalState } from 'gangway-kit/react'
import { createRoot } from 'react-dom/client'

const modal = createModal({
  projectId: 'my-project',
  networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })],
  adapters: [createEvmAdapter()],
  walletConnect: walletConnect({
    metadata: { name: 'My app', description: 'An app', url: 'https://my.app', icons: ['https://my.app/icon.png'] },
  }),
  apiUrl: 'https://api.example.com',
  modules: [swaps(), onramp(), names()],
})

function ConnectButton() {
  const modal = useModal()
  const address = useModalState((s) => selectAddress(s))
  return <button onClick={() => modal.open()}>{address ?? 'Connect wallet'}</button>
}

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <ConnectButton />
  </ModalProvider>,
)
