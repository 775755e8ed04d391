import { describe, it } from 'vitest'
import { WALLET_SEARCH_DELAY_MS } from '../../../../../src/core/domain/constants'
import { debounceWalletSearch } from '../../../../../src/core/effects/data/debounceWalletSearch'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { walletListPageRequested, walletListSearchChanged } from '../../../../../src/core/events/data/walletList'
import { EffectScheduler, minted, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const typed = (query: string) => walletListSearchChanged({ query })
const open = stateAfter([modalOpenRequested({})], { settings: { services: { walletDirectory: true } } })

describe('debounceWalletSearch', () => {
  it('searches 300 ms after typing paused, with the text in the box then', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 99ms b 99ms c', values: { a: typed('v'), b: typed('va'), c: typed(' vault ') } }
      const out = runEffect(debounceWalletSearch, { events, state: open, reduce: true })
      expectObservable(out).toBe(`${200 + WALLET_SEARCH_DELAY_MS}ms s`, { s: minted(walletListPageRequested({ list: 'search', query: 'vault' })) })
    })
  })

  it('each pause of 300 ms starts its own search', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 399ms b', values: { a: typed('va'), b: typed('vault') } }
      const out = runEffect(debounceWalletSearch, { events, state: open, reduce: true })
      expectObservable(out).toBe(`${WALLET_SEARCH_DELAY_MS}ms a 399ms b`, {
        a: minted(walletListPageRequested({ list: 'search', query: 'va' })),
        b: minted(walletListPageRequested({ list: 'search', query: 'vault' })),
      })
    })
  })

  it('a text cleared before the pause ends, or a closed modal, starts nothing', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 99ms b 999ms c 9ms x', values: { a: typed('vault'), b: typed('   '), c: typed('rain'), x: modalCloseRequested({}) } }
      const out = runEffect(debounceWalletSearch, { events, state: open, reduce: true })
      expectObservable(out, '^ 3000ms !').toBe('')
    })
  })
})
