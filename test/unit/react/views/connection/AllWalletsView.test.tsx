// @vitest-environment happy-dom
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { walletListPageRequested } from '../../../../../src/core/events/data/walletList'
import { selectAllWallets } from '../../../../../src/core/reducers/data/walletListSelectors'
import { ModalProvider, preloadModalUi } from '../../../../../src/react/ModalProvider'
import { WALLET_COLUMNS, WALLET_LIST_HEIGHT, WALLET_ROW_HEIGHT } from '../../../../../src/react/views/connection/AllWalletsView'
import { createTestModal } from '../../../../support/testModal'
import { createFakeDirectory, httpError } from '../../../data/fakeApi'

// The modal's UI is a chunk of its own: loaded before the first open, as an idle page has it.
beforeAll(() => preloadModalUi())

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let cleanup: (() => void)[] = []
afterEach(() => {
  cleanup.forEach((f) => f())
  cleanup = []
  document.body.innerHTML = ''
})

async function mountAllWallets(fake = createFakeDirectory({ count: 1000 }), options: Parameters<typeof createTestModal>[0] = {}) {
  const t = await createTestModal({ walletDirectory: fake.directory, persistLog: false, ...options })
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  await act(async () => root.render(<ModalProvider modal={t.modal} />))
  cleanup.push(() => act(() => root.unmount()), () => t.modal.destroy())
  await act(async () => {
    t.modal.open('AllWallets')
    await t.time.advanceBy(0)
  })
  const shadow = () => document.querySelector('gangway-modal')!.shadowRoot!
  // The view's module loads on first use: a fallback shows until it has.
  while (shadow().querySelector('[data-testid="view-loading"]')) await act(() => new Promise((r) => setTimeout(r, 10)))
  const $ = <T extends Element = HTMLElement>(selector: string) => shadow().querySelector<T & HTMLElement>(selector)
  const $$ = (selector: string) => [...shadow().querySelectorAll<HTMLElement>(selector)]
  const advance = (ms: number) => act(() => t.time.advanceBy(ms))
  return { ...t, fake, $, $$, advance }
}

function key(target: Element, key: string) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))
  })
}

