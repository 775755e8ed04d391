import { describe, expect, it } from 'vitest'
import { connectionAnalytics } from '../../../../../src/core/effects/connection/connectionAnalytics'
import { connectionFailed, connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { connectorsChanged } from '../../../../../src/core/events/connection/connectors'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAnalytics } from '../fakes'

const requested = (connectorId: string, requestId: string) => connectionRequested({ connectorId, namespace: 'eip155' }, { requestId })
const succeeded = (connectorId: string, requestId: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId })
const failed = (connectorId: string, requestId: string, message: string) =>
  connectionFailed({ connectorId, namespace: 'eip155', error: serializeError(new GangwayError(message)) }, { requestId })
const withConnectors = stateAfter([
  connectorsChanged({
    namespace: 'eip155',
    connectors: [
      { id: 'a', name: 'A', chain: 'eip155', type: 'ANNOUNCED', installed: true },
      { id: 'walletConnect', name: 'WalletConnect', chain: 'eip155', type: 'WALLET_CONNECT' },
    ],
  }),
])

describe('connectionAnalytics', () => {
  it('tracks CONNECT_SUCCESS (browser wallet) and CONNECT_ERROR for the attempts the visitor made', () => {
    const { analytics, tracked } = fakeAnalytics()
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'x r 9ms f 1000ms s 9ms t',
        values: { x: modalOpenRequested({}), r: requested('a', 'r1'), f: failed('a', 'r1', 'Connection rejected'), s: requested('a', 'r2'), t: succeeded('a', 'r2') },
      }
      expectObservable(runEffect(connectionAnalytics, { events, state: withConnectors, reduce: true, deps: { analytics } })).toBe('')
    })
    expect(tracked).toEqual([
      { frame: 11, event: 'CONNECT_ERROR', properties: { message: 'Connection rejected' } },
      { frame: 1022, event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'a' } },
    ])
  })

  it('WalletConnect is qrcode on desktop, mobile on phones', () => {
    for (const [isMobile, method] of [[false, 'qrcode'], [true, 'mobile']] as const) {
      const { analytics, tracked } = fakeAnalytics()
      const start = stateAfter([connectorsChanged({ namespace: 'eip155', connectors: withConnectors.wallets.connectors })], { settings: { isMobile } })
      new EffectScheduler().run(({ expectObservable }) => {
        const events = { marble: 'x r s', values: { x: modalOpenRequested({}), r: requested('walletConnect', 'w1'), s: succeeded('walletConnect', 'w1') } }
        expectObservable(runEffect(connectionAnalytics, { events, state: start, reduce: true, deps: { analytics } })).toBe('')
      })
      expect(tracked.map((t) => t.properties)).toEqual([{ method, name: 'walletConnect' }])
    }
  })

  it('silent reconnects and stale answers are not tracked', () => {
    const { analytics, tracked } = fakeAnalytics()
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'x n r 9ms o',
        values: {
          x: modalOpenRequested({}),
          // No requestId: a reconnect on load, not the visitor's attempt.
          n: connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
          r: requested('walletConnect', 'w2'),
          o: failed('walletConnect', 'older', 'Connection rejected'),
        },
      }
      expectObservable(runEffect(connectionAnalytics, { events, state: withConnectors, reduce: true, deps: { analytics } })).toBe('')
    })
    expect(tracked).toEqual([])
  })
})
