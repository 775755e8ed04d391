// A host whose pages send a strict Content-Security-Policy (no 'unsafe-inline' for styles or
// scripts): the README setup with the package's own ConnectButton. The smoke test serves it
// rendered in the browser (no nonce) and server-rendered with a per-request nonce.
import { createModal, type Modal } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { ConnectButton, ModalProvider } from 'gangway-kit/react'
import { useEffect } from 'react'

/** The page's modal; `cspNonce` is the request's nonce when the page carries one. */
export function cspModal(cspNonce?: string): Modal {
  return createModal({
    projectId: 'my-project',
    networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })],
    adapters: [createEvmAdapter()],
    themeMode: 'dark',
    themeVariables: { '--gw-accent': '#0a7' },
    ...(cspNonce ? { cspNonce } : {}),
  })
}

/** Tells the smoke test that React committed (after hydration on the client). */
function Committed() {
  useEffect(() => {
    window.__gangwayCommitted = true
  }, [])
  return null
}

export function CspApp({ modal }: { modal: Modal }) {
  return (
    <ModalProvider modal={modal}>
      <ConnectButton />
      <Committed />
    </ModalProvider>
  )
}
