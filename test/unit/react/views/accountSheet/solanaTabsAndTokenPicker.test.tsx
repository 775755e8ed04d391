// @vitest-environment happy-dom
// A Solana account's Activity and NFTs tabs (loading, rows, empty, error with a retry, as EVM's),
// fed by the data API's history and NFT routes for the cluster; and Send's token picker, a
// listbox of the tokens held with their icons and balances, driven by keyboard and mouse, for
// EVM and Solana.
import { act } from 'react'
import { beforeAll, describe, expect, it } from 'vitest'
import { solanaMainnet } from '../../../../../src/adapters/solana/defineSolanaNetwork'
import { createMemoryStorage } from '../../../../../src/adapters/storage/memoryStorage'
import type { BlockchainApi, HistoryPage } from '../../../../../src/core/apiPorts'
import type { NftItem, TokenBalance, Transaction } from '../../../../../src/core/domain/entities'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { tokenBalancesFetched } from '../../../../../src/core/events/data/tokenBalances'
import { GangwayError } from '../../../../../src/core/errors/base'
import { createModal } from '../../../../../src/createModal'
import { prefetchViews } from '../../../../../src/react/views/viewRegistry'
import { modalUiPerFile } from '../../../../support/modalUi'
import { until } from '../../../../support/until'
import { evmNetwork } from '../../../../support/stateAfter'

const mount = modalUiPerFile()
beforeAll(() => prefetchViews())

const SOL_ADDRESS = '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg'
const OTHER = 'FdnHavjnCBuEZpJ9mcrakq9Whfwg5ptMPL6wu6ScYi9Y'
const GWAY_MINT = '9iwsPKzDCdR1zZzwxEgVJBeXKaqc5raN6UFCzoEiGBTL'
const CLUSTER = solanaMainnet.caipNetworkId
const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

/** Lets React render what became ready (a lazy chunk, an answer) until `check` holds; fails after 5 s. */
async function shown(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the view')
    await act(async () => void (await new Promise((r) => setTimeout(r, 10))))
  }
}

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void }
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

/** A data API whose history and NFT lookups the test answers, one at a time; everything else never answers. */
function controlledApi() {
  const history: { params: unknown; answer: Deferred<HistoryPage> }[] = []
  const nfts: { params: unknown; answer: Deferred<NftItem[]> }[] = []
  const api = new Proxy({} as BlockchainApi, {
    get: (_t, name) => {
      if (name === 'getHistory') return (params: unknown) => history[history.push({ params, answer: deferred() }) - 1]!.answer.promise
      if (name === 'getNfts') return (params: unknown) => nfts[nfts.push({ params, answer: deferred() }) - 1]!.answer.promise
      if (name === 'isNetworkSupported') return () => Promise.resolve(true)
      return () => new Promise(() => undefined)
    },
  })
  return { api, history, nfts }
}

async function connectedModal(namespace: 'solana' | 'eip155', api: BlockchainApi) {
  const network = namespace === 'solana' ? solanaMainnet : evmNetwork(1, 'One')
  const modal = createModal({ projectId: 'p', adapters: [namespace], networks: [network], storage: createMemoryStorage(), persistLog: false, blockchainApi: api })
  await modal.ready
  const ui = mount(modal)
  const address = namespace === 'solana' ? SOL_ADDRESS : EVM
  act(() => modal.dispatch(connectionSucceeded({ connectorId: 'w', namespace, accounts: [{ address, type: 'eoa' }], caipNetworkId: network.caipNetworkId })))
  return { modal, ui, caipAddress: `${network.caipNetworkId}:${address}` }
}

const solTransfer: Transaction = {
  id: SIGNATURE,
  metadata: { operationType: 'send', hash: SIGNATURE, minedAt: new Date(Date.now() - 120_000).toISOString(), status: 'confirmed', chain: CLUSTER, sentFrom: SOL_ADDRESS, sentTo: OTHER },
  transfers: [{ direction: 'out', quantity: { numeric: '0.5' }, price: 150, value: 75, fungible_info: { name: 'Solana', symbol: 'SOL' } }],
}

