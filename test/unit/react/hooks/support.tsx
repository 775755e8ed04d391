import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach } from 'vitest'
import type { Modal } from '../../../../src/createModal'
import type { Connector, Network } from '../../../../src/core/domain/entities'
import { ModalProvider } from '../../../../src/react/ModalProvider'
import { connectorOf, createFakeChainAdapter } from '../../../support/fakeChainAdapter'
import { evmNetwork } from '../../../support/stateAfter'
import { createTestModal } from '../../../support/testModal'
import { settle } from '../../../support/virtualTime'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export const NETWORKS: Network[] = [
  { ...evmNetwork(1, 'One'), assets: { imageUrl: 'https://img.test/one.png' } },
  evmNetwork(2, 'Two'),
]
export const ACCOUNT = '0x00000000000000000000000000000000000000A1'
export const CONNECTORS: Connector[] = [{ ...connectorOf('a', 'Alpha Wallet'), imageUrl: 'https://img.test/alpha.png' }, connectorOf('b', 'Beta')]

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

/** A modal on a fake wallet adapter (virtual time, memory storage), connected on `chain` unless `chain` is null. */
export async function setupModal(options: { chain?: string | null; allowUnsupportedChain?: boolean; themeVariables?: Record<string, string> } = {}) {
  const fake = createFakeChainAdapter(CONNECTORS)
  const t = await createTestModal({
    adapters: [fake.adapter],
    networks: NETWORKS,
    ...(options.allowUnsupportedChain ? { allowUnsupportedChain: true } : {}),
    ...(options.themeVariables ? { themeVariables: options.themeVariables } : {}),
  })
  const chain = options.chain === undefined ? 'eip155:1' : options.chain
  if (chain) await connect(t.modal, fake, chain)
  return { ...t, fake }
}

export async function connect(modal: Modal, fake: ReturnType<typeof createFakeChainAdapter>, chain = 'eip155:1') {
  const c = modal.connect('a')
  fake.answer('connect', { accounts: [ACCOUNT], caipNetworkId: chain })
  await c
  await settle()
}

/** Renders `node` inside the modal's provider into the page; unmounted after the test. */
export function mount(modal: Modal, node: ReactNode): HTMLElement {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  act(() => root.render(<ModalProvider modal={modal}>{node}</ModalProvider>))
  cleanup.push(() => act(() => root.unmount()))
  return el
}

/** Renders a hook in a component and records each value it returned, one per render. */
export function renderHook<T>(modal: Modal, hook: () => T): { renders: T[]; last: () => T } {
  const renders: T[] = []
  function Probe() {
    renders.push(hook())
    return null
  }
  mount(modal, <Probe />)
  return { renders, last: () => renders[renders.length - 1] as T }
}

/** Runs `f` in act and lets the modal's effects settle. */
export async function actSettled(f: () => unknown) {
  await act(async () => {
    f()
    await settle()
  })
}
