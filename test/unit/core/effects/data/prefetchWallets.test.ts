import { describe, it } from 'vitest'
import { prefetchWallets } from '../../../../../src/core/effects/data/prefetchWallets'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { walletListPageLoaded, walletListPageRequested } from '../../../../../src/core/events/data/walletList'
import { EffectScheduler, minted, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const open = modalOpenRequested({})
const wanted = (list: 'featured' | 'recommended' | 'all') => minted(walletListPageRequested({ list }))
const directory = { services: { walletDirectory: true } }

describe('prefetchWallets', () => {
  it('opening the modal asks for the featured, recommended and first AllWallets pages', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const state = stateAfter([], { settings: { ...directory, walletFilters: { featured: ['w1'] } } })
      expectObservable(runEffect(prefetchWallets, { events: { marble: '5ms o', values: { o: open } }, state, reduce: true })).toBe('5ms (fra)', {
        f: wanted('featured'),
        r: wanted('recommended'),
        a: wanted('all'),
      })
    })
  })

  it('no featured wallets, no allWallets feature: the recommended ones only', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const state = stateAfter([], { settings: { ...directory, features: { allWallets: false } } })
      expectObservable(runEffect(prefetchWallets, { events: { marble: 'o', values: { o: open } }, state, reduce: true })).toBe('r', { r: wanted('recommended') })
    })
  })

  it('lists already loaded are not fetched again on the next opening', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const request = walletListPageRequested({ list: 'recommended' }, { requestId: 'rec' })
      const loaded = walletListPageLoaded({ list: 'recommended', page: 1, wallets: [{ id: 'w', name: 'W' }], count: 1 }, { requestId: 'rec' })
      const state = stateAfter([request, loaded], { settings: directory })
      const events = { marble: 'o c o', values: { o: open, c: modalCloseRequested({}) } }
      expectObservable(runEffect(prefetchWallets, { events, state, reduce: true })).toBe('a 1ms a', { a: wanted('all') })
    })
  })

  it('without a wallet directory nothing is asked for', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(prefetchWallets, { events: { marble: 'o', values: { o: open } }, state: stateAfter(), reduce: true })).toBe('')
    })
  })
})
