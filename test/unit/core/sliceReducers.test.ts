import { describe, expect, it } from 'vitest'
import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../../../src/core/events/modal/banner'
import { remoteConfigLoaded } from '../../../src/core/events/modal/config'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { accountTypePreferred } from '../../../src/core/events/modal/preferences'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../../../src/core/events/modal/router'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { storageHydrated } from '../../../src/core/events/persistence/storage'
import { connectionDisconnected, connectionFailed, connectionRequested, connectionSucceeded } from '../../../src/core/events/connection/connection'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { type ModalState, type SessionSettings } from '../../../src/core/state'
import { initialState } from '../../../src/core/reducers/rootReducer'

function run(settings: Partial<SessionSettings>, inputs: EventInput[]): ModalState {
  let state = initialState()
  const all = [sessionStarted({ projectId: 'p', adapters: ['eip155'], ...settings }), ...inputs]
  all.forEach((input, i) => (state = rootReducer(state, { ...input, seq: i + 1, at: i * 10 } as StampedEvent)))
  return state
}

describe('router', () => {
  it('push, replace, back and reset keep the current view on top of history', () => {
    const s = run({}, [routerPushed({ view: 'AllWallets' }), routerPushed({ view: 'ConnectingExternal', data: { id: 'x' } }), routerReplaced({ view: 'ConnectingWalletConnect' })])
    expect(s.router.history).toEqual(['Connect', 'AllWallets', 'ConnectingWalletConnect'])
    expect(run({}, [routerPushed({ view: 'AllWallets' }), routerWentBack({})]).router.view).toBe('Connect')
    expect(run({}, [routerWentBack({}), routerWentBack({})]).router.history).toEqual(['Connect'])
    expect(run({}, [routerPushed({ view: 'AllWallets' }), routerReset({ view: 'Account' })]).router.history).toEqual(['Account'])
  })
})

describe('banner: a new message while one is open closes it and follows after the delay', () => {
  it('replaces through a pending banner tied to the request seq', () => {
    const first = run({}, [bannerShowRequested({ variant: 'success', message: 'one' })])
    expect(first.banner).toMatchObject({ open: true, message: 'one', variant: 'success' })
    const second = run({}, [bannerShowRequested({ variant: 'success', message: 'one' }), bannerShowRequested({ variant: 'error', message: 'two' })])
    expect(second.banner).toMatchObject({ open: false, pending: { message: 'two', variant: 'error', seq: 3 } })
    const stale = run({}, [bannerShowRequested({ variant: 'success', message: 'one' }), bannerShowRequested({ variant: 'error', message: 'two' }), bannerDelayElapsed({ seq: 2 })])
    expect(stale.banner.open).toBe(false)
    const shown = run({}, [bannerShowRequested({ variant: 'success', message: 'one' }), bannerShowRequested({ variant: 'error', message: 'two' }), bannerDelayElapsed({ seq: 3 })])
    expect(shown.banner).toMatchObject({ open: true, message: 'two', variant: 'error', pending: null })
    expect(run({}, [bannerShowRequested({ variant: 'success', message: 'one' }), bannerClosed({})]).banner.open).toBe(false)
  })
})

describe('features: local defaults < local options < remote configuration', () => {
  it('remote values override local ones; wrongly typed remote values are ignored', () => {
    const s = run({ features: { swaps: false, email: false } }, [remoteConfigLoaded({ features: { swaps: true, activity: false, multiWallet: 'yes' as unknown as boolean } })])
    expect(s.features.swaps).toBe(true)
    expect(s.features.email).toBe(false)
    expect(s.features.activity).toBe(false)
    expect(s.features.multiWallet).toBe(false)
    expect(s.features.receive).toBe(true)
  })
})

describe('account type preference', () => {
  it('smartAccount only when enabled and current is eoa; eoa always', () => {
    expect(run({}, [accountTypePreferred({ type: 'smartAccount' })]).preferences.preferredAccountType.eip155).toBeUndefined()
    expect(run({ smartAccounts: { enabled: true } }, [accountTypePreferred({ type: 'smartAccount' })]).preferences.preferredAccountType.eip155).toBe('smartAccount')
    expect(run({ smartAccounts: { enabled: true } }, [accountTypePreferred({ type: 'smartAccount' }), accountTypePreferred({ type: 'eoa' })]).preferences.preferredAccountType.eip155).toBe('eoa')
  })
})

