// @vitest-environment happy-dom
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { balanceFetched } from '../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import type { Network } from '../../../src/core/domain/entities'
import { AccountBalance } from '../../../src/react/components/AccountBalance'
import { AllWalletsEntry } from '../../../src/react/components/AllWalletsEntry'
import { RecommendedWallets } from '../../../src/react/components/RecommendedWallets'
import { IMAGE_REQUEST_DELAY_MS, preloadImage, WalletImage } from '../../../src/react/components/WalletImage'
import { ModalContext } from '../../../src/react/ModalContext'
import { createTestModal } from '../../support/testModal'
import { createFakeBlockchainApi, createFakeDirectory, nativeBalance } from './fakeApi'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function mount(node: ReactNode) {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  act(() => root.render(node))
  cleanup.push(() => act(() => root.unmount()))
  return el
}

/** Images that load (or fail) only when the test says so. */
function controllableImages() {
  const images: { src: string; onload: (() => void) | null; onerror: (() => void) | null }[] = []
  class FakeImage {
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    src = ''
    constructor() {
      images.push(this)
    }
  }
  vi.stubGlobal('Image', FakeImage)
  const find = (src: string) => images.filter((i) => i.src === src)
  return { images, load: (src: string) => act(() => find(src).forEach((i) => i.onload?.())), fail: (src: string) => act(() => find(src).forEach((i) => i.onerror?.())) }
}

describe('WalletImage', () => {
  it('shows initials until the image loaded, then the image', async () => {
    vi.useFakeTimers()
    const images = controllableImages()
    const el = mount(<WalletImage url="http://127.0.0.1:9/a.svg" name="Amber Wallet" />)
    expect(el.querySelector('[data-testid=directory-wallet-placeholder]')?.textContent).toBe('AW')
    await act(async () => vi.advanceTimersByTime(IMAGE_REQUEST_DELAY_MS))
    images.load('http://127.0.0.1:9/a.svg')
    await act(async () => {})
    expect(el.querySelector('img')?.getAttribute('src')).toBe('http://127.0.0.1:9/a.svg')
  })

  it('loads an image once while it is pending, however many ask', async () => {
    const images = controllableImages()
    const url = 'http://127.0.0.1:9/asked-twice.svg'
    const first = preloadImage(url)
    const second = preloadImage(url)
    expect(images.images.filter((i) => i.src === url)).toHaveLength(1)
    images.load(url)
    expect(await Promise.all([first, second])).toEqual([true, true])
  })

  it('requests no image for an icon unmounted within 100 ms (a row flung past)', async () => {
    vi.useFakeTimers()
    const images = controllableImages()
    const el = document.createElement('div')
    document.body.appendChild(el)
    const root = createRoot(el)
    act(() => root.render(<WalletImage url="http://127.0.0.1:9/flung.svg" name="Delta Dock" />))
    await act(async () => vi.advanceTimersByTime(IMAGE_REQUEST_DELAY_MS - 1))
    act(() => root.unmount())
    await act(async () => vi.advanceTimersByTime(5_000))
    expect(images.images).toEqual([])
  })

  it('keeps the placeholder when the image takes longer than 2 s or fails', async () => {
    vi.useFakeTimers()
    const images = controllableImages()
    const el = mount(<WalletImage url="http://127.0.0.1:9/slow.svg" name="Blue Vault" />)
    await act(async () => vi.advanceTimersByTime(IMAGE_REQUEST_DELAY_MS))
    const settled = vi.fn()
    void preloadImage('http://127.0.0.1:9/other.svg').then(settled)
    await act(async () => vi.advanceTimersByTime(1_999))
    expect(settled).not.toHaveBeenCalled()
    await act(async () => vi.advanceTimersByTime(1))
    expect(settled).toHaveBeenCalledWith(false)
    images.load('http://127.0.0.1:9/slow.svg')
    await act(async () => {})
    expect(el.querySelector('img')).toBeNull()
    expect(el.querySelector('[data-testid=directory-wallet-placeholder]')?.textContent).toBe('BV')
    // Loaded late: a row mounted again (scrolled back into view) shows it at once.
    const again = mount(<WalletImage url="http://127.0.0.1:9/slow.svg" name="Blue Vault" />)
    expect(again.querySelector('img')).not.toBeNull()
    const broken = mount(<WalletImage url="http://127.0.0.1:9/broken.svg" name="Cedar" />)
    await act(async () => vi.advanceTimersByTime(IMAGE_REQUEST_DELAY_MS))
    images.fail('http://127.0.0.1:9/broken.svg')
    await act(async () => {})
    expect(broken.querySelector('[data-testid=directory-wallet-placeholder]')?.textContent).toBe('C')
  })
})

