// @vitest-environment happy-dom
import { act } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '../../../src/adapters/storage/memoryStorage'
import type { BlockchainApi, WalletDirectory } from '../../../src/core/apiPorts'
import { balanceFailed, balanceFetched } from '../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { tokenBalancesFailed, tokenBalancesFetched } from '../../../src/core/events/data/tokenBalances'
import { serializeError } from '../../../src/core/errors/base'
import { createModal } from '../../../src/createModal'
import { prefetchViews } from '../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../support/modalUi'
import { evmNetwork } from '../../support/stateAfter'

// Account's balance line: a placeholder until a source told the balance (never a zero it was not
// told), 'Taking longer than usual' with a retry once one request's timeout (10 s) has passed,
// 'Balance unavailable' only after the data API and the RPC both failed. Every state takes the
// balance line's place. The dollar lines below are kept (hidden from assistive technology) while the
// data API has not answered, so Account's buttons stay where the visitor aims at them.
const mount = modalUiPerFile()
beforeAll(() => prefetchViews())
afterEach(() => vi.useRealTimers())

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CAIP = `eip155:1:${EVM}`

/** A data API whose balance lookups never answer, counting them. */
function silentApi() {
  const calls = { getBalance: 0 }
  const api = new Proxy({}, { get: (_t, name) => () => {
    if (name === 'getBalance') calls.getBalance++
    return new Promise(() => undefined)
  } }) as BlockchainApi
  return { api, calls }
}

