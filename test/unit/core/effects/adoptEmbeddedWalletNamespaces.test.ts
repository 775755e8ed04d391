import { describe, expect, it } from 'vitest'
import { adoptEmbeddedWalletNamespaces } from '../../../../src/core/effects/embeddedWallet/embeddedSession'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { EffectScheduler, reply, runEffect } from '../../../support/runEffect'
import { stateAfter } from '../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from './fakes'

const SOL = '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg'
const auth = { connectorId: 'auth' } as never
const evmConnected = (connectorId = 'auth') =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1', auth: 'email' }, { requestId: 'r1' })

describe('adoptEmbeddedWalletNamespaces', () => {
  it("the embedded wallet's sign-in connects its Solana account too, silently, with the same auth", () => {
    const { adapter: solana, calls } = fakeAdapter({ reconnect: () => reply({ accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc', auth: 'email' }, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(adoptEmbeddedWalletNamespaces, { events: { marble: 'e', values: { e: evmConnected() } }, state: stateAfter(), deps: { adapters: { eip155: fakeAdapter({}).adapter, solana }, auth } })
      expectObservable(out).toBe('5ms a', {
        a: connectionSucceeded({ connectorId: 'auth', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc', auth: 'email', adopted: true }),
      })
    })
    expect(calls.map((c) => c.slice(0, 2))).toEqual([['reconnect', 'auth']])
  })

  it('other connectors, or no embedded wallet: nothing', () => {
    const { adapter: solana, calls } = fakeAdapter({ reconnect: () => reply(null, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(adoptEmbeddedWalletNamespaces, { events: { marble: 'e', values: { e: evmConnected('injected') } }, state: stateAfter(), deps: { adapters: { solana }, auth } })).toBe('')
      expectObservable(runEffect(adoptEmbeddedWalletNamespaces, { events: { marble: 'e', values: { e: evmConnected() } }, state: stateAfter(), deps: { adapters: { solana }, auth: undefined } })).toBe('')
    })
    expect(calls).toHaveLength(0)
  })
})