function type(input: HTMLInputElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function scrollTo(list: HTMLElement, top: number) {
  act(() => {
    list.scrollTop = top
    list.dispatchEvent(new Event('scroll', { bubbles: false }))
  })
}

describe('AllWallets view', () => {
  it('renders only the rows of tiles in view, however many wallets are loaded', async () => {
    const { $, $$, modal, advance } = await mountAllWallets()
    expect($('[data-testid=all-wallets-count]')?.textContent).toBe('1,000 wallets')
    // Load pages until 200 wallets are listed.
    for (let i = 0; i < 4; i++) {
      act(() => modal.dispatch(walletListPageRequested({ list: 'all' })))
      await advance(0)
    }
    expect(modal.getState().walletList.lists.all.wallets).toHaveLength(200)
    const inView = Math.ceil(WALLET_LIST_HEIGHT / WALLET_ROW_HEIGHT) * WALLET_COLUMNS
    const tiles = $$('[data-testid=all-wallets-row]')
    expect(tiles.length).toBeGreaterThanOrEqual(inView)
    expect(tiles.length).toBeLessThanOrEqual(inView + 8 * WALLET_COLUMNS)
    const list = $('[data-testid=all-wallets-list]')!
    // 200 wallets in rows of 4, and the row saying more are coming.
    expect((list.firstElementChild as HTMLElement).style.height).toBe(`${(200 / WALLET_COLUMNS + 1) * WALLET_ROW_HEIGHT}px`)
    scrollTo(list, (100 / WALLET_COLUMNS) * WALLET_ROW_HEIGHT)
    const ids = $$('[data-testid=all-wallets-row]').map((r) => r.dataset.walletId)
    expect(ids).toContain(modal.getState().walletList.lists.all.wallets[100]!.id)
    expect(ids).not.toContain(modal.getState().walletList.lists.all.wallets[0]!.id)
  })

  it('loads the next page of 40 when scrolled near the end, and no further while one loads', async () => {
    const { $, modal, fake, advance } = await mountAllWallets()
    expect(fake.calls.filter((c) => c.entries === 40).map((c) => c.page)).toEqual([1])
    fake.hold()
    // 40 wallets are 10 rows; the 11th says more are loading.
    scrollTo($('[data-testid=all-wallets-list]')!, 10 * WALLET_ROW_HEIGHT - WALLET_LIST_HEIGHT)
    scrollTo($('[data-testid=all-wallets-list]')!, 11 * WALLET_ROW_HEIGHT - WALLET_LIST_HEIGHT)
    expect($('[data-testid=all-wallets-more]')?.textContent).toBe('Loading more wallets…')
    fake.release()
    await advance(0)
    expect(fake.calls.filter((c) => c.entries === 40).map((c) => c.page)).toEqual([1, 2])
    expect(modal.getState().walletList.lists.all.wallets).toHaveLength(80)
  })

  it('is used with the keyboard: left and right along a row, up and down between rows, Enter picks it', async () => {
    const { $, modal } = await mountAllWallets()
    const list = $('[role=listbox]')!
    act(() => list.focus())
    const wallets = modal.getState().walletList.lists.all.wallets
    const active = () => $(`#${CSS.escape(list.getAttribute('aria-activedescendant') ?? '')}`)?.dataset.walletId
    expect(active()).toBe(wallets[0]!.id)
    key(list, 'ArrowRight')
    key(list, 'ArrowRight')
    key(list, 'ArrowRight')
    key(list, 'ArrowLeft')
    expect(active()).toBe(wallets[2]!.id)
    key(list, 'ArrowDown')
    expect(active()).toBe(wallets[2 + WALLET_COLUMNS]!.id)
    key(list, 'ArrowUp')
    expect(active()).toBe(wallets[2]!.id)
    key(list, 'End')
    expect(active()).toBe(wallets[39]!.id)
    expect(list.scrollTop).toBe(10 * WALLET_ROW_HEIGHT - WALLET_LIST_HEIGHT)
    key(list, 'Home')
    expect(active()).toBe(wallets[0]!.id)
    // Up from the first row goes back to the search box.
    key(list, 'ArrowUp')
    expect((list.getRootNode() as ShadowRoot | Document).activeElement).toBe($('[data-testid=all-wallets-search]'))
    act(() => list.focus())
    // A page is the rows in view less one: 2 rows of 4.
    key(list, 'PageDown')
    expect(active()).toBe(wallets[8]!.id)
    key(list, 'Enter')
    expect(modal.getState().router.view).toBe('ConnectingWalletConnect')
    expect(modal.getState().router.data).toMatchObject({ wallet: { id: wallets[8]!.id, name: wallets[8]!.name } })
  })

  it('searches after a 300 ms pause and shows an empty state when nothing matches', async () => {
    const { $, $$, fake, advance } = await mountAllWallets()
    const input = $<HTMLInputElement>('[data-testid=all-wallets-search]')!
    type(input, 'va')
    type(input, 'vault')
    expect($('[data-testid=all-wallets-loading]')).not.toBeNull()
    await advance(299)
    expect(fake.calls.some((c) => c.search !== undefined)).toBe(false)
    await advance(1)
    expect(fake.calls.filter((c) => c.search !== undefined)).toEqual([expect.objectContaining({ search: 'vault', entries: 100, page: 1 })])
    const names = $$('[data-testid=all-wallets-row] .gw-wallet-name').map((n) => n.textContent ?? '')
    expect(names.length).toBeGreaterThan(0)
    expect(names.every((n) => n.toLowerCase().includes('vault'))).toBe(true)
    type(input, 'zzz')
    await advance(300)
    expect($('[data-testid=all-wallets-empty]')?.textContent).toBe('No wallet found for “zzz”.')
    key(input, 'ArrowDown')
    type(input, '')
    expect($$('[data-testid=all-wallets-row]').length).toBeGreaterThan(0)
  })

  it('tells a screen reader each rendered option\'s place in the whole listing, after scrolling and in a search', async () => {
    const { $, $$, modal, advance } = await mountAllWallets(createFakeDirectory({ count: 137 }))
    const positions = () =>
      $$('[role=option]').map((o) => ({ id: o.dataset.walletId, size: o.getAttribute('aria-setsize'), pos: o.getAttribute('aria-posinset') }))
    const check = (total: number) => {
      const { wallets } = selectAllWallets(modal.getState())
      const options = positions()
      expect(options.length).toBeGreaterThan(0)
      // Only some options are rendered, yet each gives the whole listing's size and its 1-based place in it.
      expect(options.length).toBeLessThan(total)
      for (const o of options) {
        expect(o.size).toBe(String(total))
        expect(o.pos).toBe(String(wallets.findIndex((w) => w.id === o.id) + 1))
      }
      return options
    }
    expect($('[data-testid=all-wallets-count]')?.textContent).toBe('137 wallets')
    expect(check(137)[0]).toEqual({ id: expect.any(String), size: '137', pos: '1' })
    // Scrolled down a page: the first rendered options are far from the first.
    for (let i = 0; i < 2; i++) {
      act(() => modal.dispatch(walletListPageRequested({ list: 'all' })))
      await advance(0)
    }
    scrollTo($('[data-testid=all-wallets-list]')!, 20 * WALLET_ROW_HEIGHT)
    const scrolled = check(137)
    expect(Number(scrolled[0]!.pos)).toBeGreaterThan(40)
    // A search narrows the listing: the size is the number of matches.
    type($<HTMLInputElement>('[data-testid=all-wallets-search]')!, 'vault')
    await advance(300)
    const found = selectAllWallets(modal.getState()).count!
    expect(found).toBeGreaterThan(0)
    expect(found).toBeLessThan(137)
    for (const o of positions()) expect(o.size).toBe(String(found))
    expect(positions()[0]!.pos).toBe('1')
  })

  it('shows the failure with a retry, and the list once the directory answers again', async () => {
    const fake = createFakeDirectory()
    fake.fail(() => httpError(429))
    const { $, $$, modal, advance } = await mountAllWallets(fake)
    expect($('[data-testid=all-wallets-error] .gw-error-text')?.textContent).toBe('Rate Limited')
    expect(modal.getState().banner).toMatchObject({ open: true, variant: 'error', message: 'Rate Limited' })
    fake.fail(null)
    act(() => $<HTMLButtonElement>('[data-testid=all-wallets-error] button')!.click())
    await advance(0)
    expect($$('[data-testid=all-wallets-row]').length).toBeGreaterThan(0)
    expect($('[data-testid=all-wallets-count]')?.textContent).toBe('320 wallets')
  })

  it('lists the featured wallets first, in the host order', async () => {
    const fake = createFakeDirectory()
    const featured = [fake.records[7]!.id, fake.records[3]!.id]
    const { $$ } = await mountAllWallets(fake, { featuredWalletIds: featured })
    const ids = $$('[data-testid=all-wallets-row]').map((r) => r.dataset.walletId)
    expect(ids.slice(0, 2)).toEqual(featured)
    expect(ids.slice(2)).not.toContain(featured[0])
    // Each in a section of its own: the featured row under "Featured", then "All wallets".
    expect($$('[data-testid=all-wallets-heading]').map((h) => h.textContent)).toEqual(['Featured', 'All wallets'])
    const rows = $$('.gw-wallet-grid-row').map((row) => [...row.querySelectorAll<HTMLElement>('[data-testid=all-wallets-row]')].map((t) => t.dataset.walletId))
    expect(rows[0]).toEqual(featured)
  })

  it('lists the wallets connected lately under Recent, before the featured ones, each once', async () => {
    const fake = createFakeDirectory()
    // One picked from the directory for WalletConnect (and featured too), one an extension known by its rdns.
    const [featuredToo, extension, other] = [fake.records[7]!, fake.records[4]!, fake.records[20]!]
    const { modal, $$ } = await mountAllWallets(fake, { featuredWalletIds: [featuredToo.id, other.id] })
    act(() => {
      modal.dispatch(
        storageHydrated({
          wallets: {
            recent: [
              { id: 'walletConnect', name: 'WalletConnect', namespace: 'eip155', listingId: featuredToo.id },
              { id: 'injected-x', name: extension.name, namespace: 'eip155', rdns: extension.rdns! },
            ],
            connected: {},
          },
        }),
      )
    })
    expect(selectAllWallets(modal.getState()).sections).toEqual({ recent: 2, featured: 1 })
    expect($$('[data-testid=all-wallets-heading]').map((h) => h.textContent)).toEqual(['Recent', 'Featured', 'All wallets'])
    const rows = $$('.gw-wallet-grid-row').map((row) => [...row.querySelectorAll<HTMLElement>('[data-testid=all-wallets-row]')].map((el) => el.dataset.walletId))
    expect(rows.slice(0, 2)).toEqual([[featuredToo.id, extension.id], [other.id]])
    const ids = rows.flat()
    expect(ids.filter((id) => id === featuredToo.id || id === extension.id)).toHaveLength(2)
  })

  it('says so when no wallet directory is configured', async () => {
    const t = await createTestModal({ persistLog: false })
    const el = document.createElement('div')
    document.body.appendChild(el)
    const root = createRoot(el)
    await act(async () => root.render(<ModalProvider modal={t.modal} />))
    cleanup.push(() => act(() => root.unmount()))
    await act(async () => t.modal.open('AllWallets'))
    const text = document.querySelector('gangway-modal')!.shadowRoot!.querySelector('[data-testid=all-wallets-empty]')?.textContent
    expect(text).toBe('No wallet directory is configured.')
  })
})