/** Runs promise callbacks and timers due within `ms` of fake time, in React's act. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

async function account(options: { api: BlockchainApi | null }) {
  const modal = createModal({
    projectId: 'p',
    adapters: ['eip155'],
    networks: [evmNetwork(1, 'One')],
    storage: createMemoryStorage(),
    persistLog: false,
    ...(options.api ? { blockchainApi: options.api } : {}),
  })
  await modal.ready
  const ui = mount(modal)
  act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: EVM, type: 'eoa' }], caipNetworkId: 'eip155:1' })))
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  act(() => modal.open('Account'))
  for (let i = 0; i < 100 && !ui.byTestId('account-address'); i++) await advance(1)
  expect(ui.byTestId('account-address')).not.toBeNull()
  return { modal, ui }
}

const present = (ui: { byTestId(id: string): HTMLElement | null }, testId: string) => ui.byTestId(testId) !== null

const line = (ui: { shadow(): ShadowRoot }) => {
  const shown = ui.shadow().querySelectorAll<HTMLElement>('.gw-account-balance')
  expect(shown).toHaveLength(1)
  return shown[0]!
}

describe("Account's balance line", () => {
  it('is a placeholder while the data API has not answered, never a zero, then the balance in the locale’s format', async () => {
    const { api } = silentApi()
    const { modal, ui } = await account({ api })
    expect(line(ui).dataset.testid).toBe('account-balance-pending')
    expect(line(ui).textContent).toBe('')
    expect(line(ui).getAttribute('aria-busy')).toBe('true')
    act(() =>
      modal.dispatch(
        tokenBalancesFetched({ caipAddress: CAIP, balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 0.15, value: 1499.77, quantity: { decimals: '18', numeric: '9998.48999' } }] }),
      ),
    )
    expect(line(ui).dataset.testid).toBe('account-balance')
    expect(line(ui).textContent).toBe('9,998.489 ETH')
    expect(ui.byTestId('account-balance-usd')?.textContent).toBe('$1,499.77')
    modal.destroy()
  })

  it('says it is taking longer, with a retry, once one request’s timeout passed; the retry asks again and waits again', async () => {
    const { api, calls } = silentApi()
    const { ui } = await account({ api })
    const asked = calls.getBalance
    expect(asked).toBeGreaterThan(0)
    await advance(9_000)
    expect(line(ui).dataset.testid).toBe('account-balance-pending')
    await advance(1_500)
    expect(line(ui).dataset.testid).toBe('account-balance-slow')
    expect(line(ui).textContent).toContain('Taking longer than usual')
    await act(async () => ui.byTestId('account-balance-retry')!.click())
    await advance(0)
    expect(calls.getBalance).toBe(asked + 1)
    expect(line(ui).dataset.testid).toBe('account-balance-pending')
    await advance(9_000)
    expect(line(ui).dataset.testid).toBe('account-balance-pending')
    await advance(1_500)
    expect(line(ui).dataset.testid).toBe('account-balance-slow')
  })

  it('says "Balance unavailable" only once the data API and the RPC both failed', async () => {
    const { api } = silentApi()
    const { modal, ui } = await account({ api })
    act(() => modal.dispatch(tokenBalancesFailed({ caipAddress: CAIP, error: serializeError(new Error('down')) })))
    // The API failed; the RPC read that follows may still tell the balance.
    expect(line(ui).dataset.testid).toBe('account-balance-pending')
    act(() => modal.dispatch(balanceFailed({ caipAddress: CAIP, error: serializeError(new Error('down too')) })))
    expect(line(ui).dataset.testid).toBe('account-balance-unavailable')
    expect(line(ui).textContent).toBe('Balance unavailable')
    // A later answer replaces it.
    act(() => modal.dispatch(balanceFetched({ caipAddress: CAIP, balance: '0.5', symbol: 'ETH' })))
    expect(line(ui).textContent).toBe('0.500 ETH')
    expect(line(ui).dataset.source).toBe('rpc')
  })

  it('without the data API, waits for the RPC alone: a placeholder, then unavailable when it fails', async () => {
    const { modal, ui } = await account({ api: null })
    expect(line(ui).textContent).not.toContain('0.000')
    act(() => modal.dispatch(balanceFailed({ caipAddress: CAIP, error: serializeError(new Error('down')) })))
    expect(line(ui).dataset.testid).toBe('account-balance-unavailable')
  })
})

describe("Connect's recommended wallets from a directory that does not answer", () => {
  it('hold their rows, then say it is taking longer with a retry in the first row; the retry asks the directory again', async () => {
    const asked: unknown[] = []
    const directory = new Proxy({}, { get: (_t, name) => (...args: unknown[]) => {
      if (name === 'getWallets') asked.push(args[0])
      return new Promise(() => undefined)
    } }) as WalletDirectory
    const modal = createModal({ projectId: 'p', adapters: ['eip155'], networks: [evmNetwork(1, 'One')], storage: createMemoryStorage(), persistLog: false, walletDirectory: directory })
    await modal.ready
    const ui = mount(modal)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    act(() => modal.open())
    for (let i = 0; i < 100 && !ui.byTestId('recommended-wallets-loading'); i++) await advance(1)
    const rows = () => ui.byTestId('recommended-wallets-loading')!.children
    expect(rows()).toHaveLength(4)
    expect(ui.byTestId('recommended-wallets-loading-slow')).toBeNull()
    await advance(9_000)
    expect(ui.byTestId('recommended-wallets-loading-slow')).toBeNull()
    await advance(1_500)
    expect(ui.byTestId('recommended-wallets-loading-slow')?.textContent).toContain('Taking longer than usual')
    // The notice takes a row's place: the rows keep their count and class.
    expect(rows()).toHaveLength(4)
    expect([...rows()].every((row) => row.className === 'gw-button gw-loading-row')).toBe(true)
    const before = asked.length
    await act(async () => ui.byTestId('recommended-wallets-loading-retry')!.click())
    await advance(0)
    expect(asked.length).toBe(before + 1)
    expect(ui.byTestId('recommended-wallets-loading-slow')).toBeNull()
    await advance(10_500)
    expect(ui.byTestId('recommended-wallets-loading-slow')).not.toBeNull()
  })
})

describe("Account's balance lines", () => {
  it('are kept (hidden from assistive technology) until the balances arrive, then hold them', async () => {
    const { modal, ui } = await account({ api: silentApi().api })
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
    const failing = await account({ api: silentApi().api })
    act(() => failing.modal.dispatch(tokenBalancesFailed({ caipAddress: `eip155:1:${EVM}`, error: serializeError(new Error('down')) })))
    expect(present(failing.ui, 'account-total-pending')).toBe(false)
    expect(present(failing.ui, 'account-balance-usd-pending')).toBe(false)
    failing.modal.destroy()

    const without = await account({ api: null })
    expect(present(without.ui, 'account-total-pending')).toBe(false)
    expect(present(without.ui, 'account-balance-usd-pending')).toBe(false)
  })
})
