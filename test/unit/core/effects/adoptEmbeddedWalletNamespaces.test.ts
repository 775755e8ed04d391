import { describe, expect, it } from 'vitest'
import { adoptEmbeddedWalletNamespaces } from '../../../../src/core/effects/embeddedWallet/embeddedSession'
import { connectionSucceeded } from '../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../src/core/events/modal/modal'
import { rootReducer } from '../../../../src/core/reducers/rootReducer'
import type { StampedEvent } from '../../../../src/core/events/defineEvent'
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

  it('an e-mail login on a Connect opened for Solana: the Solana account is adopted as the active one, so the switch stays', () => {
    const { adapter: solana } = fakeAdapter({ reconnect: () => reply({ accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc', auth: 'email' }, 5) })
    const onSolanaConnect = stateAfter([modalOpenRequested({ view: 'Connect', namespace: 'solana' })], { settings: { adapters: ['eip155', 'solana'] } })
    expect(onSolanaConnect.modal.connectFor).toBe('solana')
    const adopted = connectionSucceeded({ connectorId: 'auth', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc', auth: 'email', adopted: true, activates: true })
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(adoptEmbeddedWalletNamespaces, { events: { marble: 'e', values: { e: evmConnected() } }, state: onSolanaConnect, reduce: true, deps: { adapters: { eip155: fakeAdapter({}).adapter, solana }, auth } })
      expectObservable(out).toBe('5ms a', { a: adopted })
    })
    // The EVM connect made EVM active; the adopted Solana account makes Solana active again.
    const stamp = (e: ReturnType<typeof connectionSucceeded>, seq: number) => ({ ...e, seq, at: seq * 10 }) as StampedEvent
    const evm = connectionSucceeded({ connectorId: 'auth', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1', auth: 'email' })
    const afterEvm = rootReducer(onSolanaConnect, stamp(evm, 50))
    expect(afterEvm.connection.activeNamespace).toBe('eip155')
    const afterSolana = rootReducer(afterEvm, stamp(adopted, 51))
    expect(afterSolana.connection.activeNamespace).toBe('solana')
    expect(afterSolana.network.lastUsed).toBe('solana:abc')
    // Adopted without it, the active namespace stays.
    expect(rootReducer(afterEvm, stamp({ ...adopted, payload: { ...adopted.payload, activates: undefined } } as never, 51)).connection.activeNamespace).toBe('eip155')
  })
})