describe("a Solana account's Activity and NFTs tabs", () => {
  it('has Tokens, NFTs and Activity; Activity loads the cluster’s history and lists the transfer', async () => {
    const { api, history } = controlledApi()
    const { modal, ui } = await connectedModal('solana', api)
    act(() => modal.open('Account'))
    // The account view's chunk may suspend once more after its first paint: wait for the tabs to stay.
    // The tabs are a chunk of their own: a placeholder stands in until it loads.
    await shown(() => ui.shadow().querySelectorAll('.gw-tablist > button').length === 3)
    expect([...ui.shadow().querySelectorAll('.gw-tablist > button')].map((tab) => [tab.getAttribute('role'), tab.getAttribute('data-testid')])).toEqual([['tab', 'account-tab-tokens'], ['tab', 'account-tab-nfts'], ['tab', 'account-tab-activity']])

    await act(async () => ui.byTestId('account-tab-activity')!.click())
    await until(() => history.length === 1)
    expect(history[0]!.params).toEqual({ address: SOL_ADDRESS, cursor: null, chainId: CLUSTER })
    expect(ui.byTestId('activity-loading')!.textContent).toBe('Loading activity…')
    expect(ui.byTestId('account-activity')!.getAttribute('aria-busy')).toBe('true')

    await act(async () => history[0]!.answer.resolve({ data: [solTransfer], next: null }))
    await shown(() => ui.byTestId('activity-row') !== null)
    expect(ui.byTestId('activity-loading')).toBeNull()
    expect(ui.byTestId('activity-row')!.getAttribute('data-hash')).toBe(SIGNATURE)
    expect(ui.byTestId('activity-title')!.textContent).toBe('Sent')
    expect(ui.byTestId('activity-amount')!.textContent).toBe('-0.500 SOL')

    modal.destroy()
  })

  it('Activity: a failed history lookup shows the spec’s message and a retry; an empty history says so', async () => {
    const { api, history } = controlledApi()
    const { modal, ui } = await connectedModal('solana', api)
    act(() => modal.open('Account'))
    await shown(() => ui.byTestId('account-tab-activity') !== null)
    await act(async () => ui.byTestId('account-tab-activity')!.click())
    await until(() => history.length === 1)
    await act(async () => history[0]!.answer.reject(new GangwayError('Server Error', { details: 'HTTP 502' })))
    await shown(() => ui.byTestId('activity-error') !== null)
    expect(ui.byTestId('activity-error')!.textContent).toContain('Failed to fetch transactions')
    await act(async () => ui.byTestId('activity-retry')!.click())
    await until(() => history.length === 2)
    await act(async () => history[1]!.answer.resolve({ data: [], next: null }))
    await until(() => ui.shadow().textContent?.includes('No activity yet.'))
    expect(ui.byTestId('activity-error')).toBeNull()
    modal.destroy()
  })

  it('NFTs: loading, then the cluster’s NFTs by name; empty says so; a failure has a retry', async () => {
    const { api, nfts } = controlledApi()
    const { modal, ui } = await connectedModal('solana', api)
    act(() => modal.open('Account'))
    await shown(() => ui.byTestId('account-tab-nfts') !== null)
    await act(async () => ui.byTestId('account-tab-nfts')!.click())
    await until(() => nfts.length === 1)
    expect(nfts[0]!.params).toEqual({ address: SOL_ADDRESS, chainId: CLUSTER })
    expect(ui.shadow().textContent).toContain('Loading NFTs…')
    await act(async () => nfts[0]!.answer.reject(new GangwayError('Something went wrong', { details: 'HTTP 502' })))
    await shown(() => ui.byTestId('nfts-error') !== null)
    await act(async () => ui.byTestId('nfts-retry')!.click())
    await until(() => nfts.length === 2)
    const pass: NftItem = { chainId: CLUSTER, contract: GWAY_MINT, tokenId: '1', name: 'Gangway Pass', collection: 'Gangway Pass', imageUrl: 'http://gw.test/public/getAssetImage/PASS-1', spam: false }
    await act(async () => nfts[1]!.answer.resolve([pass]))
    await shown(() => ui.byTestId('nft-item') !== null)
    expect(ui.byTestId('nft-name')!.textContent).toBe('Gangway Pass')
    expect(ui.byTestId('nfts-error')).toBeNull()
    modal.destroy()
  })

  it('NFTs: an account without any says so', async () => {
    const { api, nfts } = controlledApi()
    const { modal, ui } = await connectedModal('solana', api)
    act(() => modal.open('Account'))
    await shown(() => ui.byTestId('account-tab-nfts') !== null)
    await act(async () => ui.byTestId('account-tab-nfts')!.click())
    await until(() => nfts.length === 1)
    await act(async () => nfts[0]!.answer.resolve([]))
    await until(() => ui.shadow().textContent?.includes('No NFTs yet.'))
    expect(ui.byTestId('nft-item')).toBeNull()
    modal.destroy()
  })
})

const balance = (symbol: string, name: string, chainId: string, decimals: number, numeric: string, address?: string): TokenBalance => ({
  name,
  symbol,
  chainId,
  price: 1,
  value: Number(numeric),
  quantity: { decimals: String(decimals), numeric },
  iconUrl: `http://gw.test/public/getTokenImage/${symbol}`,
  ...(address ? { address } : {}),
})

const key = (el: Element, k: string) => act(async () => void el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })))

