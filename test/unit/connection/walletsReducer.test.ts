import { describe, expect, it } from 'vitest'
import { connectionDisconnected, connectionFailed, connectionRequested } from '../../../src/core/events/connection/connection'
import {
  accountDisconnected,
  accountsChanged,
  connectionSwitched,
  connectionSwitchFailed,
  connectionSwitchRequested,
  reconnectFinished,
  reconnectStarted,
} from '../../../src/core/events/connection/connectionLifecycle'
import { balanceFetched } from '../../../src/core/events/connection/balance'
import { connectorsChanged } from '../../../src/core/events/connection/connectors'
import { sendAmountSet } from '../../../src/core/events/connection/send'
import { swapAmountSet } from '../../../src/core/events/swaps/swap'
import { modalCloseRequested, modalOpenRequested } from '../../../src/core/events/modal/modal'
import { routerPushed } from '../../../src/core/events/modal/router'
import { storageHydrated } from '../../../src/core/events/persistence/storage'
import { walletConnectWalletSelected } from '../../../src/core/events/walletConnect/walletConnect'
import { stateAfter } from '../../support/stateAfter'
import { run, succeeded } from './support'

const requested = (connectorId: string, requestId: string) => connectionRequested({ connectorId, namespace: 'eip155' }, { requestId })
const rejected = (connectorId: string, requestId: string) =>
  connectionFailed({ connectorId, namespace: 'eip155', error: { name: 'WalletRejectedError', shortMessage: 'Connection rejected', code: 4001 } }, { requestId })
const connector = (id: string, name = id) => ({ id, name, chain: 'eip155' as const, type: 'ANNOUNCED' as const, imageUrl: `data:${id}`, info: { rdns: id } })

describe('status machine per namespace', () => {
  it('disconnected → connecting → connected on the outcome of the same request', () => {
    expect(run({}, [requested('a', 'r1')]).connection.byNamespace.eip155?.status).toBe('connecting')
    const s = run({}, [requested('a', 'r1'), succeeded('a', 'r1')])
    expect(s.connection.byNamespace.eip155).toMatchObject({ status: 'connected', activeConnectorId: 'a' })
    expect(s.wallets.attempt).toBeNull()
  })
  it('a rejection goes back to disconnected and keeps the failed attempt for the view', () => {
    const s = run({}, [requested('a', 'r1'), rejected('a', 'r1')])
    expect(s.connection.byNamespace.eip155?.status).toBe('disconnected')
    expect(s.wallets.attempt).toMatchObject({ status: 'failed', connectorId: 'a', error: { shortMessage: 'Connection rejected' } })
  })
  it('reconnecting while a reconnect run goes, then disconnected with nothing when none answered', () => {
    const started = reconnectStarted({ namespace: 'eip155', connectorIds: ['a', 'b'] }, { requestId: 'run' })
    const hydrated = storageHydrated({ wallets: { recent: [], connected: { eip155: ['a', 'b'] } } })
    expect(run({}, [hydrated, started]).connection.byNamespace.eip155?.status).toBe('reconnecting')
    const none = run({}, [hydrated, started, reconnectFinished({ namespace: 'eip155' }, { requestId: 'run' })])
    expect(none.connection.byNamespace.eip155).toEqual({ status: 'disconnected', connections: [], activeConnectorId: null })
    expect(none.wallets.memory.connected.eip155).toEqual([])
    const one = run({}, [hydrated, started, succeeded('b', 'run'), reconnectFinished({ namespace: 'eip155' }, { requestId: 'run' })])
    expect(one.connection.byNamespace.eip155).toMatchObject({ status: 'connected', activeConnectorId: 'b' })
    expect(one.wallets.memory.connected.eip155).toEqual(['b'])
  })
  it('a reconnect that succeeds while the visitor has the modal open on Connect shows Account; further along, it stays', () => {
    const started = reconnectStarted({ namespace: 'eip155', connectorIds: ['a'] }, { requestId: 'run' })
    const hydrated = storageHydrated({ wallets: { recent: [], connected: { eip155: ['a'] } } })
    const opened = run({}, [hydrated, started, modalOpenRequested({})])
    expect(opened.router.view).toBe('Connect')
    const back = run({}, [hydrated, started, modalOpenRequested({}), succeeded('a', 'run')])
    expect(back.router).toMatchObject({ view: 'Account', history: ['Account'] })
    expect(back.modal.open).toBe(true)
    const browsing = run({}, [hydrated, started, modalOpenRequested({}), routerPushed({ view: 'AllWallets' }), succeeded('a', 'run')])
    expect(browsing.router.view).toBe('AllWallets')
    const closed = run({}, [hydrated, started, succeeded('a', 'run')])
    expect(closed.router.view).toBe('Connect')
  })
  it('a reconnect outcome of another run is ignored', () => {
    const s = run({}, [reconnectStarted({ namespace: 'eip155', connectorIds: ['a'] }, { requestId: 'run' }), succeeded('a', 'other')])
    expect(s.connection.byNamespace.eip155?.status).toBe('reconnecting')
  })
})

