import { describe, it } from 'vitest'
import { watchWalletEvents } from '../../../../../src/core/effects/connection/watchWalletEvents'
import { connectionDisconnected, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { accountsChanged, walletEventIgnored } from '../../../../../src/core/events/connection/connectionLifecycle'
import { networkChanged } from '../../../../../src/core/events/connection/network'
import type { WalletProviderEvent } from '../../../../../src/core/ports'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT, fakeAdapter } from '../fakes'

const connected = (connectorId: string) =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' })
const none = stateAfter()
const withA = stateAfter([connected('a')])

describe('watchWalletEvents', () => {
  it("while a wallet is connected, its own events become events", () => {
    new EffectScheduler().run(({ cold, expectObservable }) => {
      const wallet = cold<WalletProviderEvent>('10ms a 9ms c 9ms i 9ms z', {
        a: { type: 'accountsChanged', accounts: [{ address: OTHER_ACCOUNT, type: 'eoa' }] },
        c: { type: 'chainChanged', caipNetworkId: 'eip155:2' },
        i: { type: 'ignored', event: 'chainChanged', reason: 'not a chain id' },
        z: { type: 'accountsChanged', accounts: [] },
      })
      const { adapter } = fakeAdapter({ events: () => wallet })
      const out = runEffect(watchWalletEvents, { state: withA, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('10ms a 9ms c 9ms i 9ms z', {
        a: accountsChanged({ namespace: 'eip155', connectorId: 'a', accounts: [{ address: OTHER_ACCOUNT, type: 'eoa' }] }),
        c: networkChanged({ namespace: 'eip155', connectorId: 'a', caipNetworkId: 'eip155:2' }),
        i: walletEventIgnored({ namespace: 'eip155', connectorId: 'a', event: 'chainChanged', reason: 'not a chain id' }),
        z: connectionDisconnected({ namespace: 'eip155', connectorId: 'a' }),
      })
    })
  })

  it('listens from the connection on, and stops listening once it is gone', () => {
    new EffectScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const wallet = hot<WalletProviderEvent>('5ms x 19ms d 9ms y 29ms w', {
        x: { type: 'chainChanged', caipNetworkId: 'eip155:2' },
        d: { type: 'disconnect', error: serializeError(new GangwayError('Disconnected')) },
        y: { type: 'chainChanged', caipNetworkId: 'eip155:1' },
        w: { type: 'chainChanged', caipNetworkId: 'eip155:2' },
      })
      const { adapter } = fakeAdapter({ events: () => wallet })
      const out = runEffect(watchWalletEvents, { state: { marble: '10ms a 29ms n', values: { a: withA, n: none } }, initialState: none, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('25ms d 9ms y', {
        d: connectionDisconnected({ namespace: 'eip155', connectorId: 'a' }),
        y: networkChanged({ namespace: 'eip155', connectorId: 'a', caipNetworkId: 'eip155:1' }),
      })
      expectSubscriptions(wallet.subscriptions).toBe('10ms ^ 29ms !')
    })
  })

  it('a wallet whose event stream fails is no longer heard; the effect goes on for the others', () => {
    new EffectScheduler().run(({ cold, expectObservable }) => {
      const { adapter } = fakeAdapter({
        events: (id) => (id === 'a' ? cold('5ms #', undefined, new Error('gone')) : cold<WalletProviderEvent>('20ms c', { c: { type: 'chainChanged', caipNetworkId: 'eip155:2' } })),
      })
      const both = stateAfter([connected('a'), connected('b')], { settings: { features: { multiWallet: true } } })
      const out = runEffect(watchWalletEvents, { state: both, deps: { adapters: { eip155: adapter } } })
      expectObservable(out).toBe('20ms c', { c: networkChanged({ namespace: 'eip155', connectorId: 'b', caipNetworkId: 'eip155:2' }) })
    })
  })
})
