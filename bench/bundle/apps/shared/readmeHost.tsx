// The README's "Using it" setup (an EVM network, the EVM adapter, theme options, a connect button
// showing the address) with WalletConnect metadata and the blockchain data API with swaps, the
// on-ramp and names, as a production
// app would have it, no devtools; `extra` adds networks, chain adapters (Solana beside EVM) and options.
import { createRoot } from 'react-dom/client'
import type { ChainAdapter, Modal, ModalOptions, Network } from 'gangway-kit'
import { createModal, selectAddress } from 'gangway-kit'
import { createEvmAdapter } from 'gangway-kit/evm'
import { defineEvmNetwork } from 'gangway-kit/evm'
import { walletConnect } from 'gangway-kit/walletconnect'
import { names, onramp, swaps } from 'gangway-kit/features'
import { ModalProvider, useModal, useModalState } from 'gangway-kit/react'

/**
 * Creates the modal and renders the host; returns the modal (the start-up bench times its `ready`).
 * `extra` adds networks, chain adapters and other options (the embedded wallet, sign-in).
 */
export function startReadmeHost(extra: { networks?: Network[]; adapters?: ChainAdapter[]; options?: Partial<ModalOptions> } = {}): Modal {
  const modal = createModal({
    projectId: 'my-project',
    networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' }), ...(extra.networks ?? [])],
    adapters: [createEvmAdapter(), ...(extra.adapters ?? [])],
    themeMode: 'dark',
    themeVariables: { '--gw-accent': '#0a7' },
    walletConnect: walletConnect({
      metadata: { name: 'My app', description: 'A host app', url: 'https://my.app', icons: ['https://my.app/icon.png'] },
    }),
    apiUrl: 'https://api.example.com',
    modules: [swaps(), onramp(), names()],
    ...extra.options,
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
  return modal
}