describe("Send's token picker", () => {
  for (const family of ['solana', 'eip155'] as const) {
    const native = family === 'solana' ? balance('SOL', 'Solana', CLUSTER, 9, '12.3456789') : balance('ETH', 'Ether', 'eip155:1', 18, '9998.48999')
    const token =
      family === 'solana'
        ? balance('GWAY', 'Gangway Test Token', CLUSTER, 6, '1000000', `${CLUSTER}:${GWAY_MINT}`)
        : balance('GUSD', 'Gangway USD', 'eip155:1', 6, '1234.5', 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3')

    it(`${family}: lists the tokens held with icons and balances; arrows and Enter pick, Escape closes; focus returns to the button`, async () => {
      const { api } = controlledApi()
      const { modal, ui, caipAddress } = await connectedModal(family, api)
      act(() => modal.dispatch(tokenBalancesFetched({ caipAddress, balances: [native, token] })))
      act(() => modal.open('WalletSend'))
      await shown(() => ui.byTestId('send-token') !== null)
      const trigger = ui.byTestId('send-token')!
      expect(trigger.tagName).toBe('BUTTON')
      expect(trigger.getAttribute('aria-haspopup')).toBe('listbox')
      expect(trigger.getAttribute('aria-expanded')).toBe('false')
      expect(trigger.getAttribute('data-symbol')).toBe(native.symbol)
      expect(ui.byTestId('send-token-list')).toBeNull()

      // Opened: a listbox with the focus, native first, each with its icon and its balance as formatAmount writes it.
      await act(async () => trigger.click())
      const list = ui.byTestId('send-token-list')!
      expect(list.getAttribute('role')).toBe('listbox')
      expect(trigger.getAttribute('aria-expanded')).toBe('true')
      expect(ui.shadow().activeElement).toBe(list)
      const options = [...list.querySelectorAll('[data-testid="send-token-option"]')]
      expect(options.map((o) => [o.getAttribute('role'), o.getAttribute('data-symbol'), o.getAttribute('aria-selected')])).toEqual([
        ['option', native.symbol, 'true'],
        ['option', token.symbol, 'false'],
      ])
      expect(options.every((o) => o.querySelector('[data-testid^="send-token-icon"]') !== null)).toBe(true)
      expect(options[0]!.querySelector('img')!.getAttribute('src')).toBe(native.iconUrl)
      const balances = options.map((o) => o.querySelector('[data-testid="send-token-option-balance"]')!.textContent)
      expect(balances).toEqual(family === 'solana' ? ['12.345', '1,000,000.000'] : ['9,998.489', '1,234.500'])
      expect(list.getAttribute('aria-activedescendant')).toBe(options[0]!.id)

      // Escape closes the list (not the modal); the focus is back on the button, nothing chosen.
      await key(list, 'Escape')
      expect(ui.byTestId('send-token-list')).toBeNull()
      expect(modal.getState().modal.open).toBe(true)
      expect(ui.shadow().activeElement).toBe(ui.byTestId('send-token'))
      expect(modal.getState().account.send.token?.symbol).toBe(native.symbol)

      // ArrowDown on the button opens it; ArrowDown moves, End and Home jump, Enter picks.
      await key(ui.byTestId('send-token')!, 'ArrowDown')
      const reopened = ui.byTestId('send-token-list')!
      await key(reopened, 'ArrowDown')
      expect(reopened.getAttribute('aria-activedescendant')).toBe(reopened.querySelectorAll('[role=option]')[1]!.id)
      await key(reopened, 'Home')
      expect(reopened.getAttribute('aria-activedescendant')).toBe(reopened.querySelectorAll('[role=option]')[0]!.id)
      await key(reopened, 'End')
      await key(reopened, 'Enter')
      expect(ui.byTestId('send-token-list')).toBeNull()
      expect(modal.getState().account.send.token).toMatchObject({ symbol: token.symbol, decimals: 6 })
      expect(ui.byTestId('send-token')!.getAttribute('data-symbol')).toBe(token.symbol)
      expect(ui.byTestId('send-token')!.textContent).toContain(family === 'solana' ? '1,000,000' : '1,234.5')
      expect(ui.shadow().activeElement).toBe(ui.byTestId('send-token'))
      expect(ui.byTestId('send-balance')!.textContent).toContain(token.symbol)

      // A click on an option picks it too.
      await act(async () => ui.byTestId('send-token')!.click())
      await act(async () => (ui.shadow().querySelector(`[data-testid="send-token-option"][data-symbol="${native.symbol}"]`) as HTMLElement).click())
      expect(modal.getState().account.send.token?.symbol).toBe(native.symbol)
      expect(ui.byTestId('send-token-list')).toBeNull()
      modal.destroy()
    })
  }
})
