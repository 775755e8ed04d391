import { describe, expect, it } from 'vitest'
import { watchWalletConnectActivity } from '../../../../../src/core/effects/walletConnect/watchWalletConnectActivity'
import { connectionRequested } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { sessionStarted } from '../../../../../src/core/events/modal/session'
import { siwxSessionStored } from '../../../../../src/core/events/siwx/siwx'
import { pairingPrefetchRequested, pairingUriReceived, WALLET_CONNECT_CONNECTOR_ID } from '../../../../../src/core/events/walletConnect/walletConnect'
import type { WalletConnectActivity } from '../../../../../src/core/ports'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter, TEST_SETTINGS } from '../../../../support/stateAfter'
import { fakeWalletConnect } from '../fakes'

const start = sessionStarted(TEST_SETTINGS)
const uri = (u: string): WalletConnectActivity => ({ type: 'pairingUri', uri: u })

describe('watchWalletConnectActivity', () => {
  it("a pairing URI goes to the attempt waiting on it, with the attempt's request id", () => {
    new EffectScheduler().run(({ hot, expectObservable }) => {
      const activity = hot('20ms u', { u: uri('wc:1') })
      const { port } = fakeWalletConnect({ activity: () => activity })
      const events = { marble: 's 9ms r', values: { s: start, r: connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId: 'r1' }) } }
      const out = runEffect(watchWalletConnectActivity, { events, state: stateAfter([modalOpenRequested({})]), reduce: true, deps: { walletConnect: port } })
      expectObservable(out).toBe('20ms p', { p: pairingUriReceived({ uri: 'wc:1' }, { requestId: 'r1' }) })
    })
  })

  it('a URI made ahead of a tap is kept without a request id; one nobody waits for is dropped', () => {
    new EffectScheduler().run(({ hot, expectObservable }) => {
      const activity = hot('10ms a 19ms b', { a: uri('wc:nobody'), b: uri('wc:ahead') })
      const { port } = fakeWalletConnect({ activity: () => activity })
      const events = { marble: 's 19ms p', values: { s: start, p: pairingPrefetchRequested({}) } }
      const out = runEffect(watchWalletConnectActivity, { events, state: stateAfter([modalOpenRequested({})]), reduce: true, deps: { walletConnect: port } })
      expectObservable(out).toBe('30ms b', { b: pairingUriReceived({ uri: 'wc:ahead' }) })
    })
  })

  it('a one-step sign-in stores one session per chain, as plain data', () => {
    const message = { domain: 'app.example', issuedAt: new Date(0) }
    new EffectScheduler().run(({ cold, expectObservable }) => {
      const { port } = fakeWalletConnect({
        activity: () =>
          cold<WalletConnectActivity>('5ms i', {
            i: {
              type: 'signedIn',
              sessions: [
                { caipAddress: 'eip155:1:0xa', session: { message, signature: '0x1' } as never },
                { caipAddress: 'eip155:2:0xa', session: { message: 'm2', signature: '0x2' } as never },
              ],
            },
          }),
      })
      const out = runEffect(watchWalletConnectActivity, { events: { marble: 's', values: { s: start } }, state: stateAfter(), deps: { walletConnect: port } })
      expectObservable(out).toBe('5ms (ab)', {
        a: siwxSessionStored({ caipAddress: 'eip155:1:0xa', session: { message: { domain: 'app.example', issuedAt: '1970-01-01T00:00:00.000Z' }, signature: '0x1' } }),
        b: siwxSessionStored({ caipAddress: 'eip155:2:0xa', session: { message: 'm2', signature: '0x2' } }),
      })
    })
  })

  it('listens from the session start on, once', () => {
    const { port, calls } = fakeWalletConnect()
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(watchWalletConnectActivity, { events: { marble: '10ms s s', values: { s: start } }, state: stateAfter(), deps: { walletConnect: port } })).toBe('')
    })
    expect(calls).toEqual(['activity'])
  })
})
