import { describe, expect, it } from 'vitest'
import { prefetchWalletConnectPairing } from '../../../../../src/core/effects/walletConnect/prefetchWalletConnectPairing'
import { connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { pairingPrefetchRequested, WALLET_CONNECT_CONNECTOR_ID } from '../../../../../src/core/events/walletConnect/walletConnect'
import { EffectScheduler, minted, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeWalletConnect } from '../fakes'

const open = modalOpenRequested({})
const mobile = stateAfter([], { settings: { isMobile: true } })

describe('prefetchWalletConnectPairing', () => {
  it('on mobile, opening the modal asks for a pairing ahead of the tap, and the connector makes it', () => {
    const { port, calls } = fakeWalletConnect()
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(prefetchWalletConnectPairing, { events: { marble: '10ms o', values: { o: open } }, state: mobile, loop: true, deps: { walletConnect: port } })
      expectObservable(out).toBe('10ms p', { p: minted(pairingPrefetchRequested({})) })
    })
    expect(calls).toEqual(['prefetchPairing'])
  })

  it('a pairing already made is kept: reopening asks for none', () => {
    const { port, calls } = fakeWalletConnect()
    const withPairing = stateAfter([open, pairingPrefetchRequested({}), { type: 'walletConnect/pairingUriReceived', payload: { uri: 'wc:x' } }], { settings: { isMobile: true } })
    expect(withPairing.walletConnect.pairing).not.toBeNull()
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(prefetchWalletConnectPairing, { events: { marble: 'o', values: { o: open } }, state: withPairing, loop: true, deps: { walletConnect: port } })).toBe('')
    })
    expect(calls).toEqual([])
  })

  it('not on desktop, not when connected, not without a WalletConnect port', () => {
    const { port, calls } = fakeWalletConnect()
    const connected = stateAfter(
      [connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })],
      { settings: { isMobile: true } },
    )
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'o', values: { o: open } }
      expectObservable(runEffect(prefetchWalletConnectPairing, { events, state: stateAfter(), loop: true, deps: { walletConnect: port } })).toBe('')
      expectObservable(runEffect(prefetchWalletConnectPairing, { events, state: connected, loop: true, deps: { walletConnect: port } })).toBe('')
      expectObservable(runEffect(prefetchWalletConnectPairing, { events, state: mobile, loop: true })).toBe('')
    })
    expect(calls).toEqual([])
  })

  it('a prefetch request the reducer refused (a WalletConnect connect already waits) does not reach the connector', () => {
    const { port, calls } = fakeWalletConnect()
    const connecting = stateAfter([open, connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId: 'r1' })], { settings: { isMobile: true } })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'p', values: { p: pairingPrefetchRequested({}) } }
      expectObservable(runEffect(prefetchWalletConnectPairing, { events, state: connecting, reduce: true, deps: { walletConnect: port } })).toBe('')
    })
    expect(calls).toEqual([])
  })
})
