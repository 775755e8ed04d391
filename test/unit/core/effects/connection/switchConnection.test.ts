import { describe, expect, it } from 'vitest'
import { InvalidConnectionStatusError } from '../../../../../src/core/errors/domain'
import { ConnectorNotFoundError } from '../../../../../src/core/errors/connection'
import { switchConnection } from '../../../../../src/core/effects/connection/switchConnection'
import { connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { connectorsChanged } from '../../../../../src/core/events/connection/connectors'
import { connectionSwitched, connectionSwitchFailed, connectionSwitchRequested } from '../../../../../src/core/events/connection/connectionLifecycle'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, minted, reply, replyError, runEffect } from '../../../../support/runEffect'
import { stateAfter, TEST_SETTINGS } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT, fakeAdapter, session } from '../fakes'

const connected = (connectorId: string, address: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:1' })
// Wallet b connected last, so it is the active one; a is stored beside it.
const state = stateAfter([connected('a', ACCOUNT), connected('b', OTHER_ACCOUNT)], { settings: { features: { multiWallet: true } } })
const toSwitch = (connectorId: string, status: string, requestId = 'q') => connectionSwitchRequested({ namespace: 'eip155', connectorId, status }, { requestId })
const fail = (connectorId: string, error: unknown, requestId = 'q') =>
  connectionSwitchFailed({ namespace: 'eip155', connectorId, error: serializeError(error) }, { requestId })

describe('switchConnection', () => {
  it('a connected wallet is reconnected silently; the outcome says the account and the wallet changed', () => {
    expect(state.connection.byNamespace.eip155?.activeConnectorId).toBe('b')
    const { adapter, calls } = fakeAdapter({ reconnect: () => reply(session(ACCOUNT), 15) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(switchConnection, { events: { marble: 's', values: { s: toSwitch('a', 'connected') } }, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('15ms w', {
        w: connectionSwitched(
          { namespace: 'eip155', connectorId: 'a', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1', accountChanged: true, walletChanged: true },
          { requestId: 'q' },
        ),
      })
    })
    expect(calls).toEqual([['reconnect', 'a', { network: TEST_SETTINGS.networks![0] }]])
  })

  it('a disconnected one starts its connect flow again', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(switchConnection, { events: { marble: 's', values: { s: toSwitch('a', 'disconnected') } }, state })
      expectObservable(out).toBe('c', { c: minted(connectionRequested({ connectorId: 'a', namespace: 'eip155' })) })
    })
  })

  it("a disconnected embedded wallet (an AUTH connector) is left to the embedded wallet, which reopens its login", () => {
    const withAuth = stateAfter([connectorsChanged({ namespace: 'eip155', connectors: [{ id: 'auth', name: 'Email', type: 'AUTH' } as never] })], { from: state })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(switchConnection, { events: { marble: 's', values: { s: toSwitch('auth', 'disconnected') } }, state: withAuth })
      expectObservable(out).toBe('')
    })
    // Another namespace's AUTH connector does not make this one's wallet an embedded one.
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(switchConnection, { events: { marble: 's', values: { s: toSwitch('a', 'disconnected') } }, state: withAuth })
      expectObservable(out).toBe('c', { c: minted(connectionRequested({ connectorId: 'a', namespace: 'eip155' })) })
    })
  })

  it("other statuses, unknown connectors and wallets without an authorised account fail; the effect goes on", () => {
    let n = 0
    const { adapter } = fakeAdapter({ reconnect: () => (++n === 1 ? reply(null, 5) : replyError(new GangwayError('Connection rejected'), 5)) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'p 9ms u 9ms n 9ms r',
        values: { p: toSwitch('a', 'paused'), u: toSwitch('zz', 'active'), n: toSwitch('a', 'active'), r: toSwitch('a', 'connected') },
      }
      const out = runEffect(switchConnection, { events, state, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('p 9ms u 14ms n 9ms r', {
        p: fail('a', new InvalidConnectionStatusError('paused')),
        u: fail('zz', new ConnectorNotFoundError('zz')),
        n: fail('a', new GangwayError('Failed to connect', { details: 'the wallet has no authorised account' })),
        r: fail('a', new GangwayError('Connection rejected')),
      })
    })
  })
})
