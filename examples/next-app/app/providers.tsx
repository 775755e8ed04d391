'use client'
// docs/nextjs.md, step 1, as written.
import type { ReactNode } from 'react'
import { createModal } from 'gangway-kit'
import { createEvmAdapter, defineEvmNetwork } from 'gangway-kit/evm'
import { ModalProvider } from 'gangway-kit/react'
import { GangwayDevtools } from 'gangway-kit/devtools'

export const modal = createModal({
  projectId: 'my-project',
  networks: [defineEvmNetwork({ id: 8453, name: 'Base', rpcUrl: 'https://mainnet.base.org' })],
  adapters: [createEvmAdapter()],
})

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ModalProvider modal={modal}>
      {children}
      <GangwayDevtools modal={modal} />
    </ModalProvider>
  )
}
