import { describe, expect, it } from 'vitest'
import { cancelWalletConnectPairing } from '../../../../../src/core/effects/walletConnect/cancelWalletConnectPairing'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { pairingPrefetchRequested, pairingUriReceived, WALLET_CONNECT_CONNECTOR_ID } from '../../../../../src/core/events/walletConnect/walletConnect'
import { serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeWalletConnect } from '../fakes'

const wcRequest = (requestId: string) => connectionRequested({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155' }, { requestId })
const open = stateAfter([modalOpenRequested({})])

function recorder() {
  const { port } = fakeWalletConnect()
  const frames: number[] = []
  return { frames, port: (ts: EffectScheduler) => ({ ...port, cancelPairing: () => void frames.push(ts.now()) }) }
}

describe('cancelWalletConnectPairing', () => {
  it('abandons the pairing when its attempt fails; emits nothing', () => {
    const r = recorder()
    const ts = new EffectScheduler()
    ts.run(({ expectObservable }) => {
      const events = {
        marble: 'r 49ms f',
        values: { r: wcRequest('r1'), f: connectionFailed({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155', error: serializeError(new Error('x')) }, { requestId: 'r1' }) },
      }
      expectObservable(runEffect(cancelWalletConnectPairing, { events, state: open, reduce: true, deps: { walletConnect: r.port(ts) } })).toBe('')
    })
    expect(r.frames).toEqual([50])
  })

  it('abandons it when the visitor picks another wallet, and a pairing made ahead when the modal closes', () => {
    const r = recorder()
    const ts = new EffectScheduler()
    ts.run(({ expectObservable }) => {
      const events = {
        marble: 'r 9ms o 9ms p u 9ms c',
        values: {
          r: wcRequest('r1'),
          // Another wallet: the WalletConnect attempt is no longer the one waiting.
          o: connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'r2' }),
          p: pairingPrefetchRequested({}),
          u: pairingUriReceived({ uri: 'wc:ahead' }),
          c: modalCloseRequested({}),
        },
      }
      expectObservable(runEffect(cancelWalletConnectPairing, { events, state: open, reduce: true, deps: { walletConnect: r.port(ts) } })).toBe('')
    })
    expect(r.frames).toEqual([10, 31])
  })

  it('the end of a wait is said once: closing afterwards does not cancel again', () => {
    const r = recorder()
    const ts = new EffectScheduler()
    ts.run(({ expectObservable }) => {
      const events = {
        marble: 'r 9ms u 9ms s 9ms c',
        values: {
          r: wcRequest('r1'),
          u: pairingUriReceived({ uri: 'wc:x' }, { requestId: 'r1' }),
          s: connectionSucceeded({ connectorId: WALLET_CONNECT_CONNECTOR_ID, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId: 'r1' }),
          c: modalCloseRequested({}),
        },
      }
      expectObservable(runEffect(cancelWalletConnectPairing, { events, state: open, reduce: true, deps: { walletConnect: r.port(ts) } })).toBe('')
    })
    // Success ends the wait (the connector's cancel is a no-op once paired): said once, not again on close.
    expect(r.frames).toEqual([20])
  })
})
