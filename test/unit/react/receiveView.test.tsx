// @vitest-environment happy-dom
import { act } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { createModal } from '../../../src/createModal'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { evmNetwork } from '../../support/stateAfter'

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

async function connected(options: { receive?: boolean } = {}) {
  const modal = createModal({
    projectId: 'p',
    adapters: ['eip155'],
    networks: [evmNetwork(1, 'One'), evmNetwork(2, 'Two')],
    storage: createMemoryStorage(),
    persistLog: false,
    ...(options.receive === false ? { features: { receive: false } } : {}),
  })
  await modal.ready
  const ui = mount(modal)
  act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' })))
  act(() => modal.open('Account'))
  return { modal, ...ui }
}

describe('Receive', () => {
  it('Account opens it: the address as text and as a QR code, the networks it receives on, and a copy button', async () => {
    const { modal, byTestId: q, view, shadow } = await connected()
    await act(async () => q('account-receive')!.click())
    expect(view()).toBe('Receive')
    expect(q('receive-address')!.textContent).toBe(EVM)
    expect(q('receive-networks')!.textContent).toBe('Receive Ethereum (EVM) assets on One, Two')
    // The QR code's library loads with the view.
    await vi.waitFor(() => expect(shadow().querySelector('[data-testid="view-receive"] svg[role="img"]')).not.toBeNull())
    expect(shadow().querySelector('[data-testid="view-receive"] svg')!.getAttribute('aria-label')).toContain(EVM)

    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await act(async () => q('receive-copy')!.click())
    expect(writeText).toHaveBeenCalledWith(EVM)
    expect(modal.getState().banner).toMatchObject({ open: true, variant: 'success', message: 'Address copied' })
    modal.destroy()
  })

  it('is not offered when the receive feature is off', async () => {
    const { modal, byTestId: q } = await connected({ receive: false })
    expect(q('view-account')).not.toBeNull()
    expect(q('account-receive')).toBeNull()
    modal.destroy()
  })
})
