// README "Using it", as a host writes it.
import { createModal, selectAddress } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { ModalProvider, useModal, useModalState } from 'gangway-kit/react'
import { GangwayDevtools } from 'gangway-kit/devtools'
import { useEffect } from 'react'

export const modal = createModal({
  projectId: 'my-project',
  networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })],
  adapters: [createEvmAdapter()],
  themeMode: 'dark',
  themeVariables: { '--gw-accent': '#0a7' },
})

function ConnectButton() {
  const modal = useModal()
  const address = useModalState((s) => selectAddress(s))
  return (
    <button type="button" data-testid="connect" onClick={() => modal.open()}>
      {address ?? 'Connect wallet'}
    </button>
  )
}

/** Tells the smoke test that React committed (after hydration on the client). */
function Committed() {
  useEffect(() => {
    window.__gangwayCommitted = true
  }, [])
  return null
}

export function App() {
  return (
    <ModalProvider modal={modal}>
      <ConnectButton />
      <GangwayDevtools modal={modal} />
      <Committed />
    </ModalProvider>
  )
}