describe('stale outcomes and retries', () => {
  it('an outcome whose requestId is not the current attempt is ignored', () => {
    const s = run({}, [requested('a', 'r1'), requested('b', 'r2'), succeeded('a', 'r1')])
    expect(s.connection.byNamespace.eip155).toMatchObject({ status: 'connecting', connections: [] })
    expect(s.wallets.attempt).toMatchObject({ requestId: 'r2', connectorId: 'b', status: 'connecting' })
  })
  it('after a failure (e.g. Modal closed), a late success of the same request is ignored', () => {
    const s = run({}, [requested('a', 'r1'), rejected('a', 'r1'), succeeded('a', 'r1')])
    expect(s.connection.byNamespace.eip155?.status).toBe('disconnected')
  })
  it('a second click on the wallet being waited on starts nothing new', () => {
    const s = run({}, [requested('a', 'r1'), requested('a', 'r2')])
    expect(s.wallets.attempt?.requestId).toBe('r1')
  })
  it('a retry is taken up only 1 s after the last attempt (spec §5)', () => {
    const early = run({}, [[requested('a', 'r1'), 1_000], [rejected('a', 'r1'), 1_100], [requested('a', 'r2'), 1_999]])
    expect(early.wallets.attempt).toMatchObject({ requestId: 'r1', status: 'failed' })
    const later = run({}, [[requested('a', 'r1'), 1_000], [rejected('a', 'r1'), 1_100], [requested('a', 'r2'), 2_000]])
    expect(later.wallets.attempt).toMatchObject({ requestId: 'r2', status: 'connecting', startedAt: 2_000 })
  })
})

describe('views of a connect', () => {
  it('a connect from the open modal shows ConnectingExternal; success closes the modal', () => {
    const waiting = run({}, [modalOpenRequested({}), requested('a', 'r1')])
    expect(waiting.router).toMatchObject({ view: 'ConnectingExternal', history: ['Connect', 'ConnectingExternal'], data: { connectorId: 'a' } })
    const done = run({}, [modalOpenRequested({}), requested('a', 'r1'), succeeded('a', 'r1')])
    expect(done.modal.open).toBe(false)
    expect(done.router.history).toEqual(['Connect'])
  })
  it('a retry replaces the waiting view rather than stacking another', () => {
    const s = run({}, [[modalOpenRequested({}), 0], [requested('a', 'r1'), 10], [rejected('a', 'r1'), 20], [requested('a', 'r2'), 2_000]])
    expect(s.router.history).toEqual(['Connect', 'ConnectingExternal'])
  })
  it('a connect started from ProfileWallets returns there', () => {
    const s = run({ features: { multiWallet: true } }, [
      succeeded('a'),
      modalOpenRequested({}),
      routerPushed({ view: 'ProfileWallets' }),
      routerPushed({ view: 'Connect' }),
      requested('b', 'r1'),
      succeeded('b', 'r1', '0x00000000000000000000000000000000000000b2'),
    ])
    expect(s.modal.open).toBe(true)
    expect(s.router).toMatchObject({ view: 'ProfileWallets', history: ['Account', 'ProfileWallets'] })
  })
  it('closing the modal resets the view but the failed attempt stays for the Connect view', () => {
    const s = run({}, [modalOpenRequested({}), requested('a', 'r1'), modalCloseRequested({}), connectionFailed({ connectorId: 'a', namespace: 'eip155', error: { name: 'ModalClosedError', shortMessage: 'Modal closed' } }, { requestId: 'r1' })])
    expect(s.router.history).toEqual(['Connect'])
    expect(s.wallets.attempt?.error?.shortMessage).toBe('Modal closed')
  })
})

