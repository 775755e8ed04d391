// @vitest-environment happy-dom
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { sendAmountSet } from '../../../src/core/events/connection/send'
import { createModal } from '../../../src/createModal'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '2yv38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg'

describe('SwitchActiveChain', () => {
  it('lists the chain families with their accounts; one without a connection continues to Connect, one with shows its account', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155', 'solana'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const { byTestId: q, view } = mount(modal)

    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' })))
    act(() => modal.open('Account'))
    act(() => modal.dispatch(sendAmountSet({ amount: '1.5' })))
    expect(modal.getState().account.send.amount).toBe('1.5')
    act(() => q('account-switch-chain')!.click())
    expect(view()).toBe('SwitchActiveChain')
    expect(q('active-chain-eip155')!.getAttribute('aria-current')).toBe('true')
    expect(q('active-chain-eip155')!.textContent).toContain('Ethereum (EVM)')
    expect(q('active-chain-solana')!.textContent).toContain('Not connected')

    act(() => q('active-chain-solana')!.click())
    expect(view()).toBe('Connect')
    expect(modal.getState().connection.activeNamespace).toBe('solana')
    // Switching the chain family clears the send form.
    expect(modal.getState().account.send.amount).toBeNull()

    act(() => modal.dispatch(connectionSucceeded({ connectorId: 's', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })))
    act(() => modal.open('SwitchActiveChain'))
    expect(q('active-chain-solana')!.getAttribute('aria-current')).toBe('true')
    act(() => q('active-chain-eip155')!.click())
    expect(view()).toBe('Account')
    expect(modal.getState().connection.activeNamespace).toBe('eip155')
    expect(q('account-address')!.getAttribute('title')).toBe(EVM)
    // Both stay connected.
    expect(Object.keys(modal.getState().connection.byNamespace).sort()).toEqual(['eip155', 'solana'])
    modal.destroy()
  })

  it('Account offers it only when the app has more than one chain family', async () => {
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], storage: createMemoryStorage(), persistLog: false })
    await modal.ready
    const { shadow: shadowRoot } = mount(modal)
    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' })))
    act(() => modal.open('Account'))
    const shadow = shadowRoot()
    expect(shadow.querySelector('[data-testid="view-account"]')).not.toBeNull()
    expect(shadow.querySelector('[data-testid="account-switch-chain"]')).toBeNull()
    modal.destroy()
  })
})
