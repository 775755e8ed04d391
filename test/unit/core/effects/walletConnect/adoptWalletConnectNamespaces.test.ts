import { describe, expect, it } from 'vitest'
import { adoptWalletConnectNamespaces } from '../../../../../src/core/effects/walletConnect/adoptWalletConnectNamespaces'
import { connectionRequested, connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { EffectScheduler, reply, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAdapter } from '../fakes'

const SOL = '2yv38haB18xjvwGdkSdFML9sSqfKAycBysobHzZxirLg'
const port = { connectorId: 'walletConnect' } as never
const evmConnected = (connectorId = 'walletConnect') =>
  connectionSucceeded({ connectorId, namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }, { requestId: 'r1' })
const solanaAdopted = connectionSucceeded({ connectorId: 'walletConnect', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc', adopted: true })

describe('adoptWalletConnectNamespaces', () => {
  it("a WalletConnect connect in one namespace connects the session's accounts in the others, silently", () => {
    const evm = fakeAdapter({}).adapter
    const { adapter: solana, calls } = fakeAdapter({ reconnect: () => reply({ accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc' }, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(adoptWalletConnectNamespaces, { events: { marble: 'e', values: { e: evmConnected() } }, state: stateAfter(), deps: { adapters: { eip155: evm, solana }, walletConnect: port } })
      expectObservable(out).toBe('5ms a', { a: solanaAdopted })
    })
    expect(calls.map((c) => c.slice(0, 2))).toEqual([['reconnect', 'walletConnect']])
  })

  it('nothing for other connectors, or a session without the namespace', () => {
    const { adapter: solana, calls } = fakeAdapter({ reconnect: () => reply(null, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'e f', values: { e: evmConnected('injected'), f: evmConnected() } }
      const out = runEffect(adoptWalletConnectNamespaces, { events, state: stateAfter(), deps: { adapters: { solana }, walletConnect: port } })
      expectObservable(out).toBe('')
    })
    expect(calls).toHaveLength(1)
  })

  it('leaves a namespace that already has a connection alone', () => {
    const phantom = connectionSucceeded({ connectorId: 'phantom', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc' }, { requestId: 'r0' })
    const { adapter: solana, calls } = fakeAdapter({ reconnect: () => reply({ accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc' }, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(adoptWalletConnectNamespaces, { events: { marble: 'e', values: { e: evmConnected() } }, state: stateAfter([connectionRequested({ connectorId: 'phantom', namespace: 'solana' }, { requestId: 'r0' }), phantom]), deps: { adapters: { solana }, walletConnect: port } })
      expectObservable(out).toBe('')
    })
    expect(calls).toHaveLength(0)
  })
})