describe('connections, multiWallet and fall-back', () => {
  it('without multiWallet a new wallet replaces the connection', () => {
    const s = run({}, [succeeded('a'), succeeded('b', undefined, '0x00000000000000000000000000000000000000b2')])
    expect(s.connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['b'])
    expect(s.wallets.memory.connected.eip155).toEqual(['b'])
  })
  it('with multiWallet they add up, most recent first to reconnect', () => {
    const s = run({ features: { multiWallet: true } }, [succeeded('a'), succeeded('b', undefined, '0x00000000000000000000000000000000000000b2')])
    expect(s.connection.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['a', 'b'])
    expect(s.connection.byNamespace.eip155?.activeConnectorId).toBe('b')
    expect(s.wallets.memory.connected.eip155).toEqual(['b', 'a'])
  })
  it('disconnecting the active connector falls back to the first remaining connection', () => {
    const s = run({ features: { multiWallet: true } }, [succeeded('a'), succeeded('b'), succeeded('c'), connectionDisconnected({ namespace: 'eip155', connectorId: 'c' })])
    expect(s.connection.byNamespace.eip155).toMatchObject({ activeConnectorId: 'a', status: 'connected' })
    expect(s.wallets.memory.connected.eip155).toEqual(['b', 'a'])
  })
  it('the wallet reporting other accounts updates the connection', () => {
    const s = run({}, [succeeded('a'), accountsChanged({ namespace: 'eip155', connectorId: 'a', accounts: [{ address: '0x00000000000000000000000000000000000000c3', type: 'eoa' }] })])
    expect(s.connection.byNamespace.eip155?.connections[0]?.accounts[0]?.address).toBe('0x00000000000000000000000000000000000000c3')
  })
  it('the disconnect event resets the account and shows Connect; the preferred account type stays', () => {
    const s = run({}, [
      succeeded('a'),
      { type: 'account/typePreferred', payload: { type: 'eoa' } },
      modalOpenRequested({}),
      connectionDisconnected({ namespace: 'eip155', connectorId: 'a' }),
      accountDisconnected({ namespace: 'eip155' }),
    ])
    expect(s.router.view).toBe('Connect')
    expect(s.preferences.preferredAccountType.eip155).toBe('eoa')
    expect(s.account.balances).toEqual({})
  })

  it("an account reset clears the namespace's balances and forms, and leaves slices with nothing to clear as they are", () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:abc'
    const filled = stateAfter([
      balanceFetched({ caipAddress: 'eip155:1:0xab', balance: '1', symbol: 'ETH' }),
      balanceFetched({ caipAddress: solana, balance: '2', symbol: 'SOL' }),
      sendAmountSet({ amount: '1' }),
      swapAmountSet({ side: 'from', amount: '5' }),
    ])
    const reset = stateAfter([accountDisconnected({ namespace: 'eip155' })], { from: filled })
    expect(Object.keys(reset.account.balances)).toEqual([solana])
    expect(reset.account.send.amount).toBeNull()
    expect(reset.swap!.amount).toBe('')
    // Nothing left to clear: each slice keeps its object, so nothing reading it renders again.
    const again = stateAfter([accountDisconnected({ namespace: 'eip155' })], { from: reset })
    const slices = ['wallets', 'account', 'tokenBalances', 'accountSheet', 'siwxSignIn', 'siwxSessions', 'nameRegistration', 'swap', 'onramp'] as const
    for (const slice of slices) expect(again[slice]).toBe(reset[slice])
  })
})