describe('Connect view pieces', () => {
  it('the All Wallets entry shows with the feature and a directory, with the count, and opens AllWallets', async () => {
    controllableImages()
    const fake = createFakeDirectory()
    const { modal, time } = await createTestModal({ walletDirectory: fake.directory })
    modal.open()
    await act(() => time.advanceBy(0))
    const el = mount(
      <ModalContext.Provider value={modal}>
        <RecommendedWallets />
        <AllWalletsEntry />
      </ModalContext.Provider>,
    )
    expect([...el.querySelectorAll('[data-testid=recommended-wallets] button')].map((b) => b.textContent)).toEqual(
      fake.records.slice(0, 4).map((w) => initialsOf(w.name) + w.name),
    )
    const entry = el.querySelector<HTMLButtonElement>('[data-testid=all-wallets-entry]')!
    expect(entry.textContent).toBe('⋯All Wallets320+')
    act(() => entry.click())
    expect(modal.getState().router.view).toBe('AllWallets')
    act(() => modal.dispatch({ type: 'config/remoteLoaded', payload: { features: { allWallets: false } } }))
    expect(el.querySelector('[data-testid=all-wallets-entry]')).toBeNull()
  })

  it('no entry without a wallet directory', async () => {
    const { modal } = await createTestModal()
    const el = mount(
      <ModalContext.Provider value={modal}>
        <AllWalletsEntry />
      </ModalContext.Provider>,
    )
    expect(el.innerHTML).toBe('')
  })
})

describe('AccountBalance', () => {
  const net: Network = {
    id: 31337,
    name: 'Local',
    chainNamespace: 'eip155',
    caipNetworkId: 'eip155:31337',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
  }
  const A = '0x00000000000000000000000000000000000000A1'

  it('shows the API balance truncated to 3 decimals with its dollar value, else the RPC one', async () => {
    let answer: ReturnType<typeof nativeBalance>[] | null = [nativeBalance('eip155:31337', '9999.98765', 3000)]
    const api = createFakeBlockchainApi(() => answer)
    const { modal, time } = await createTestModal({ blockchainApi: api.api, networks: [net] })
    const el = mount(
      <ModalContext.Provider value={modal}>
        <AccountBalance />
      </ModalContext.Provider>,
    )
    expect(el.textContent).toBe('')
    expect(el.querySelector('[data-testid=account-balance-pending]')).not.toBeNull()
    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'x', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:31337' })))
    await act(() => time.advanceBy(0))
    expect(el.querySelector('[data-testid=account-balance]')?.getAttribute('data-source')).toBe('api')
    expect(el.querySelector('[data-testid=account-balance]')?.textContent).toBe('9,999.987 ETH')
    expect(el.querySelector('[data-testid=account-balance-usd]')?.textContent).toBe('$29,999,962.95')
    answer = null
    act(() => modal.refreshBalance(true))
    await act(() => time.advanceBy(0))
    act(() => modal.dispatch(balanceFetched({ caipAddress: `eip155:31337:${A}`, balance: '1.5', symbol: 'ETH' })))
    expect(el.querySelector('[data-testid=account-balance]')?.getAttribute('data-source')).toBe('rpc')
    expect(el.querySelector('[data-testid=account-balance]')?.textContent).toBe('1.500 ETH')
    expect(el.querySelector('[data-testid=account-balance-usd]')).toBeNull()
  })

  it('a negative dollar value shows its minus sign before the dollar sign', async () => {
    const api = createFakeBlockchainApi(() => [nativeBalance('eip155:31337', '1.5', -1.001)])
    const { modal, time } = await createTestModal({ blockchainApi: api.api, networks: [net] })
    const el = mount(
      <ModalContext.Provider value={modal}>
        <AccountBalance />
      </ModalContext.Provider>,
    )
    act(() => modal.dispatch(connectionSucceeded({ connectorId: 'x', namespace: 'eip155', accounts: [{ address: A, type: 'eoa' }], caipNetworkId: 'eip155:31337' })))
    await act(() => time.advanceBy(0))
    expect(el.querySelector('[data-testid=account-balance-usd]')?.textContent).toBe('-$1.50')
  })
})

function initialsOf(name: string): string {
  const words = name.split(' ')
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase()
}