describe('connection status per namespace', () => {
  const ok = connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: '0x1', type: 'eoa' }], caipNetworkId: 'eip155:1' })
  it('disconnected → connecting → connected → disconnected', () => {
    expect(run({}, [connectionRequested({ connectorId: 'a', namespace: 'eip155' })]).connection.byNamespace.eip155?.status).toBe('connecting')
    expect(run({}, [connectionRequested({ connectorId: 'a', namespace: 'eip155' }), ok]).connection.byNamespace.eip155?.status).toBe('connected')
    expect(run({}, [ok, connectionDisconnected({ namespace: 'eip155' })]).connection.byNamespace.eip155).toEqual({ status: 'disconnected', connections: [], activeConnectorId: null })
  })
  it("the active family's last wallet disconnected, a family that still has one becomes active; otherwise it stays", () => {
    const SOL = '2yv38hGN9CzkSfJRpP4LAbRTtrSMkdhP8MkQX5dxirLg'
    const evm = connectionSucceeded({ connectorId: 'w', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000a1', type: 'eoa' }], caipNetworkId: 'eip155:1' })
    const sol = connectionSucceeded({ connectorId: 's', namespace: 'solana', accounts: [{ address: SOL, type: 'eoa' }], caipNetworkId: 'solana:abc' })
    const both = { adapters: ['eip155', 'solana'] as const }
    const after = run({ adapters: [...both.adapters] }, [evm, sol, connectionDisconnected({ namespace: 'solana' })]).connection
    expect(after.activeNamespace).toBe('eip155')
    expect(after.byNamespace.eip155?.connections.map((c) => c.connectorId)).toEqual(['w'])
    // Disconnecting the other family's wallet leaves the active family alone.
    expect(run({ adapters: [...both.adapters] }, [evm, sol, connectionDisconnected({ namespace: 'eip155' })]).connection.activeNamespace).toBe('solana')
    // Nothing else connected: the family stays active (Connect for it).
    expect(run({ adapters: [...both.adapters] }, [sol, connectionDisconnected({ namespace: 'solana' })]).connection.activeNamespace).toBe('solana')
  })

  it('a failure keeps an existing connection and records the error', () => {
    const s = run({}, [ok, connectionFailed({ connectorId: 'b', namespace: 'eip155', error: { name: 'UserRejected', shortMessage: 'Connection rejected', code: 4001 } })])
    expect(s.connection.byNamespace.eip155?.status).toBe('connected')
    expect(s.lastError).toMatchObject({ shortMessage: 'Connection rejected', code: 4001, source: 'connection/failed' })
  })
})

describe('hydration', () => {
  it('lays stored preferences over the session and ignores malformed ones', () => {
    const s = run({ themeMode: 'light' }, [storageHydrated({ preferences: { themeMode: 'dark', preferredAccountType: { eip155: 'eoa' } } })])
    expect(s.preferences.themeMode).toBe('dark')
    const bad = run({ themeMode: 'light' }, [storageHydrated({ preferences: { themeMode: 'blue' as 'dark', preferredAccountType: {} } })])
    expect(bad.preferences.themeMode).toBe('light')
  })
})

describe('last error', () => {
  it('a stale connection failure does not overwrite what the visitor sees', () => {
    const requested = { ...connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'r1' }) }
    const retried = { ...connectionRequested({ connectorId: 'b', namespace: 'eip155' }, { requestId: 'r2' }) }
    const staleFailure = connectionFailed({ connectorId: 'a', namespace: 'eip155', error: { name: 'E', shortMessage: 'Connection rejected', code: 4001 } }, { requestId: 'r1' })
    const s = run({}, [requested, retried, staleFailure])
    expect(s.lastError).toBeNull()
    const current = run({}, [requested, connectionFailed({ connectorId: 'a', namespace: 'eip155', error: { name: 'E', shortMessage: 'Connection rejected', code: 4001 } }, { requestId: 'r1' })])
    expect(current.lastError?.shortMessage).toBe('Connection rejected')
  })
})