describe('recent wallets and what a reload reconnects', () => {
  it('keeps at most 2 recent wallets, newest first, with name and icon from the connector', () => {
    const s = run({ features: { multiWallet: true } }, [
      connectorsChanged({ namespace: 'eip155', connectors: [connector('a', 'Alpha'), connector('b', 'Beta'), connector('c', 'Gamma')] }),
      succeeded('a'),
      succeeded('b'),
      succeeded('c'),
      succeeded('b'),
    ])
    expect(s.wallets.memory.recent).toEqual([
      { id: 'b', name: 'Beta', namespace: 'eip155', imageUrl: 'data:b', rdns: 'b' },
      { id: 'c', name: 'Gamma', namespace: 'eip155', imageUrl: 'data:c', rdns: 'c' },
    ])
  })
  it('a WalletConnect connection remembers the directory wallet it was paired for', () => {
    const wallet = { id: 'dir-wallet-9', name: 'Nine' }
    const s = run({}, [walletConnectWalletSelected({ wallet }), succeeded('walletConnect')])
    expect(s.wallets.memory.recent[0]).toMatchObject({ id: 'walletConnect', listingId: 'dir-wallet-9' })
    // Another connector keeps no directory id, whatever the last pairing was for.
    const other = run({}, [walletConnectWalletSelected({ wallet }), succeeded('a')])
    expect(other.wallets.memory.recent[0]).not.toHaveProperty('listingId')
  })
  it('a disconnect forgets the connector for reconnecting but keeps it as recent', () => {
    const s = run({}, [succeeded('a'), connectionDisconnected({ namespace: 'eip155', connectorId: 'a' })])
    expect(s.wallets.memory).toEqual({ recent: [{ id: 'a', name: 'a', namespace: 'eip155' }], connected: { eip155: [] } })
  })
  it('hydration restores the memory and ignores malformed parts', () => {
    const s = run({}, [storageHydrated({ wallets: { recent: [{ id: 'a', name: 'A', namespace: 'eip155' }, { id: 1 } as never], connected: { eip155: ['a', 3 as never] } } })])
    expect(s.wallets.memory).toEqual({ recent: [{ id: 'a', name: 'A', namespace: 'eip155' }], connected: { eip155: ['a'] } })
  })
})

describe('switching stored connections (ProfileWallets)', () => {
  const twoWallets = [succeeded('a'), succeeded('b', undefined, '0x00000000000000000000000000000000000000b2')]
  it('a switched outcome makes the connector active with its accounts', () => {
    const s = run({ features: { multiWallet: true } }, [
      ...twoWallets,
      connectionSwitchRequested({ namespace: 'eip155', connectorId: 'a', status: 'connected' }, { requestId: 's1' }),
      connectionSwitched({ namespace: 'eip155', connectorId: 'a', accounts: [{ address: '0x00000000000000000000000000000000000000a9', type: 'eoa' }], caipNetworkId: 'eip155:2', accountChanged: true, walletChanged: true }, { requestId: 's1' }),
    ])
    expect(s.connection.byNamespace.eip155?.activeConnectorId).toBe('a')
    expect(s.connection.byNamespace.eip155?.connections[0]).toEqual({ connectorId: 'a', accounts: [{ address: '0x00000000000000000000000000000000000000a9', type: 'eoa' }], caipNetworkId: 'eip155:2' })
    expect(s.wallets.switching).toBeNull()
  })
  it('a failed switch keeps the error for the view', () => {
    const s = run({ features: { multiWallet: true } }, [
      ...twoWallets,
      connectionSwitchRequested({ namespace: 'eip155', connectorId: 'a', status: 'paused' }, { requestId: 's1' }),
      connectionSwitchFailed({ namespace: 'eip155', connectorId: 'a', error: { name: 'InvalidConnectionStatusError', shortMessage: 'Invalid connection status: paused' } }, { requestId: 's1' }),
    ])
    expect(s.wallets.switching).toMatchObject({ status: 'failed', error: { shortMessage: 'Invalid connection status: paused' } })
    expect(s.connection.byNamespace.eip155?.activeConnectorId).toBe('b')
  })
})
