import { describe, expect, it } from 'vitest'
import { loadWalletConnectProvider } from '../../../../../src/core/effects/walletConnect/loadWalletConnectProvider'
import { walletConnectProviderFailed, walletConnectProviderLoaded } from '../../../../../src/core/events/walletConnect/walletConnect'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { fakeWalletConnect } from '../fakes'

describe('loadWalletConnectProvider', () => {
  it('loads the provider ahead of use, once, and says so when it is ready', () => {
    const { port, calls } = fakeWalletConnect({ prefetch: () => reply(true, 250) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(loadWalletConnectProvider, { state: stateAfter(), deps: { walletConnect: port } })).toBe('250ms (l|)', { l: walletConnectProviderLoaded({}) })
    })
    expect(calls).toEqual(['prefetch'])
  })

  it('prefetching turned off (or no browser): nothing is loaded ahead and nothing is said', () => {
    const { port } = fakeWalletConnect({ prefetch: () => reply(false, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(loadWalletConnectProvider, { state: stateAfter(), deps: { walletConnect: port } })).toBe('5ms |')
    })
  })

  it('a provider that cannot load is walletConnect/providerFailed', () => {
    const error = new GangwayError('Failed to load WalletConnect')
    const { port } = fakeWalletConnect({ prefetch: () => replyError(error, 40) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(loadWalletConnectProvider, { state: stateAfter(), deps: { walletConnect: port } })).toBe('40ms (f|)', {
        f: walletConnectProviderFailed({ error: serializeError(error) }),
      })
    })
  })

  it('no port, or a provider already ready: no load', () => {
    const { port, calls } = fakeWalletConnect({ prefetch: () => reply(true) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(loadWalletConnectProvider, { state: stateAfter() })).toBe('|')
      expectObservable(runEffect(loadWalletConnectProvider, { state: stateAfter([walletConnectProviderLoaded({})]), deps: { walletConnect: port } })).toBe('|')
    })
    expect(calls).toEqual([])
  })
})
