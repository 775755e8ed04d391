import { describe, expect, it } from 'vitest'
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_EXPIRY_MS } from '../../../../../src/core/domain/constants'
import { refreshPairingUri } from '../../../../../src/core/effects/walletConnect/refreshPairingUri'
import { connectionRequested } from '../../../../../src/core/events/connection/connection'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { pairingPrefetchRequested, pairingRefreshRequested, pairingUriReceived, WALLET_CONNECT_CONNECTOR_ID } from '../../../../../src/core/events/walletConnect/walletConnect'
import { EffectScheduler, runEffect, type EffectRun } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { fakeWalletConnect } from '../fakes'

const DUE = PAIRING_EXPIRY_MS - PAIRING_EXPIRY_MARGIN_MS
const waiting = stateAfter([
  modalOpenRequested({}),
  connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId: 'r1' }),
  pairingUriReceived({ uri: 'wc:first' }, { requestId: 'r1' }),
])
const refresh = pairingRefreshRequested({}, { requestId: 'r1' })

describe('refreshPairingUri', () => {
  it('asks for a new pairing once 10 s of its 4 min are left, for the attempt it belongs to', () => {
    expect(waiting.walletConnect.pairing?.uri).toBe('wc:first')
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(refreshPairingUri, { state: waiting }), `^ ${DUE + 1000}ms !`).toBe(`${DUE}ms r`, { r: refresh })
    })
  })

  it('fed back, the refresh reaches the connector and a new URI starts a new 4 min', () => {
    const { port, calls } = fakeWalletConnect()
    const frames: number[] = []
    const ts = new EffectScheduler()
    let run!: EffectRun
    ts.run(({ expectObservable }) => {
      const spy = { ...port, refreshPairing: () => void frames.push(ts.now()) }
      // The new URI arrives 50 ms after the refresh was asked for.
      const events = { marble: `${DUE + 50}ms u`, values: { u: pairingUriReceived({ uri: 'wc:second' }, { requestId: 'r1' }) } }
      run = runEffect(refreshPairingUri, { events, state: waiting, loop: true, deps: { walletConnect: spy } })
      expectObservable(run, `^ ${2 * DUE + 1000}ms !`).toBe(`${DUE}ms r ${DUE + 49}ms r`, { r: refresh })
    })
    expect(frames).toEqual([DUE, 2 * DUE + 50])
    expect(calls).toEqual([])
    expect(run.state.walletConnect.pairing).toBeNull()
    expect(run.state.walletConnect.refreshes).toBe(2)
  })

  it('a pairing made ahead of a tap (no request id) is refreshed too, and the refresh clears it', () => {
    const ahead = stateAfter([modalOpenRequested({}), pairingPrefetchRequested({}), pairingUriReceived({ uri: 'wc:ahead' })])
    expect(ahead.walletConnect.pairing?.requestId).toBeNull()
    let run!: EffectRun
    new EffectScheduler().run(({ expectObservable }) => {
      run = runEffect(refreshPairingUri, { state: ahead, loop: true })
      expectObservable(run, `^ ${DUE + 1000}ms !`).toBe(`${DUE}ms r`, { r: pairingRefreshRequested({}) })
    })
    expect(run.state.walletConnect.pairing).toBeNull()
  })

  it('a pairing that ends first (the modal closed) is not refreshed', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '60s c', values: { c: modalCloseRequested({}) } }
      expectObservable(runEffect(refreshPairingUri, { events, state: waiting, reduce: true }), `^ ${DUE + 1000}ms !`).toBe('')
    })
  })

  it('a refresh asked for by the host or the devtools reaches the connector at once', () => {
    const { port, calls } = fakeWalletConnect()
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '5ms r', values: { r: refresh } }
      expectObservable(runEffect(refreshPairingUri, { events, state: stateAfter(), deps: { walletConnect: port } })).toBe('')
    })
    expect(calls).toEqual(['refreshPairing'])
  })
})
