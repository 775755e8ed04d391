// @vitest-environment happy-dom
import { act } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import type { BlockchainApi } from '../../../src/core/apiPorts'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../../src/core/events/data/tokenBalances'
import { createModal } from '../../../src/createModal'
import { serializeError } from '../../../src/core/errors/base'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { evmNetwork } from '../../support/stateAfter'

// Account keeps the lines of the balances' dollar figures while the data API has not answered, so
// its buttons stay where the visitor aims at them when the figures arrive.
const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** A data API that never answers: the balances stay to come until the test says otherwise. */
const silentApi = new Proxy({}, { get: () => () => new Promise(() => undefined) }) as BlockchainApi

async function account(options: { api: boolean }) {
  const modal = createModal({
    projectId: 'p',
    adapters: ['eip155'],
    networks: [evmNetwork(1, 'One')],
    storage: createMemoryStorage(),
    persistLog: false,
    ...(options.api ? { blockchainApi: silentApi } : {}),
  })
  await modal.ready
  const ui = mount(modal)
  act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' })))
  act(() => modal.open('Account'))
  await vi.waitFor(() => expect(ui.byTestId('account-address')).not.toBeNull())
  return { modal, ui }
}

const present = (ui: { byTestId(id: string): HTMLElement | null }, testId: string) => ui.byTestId(testId) !== null

describe("Account's balance lines", () => {
  it('are kept (hidden from assistive technology) until the balances arrive, then hold them', async () => {
    const { modal, ui } = await account({ api: true })
    expect(present(ui, 'account-total-pending')).toBe(true)
    expect(present(ui, 'account-balance-usd-pending')).toBe(true)
    expect(ui.byTestId('account-total-pending')!.getAttribute('aria-hidden')).toBe('true')
    expect(present(ui, 'account-total')).toBe(false)
    act(() =>
      modal.dispatch(
        tokenBalancesFetched({ caipAddress: `eip155:1:${EVM}`, balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 2, value: 3, quantity: { decimals: '18', numeric: '1.5' } }] }),
      ),
    )
    expect(ui.byTestId('account-total')?.textContent).toBe('$3.00')
    expect(present(ui, 'account-balance-usd')).toBe(true)
    expect(present(ui, 'account-total-pending')).toBe(false)
    expect(present(ui, 'account-balance-usd-pending')).toBe(false)
  })

  it('go when the lookup fails, and are not kept by a host without the data API', async () => {
    const failing = await account({ api: true })
    act(() => failing.modal.dispatch(tokenBalancesFailed({ caipAddress: `eip155:1:${EVM}`, error: serializeError(new Error('down')) })))
    expect(present(failing.ui, 'account-total-pending')).toBe(false)
    expect(present(failing.ui, 'account-balance-usd-pending')).toBe(false)
    failing.modal.destroy()

    const without = await account({ api: false })
    expect(present(without.ui, 'account-total-pending')).toBe(false)
    expect(present(without.ui, 'account-balance-usd-pending')).toBe(false)
  })
})
