import { describe, expect, it } from 'vitest'
import type { Connector } from '../../../../src/core/domain/entities.js'
import {
  RECENT_WALLETS_MAX,
  addRecentWallet,
  connectorGroupOf,
  excludeWallets,
  filterTokenBalances,
  isBrowserWalletVisible,
  orderConnectMethods,
  orderConnectors,
} from '../../../../src/core/domain/walletLists.js'

const token = (decimals: string) => ({ name: 'T', symbol: 'T', chainId: 'eip155:1', price: 1, quantity: { decimals, numeric: '1' } })

describe('filterTokenBalances', () => {
  it('drops tokens whose decimals are exactly "0"', () => {
    const list = [token('0'), token('0.0'), token('18'), token('00'), token(''), token('6')]
    expect(filterTokenBalances(list).map((t) => t.quantity.decimals)).toEqual(['0.0', '18', '00', '', '6'])
  })
})

describe('excludeWallets', () => {
  const mm = { id: 'mm', name: 'MetaMask', info: { rdns: 'io.metamask' } }
  const rb = { id: 'rb', name: 'Rainbow', rdns: 'me.rainbow' }
  const cb = { id: 'cb', name: 'Coinbase Wallet' }
  it('hides by rdns (connector info or record field), by name or by id', () => {
    expect(excludeWallets([mm, rb, cb], { rdns: ['io.metamask'] })).toEqual([rb, cb])
    expect(excludeWallets([mm, rb, cb], { rdns: ['me.rainbow'] })).toEqual([mm, cb])
    expect(excludeWallets([mm, rb, cb], { names: ['Coinbase Wallet'] })).toEqual([mm, rb])
    expect(excludeWallets([mm, rb, cb], { ids: ['mm', 'rb'] })).toEqual([cb])
    expect(excludeWallets([mm, rb, cb], {})).toEqual([mm, rb, cb])
  })
  it('matches exactly', () => {
    expect(excludeWallets([mm], { names: ['metamask'], rdns: ['io.metamask.flask'] })).toEqual([mm])
  })
})

describe('isBrowserWalletVisible', () => {
  it('desktop: only when installed', () => {
    expect(isBrowserWalletVisible({ installed: true }, { isMobile: false })).toBe(true)
    expect(isBrowserWalletVisible({ installed: false, info: { rdns: 'io.metamask' } }, { isMobile: false })).toBe(false)
    expect(isBrowserWalletVisible({}, { isMobile: false })).toBe(false)
  })
  it('mobile: hidden only without rdns and not installed', () => {
    expect(isBrowserWalletVisible({ installed: false }, { isMobile: true })).toBe(false)
    expect(isBrowserWalletVisible({ installed: false, info: {} }, { isMobile: true })).toBe(false)
    expect(isBrowserWalletVisible({ installed: false, info: { rdns: 'io.metamask' } }, { isMobile: true })).toBe(true)
    expect(isBrowserWalletVisible({ installed: true }, { isMobile: true })).toBe(true)
  })
})

describe('orderConnectors', () => {
  const c = (id: string) => ({ id })
  it('follows walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const out = orderConnectors({
      recommended: [c('r1')],
      external: [c('e1')],
      custom: [c('c1')],
      featured: [c('f1')],
      injected: [c('i1'), c('i2')],
      recent: [c('rc1')],
      walletConnect: [c('wc')],
    })
    expect(out.map((e) => `${e.group}:${e.item.id}`)).toEqual([
      'walletConnect:wc',
      'recent:rc1',
      'injected:i1',
      'injected:i2',
      'featured:f1',
      'custom:c1',
      'external:e1',
      'recommended:r1',
    ])
  })
  it('honours a host order, appends the groups it leaves out, and shows each id once', () => {
    const out = orderConnectors({ recent: [c('a')], injected: [c('a'), c('b')], walletConnect: [c('wc')], recommended: [c('b'), c('z')] }, [
      'injected',
      'recent',
    ])
    expect(out.map((e) => `${e.group}:${e.item.id}`)).toEqual(['injected:a', 'injected:b', 'walletConnect:wc', 'recommended:z'])
  })
  it('classifies connector types', () => {
    const types: Connector['type'][] = ['WALLET_CONNECT', 'INJECTED', 'ANNOUNCED', 'MULTI_CHAIN', 'EXTERNAL', 'AUTH']
    expect(types.map((type) => connectorGroupOf({ type }))).toEqual(['walletConnect', 'injected', 'injected', 'injected', 'external', null])
  })
})

describe('orderConnectMethods', () => {
  it('email, social, wallet by default; wallet first when an installed wallet is detected', () => {
    expect(orderConnectMethods()).toEqual(['email', 'social', 'wallet'])
    expect(orderConnectMethods({ installedWalletDetected: false })).toEqual(['email', 'social', 'wallet'])
    expect(orderConnectMethods({ installedWalletDetected: true })).toEqual(['wallet', 'email', 'social'])
  })
  it('uses the host order and leaves out disabled methods', () => {
    expect(orderConnectMethods({ order: ['social', 'wallet', 'email'], installedWalletDetected: true })).toEqual(['social', 'wallet', 'email'])
    expect(orderConnectMethods({ enabled: { email: false } })).toEqual(['social', 'wallet'])
    expect(orderConnectMethods({ order: [] })).toEqual(['email', 'social', 'wallet'])
  })
  it('methods the host order leaves out follow it, in the default order of the situation', () => {
    expect(orderConnectMethods({ order: ['social'] })).toEqual(['social', 'email', 'wallet'])
    expect(orderConnectMethods({ order: ['social'], installedWalletDetected: true })).toEqual(['social', 'wallet', 'email'])
    expect(orderConnectMethods({ order: ['email'], installedWalletDetected: true, enabled: { social: false } })).toEqual(['email', 'wallet'])
  })
})

describe('addRecentWallet', () => {
  it('keeps at most 2, most recent first, each id once', () => {
    expect(RECENT_WALLETS_MAX).toBe(2)
    expect(addRecentWallet([], { id: 'a' })).toEqual([{ id: 'a' }])
    expect(addRecentWallet([{ id: 'a' }], { id: 'b' })).toEqual([{ id: 'b' }, { id: 'a' }])
    expect(addRecentWallet([{ id: 'b' }, { id: 'a' }], { id: 'c' })).toEqual([{ id: 'c' }, { id: 'b' }])
    expect(addRecentWallet([{ id: 'b' }, { id: 'a' }], { id: 'a' })).toEqual([{ id: 'a' }, { id: 'b' }])
  })
  it('replaces an entry with newer data for the same id', () => {
    expect(addRecentWallet([{ id: 'a', name: 'old' }], { id: 'a', name: 'new' })).toEqual([{ id: 'a', name: 'new' }])
  })
})
