import { describe, expect, it } from 'vitest'
import { createMemoryKeyValue } from '../../../src/adapters/storage/memoryKeyValue'
import { InvalidInputError } from '../../../src/core/errors/base'
import { SiwxOptionsConflictError } from '../../../src/core/errors/domain'
import { createTestModal } from '../../support/testModal'
import { walletConnect } from '../../../src/walletconnect'
import { createVirtualTime, settle } from '../../support/virtualTime'
import { storedEvents } from '../../support/storedLog'
import { createModal } from '../../../src/createModal'
import { createVersionedStorage } from '../../../src/adapters/storage/versionedStorage'
import { siwx } from '../../../src/features/siwx'
import { siwxSignInRequested } from '../../../src/core/events/siwx/siwx'

describe('timers run on the injected scheduler', () => {
  it('shake ends 500 ms after it starts, not before', async () => {
    const { modal, time } = await createTestModal()
    modal.shake()
    await time.advanceBy(499)
    expect(modal.getState().modal.shake).toBe(true)
    await time.advanceBy(1)
    expect(modal.getState().modal.shake).toBe(false)
  })
  it('a shake request while shaking does not extend it', async () => {
    const { modal, time } = await createTestModal()
    modal.shake()
    await time.advanceBy(300)
    modal.shake()
    await time.advanceBy(200)
    expect(modal.getState().modal.shake).toBe(false)
  })
  it('a replacing banner shows 150 ms after the old one closed', async () => {
    const { modal, time } = await createTestModal()
    modal.showBanner('success', 'Copied')
    modal.showBanner('error', 'Connection rejected')
    expect(modal.getState().banner.open).toBe(false)
    await time.advanceBy(149)
    expect(modal.getState().banner.open).toBe(false)
    await time.advanceBy(1)
    expect(modal.getState().banner).toMatchObject({ open: true, variant: 'error', message: 'Connection rejected' })
  })
})

describe('analytics', () => {
  it('MODAL_OPEN on open and MODAL_CLOSE only when an open modal closes, with the connected flag', async () => {
    const { modal, tracked } = await createTestModal()
    modal.close()
    expect(tracked).toEqual([])
    modal.open()
    modal.open()
    modal.close()
    expect(tracked).toEqual([
      { event: 'MODAL_OPEN', properties: { connected: false } },
      { event: 'MODAL_CLOSE', properties: { connected: false } },
    ])
  })
  it('a failing analytics port changes nothing', async () => {
    const { modal } = await createTestModal({ analytics: { track: () => Promise.reject(new Error('offline')) } })
    modal.open()
    await settle()
    expect(modal.getState().modal.open).toBe(true)
    expect(modal.getState().lastError).toBeNull()
  })
})

describe('persistence', () => {
  it('a new page load hydrates stored preferences and continues the stored log', async () => {
    const kv = createMemoryKeyValue()
    const first = await createTestModal({}, kv)
    first.modal.setThemeMode('dark')
    first.modal.open()
    await first.time.advanceBy(1000)
    const firstLog = first.modal.timeTravel.exportLog()
    first.modal.destroy()

    const second = await createTestModal({}, kv)
    expect(second.modal.getState().preferences.themeMode).toBe('dark')
    expect(second.modal.getState().modal.open).toBe(false)
    const events = second.modal.timeTravel.log.events
    expect(events.slice(0, firstLog.events.length)).toEqual(firstLog.events)
    expect(events.slice(firstLog.events.length).map((e) => e.type)).toEqual(['session/started', 'storage/hydrated'])
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
  })
  it('a reload shows the state the page left at ready; the stored events join the log after, and are written again only then', async () => {
    const kv = createMemoryKeyValue()
    const first = await createTestModal({}, kv)
    first.modal.setThemeMode('dark')
    first.modal.open('Networks')
    await first.time.advanceBy(1000)
    const firstLog = first.modal.timeTravel.exportLog()
    first.modal.destroy()
    const stored = kv.dump()['gangway:eventLog']

    const time = createVirtualTime()
    const second = createModal({ projectId: 'test-project', adapters: ['eip155'], storage: createVersionedStorage(kv), clock: time.clock, scheduler: time.scheduler })
    await second.ready
    // Started from the stored present state: no stored event is in the log yet.
    expect(second.getState().preferences.themeMode).toBe('dark')
    expect(second.timeTravel.log.committedState.router.view).toBe('Networks')
    expect(second.timeTravel.log.events.map((e) => e.type)).toEqual(['session/started', 'storage/hydrated'])
    second.close()
    await time.advanceBy(1000)
    await second.timeTravel.whenRestored()
    expect(second.timeTravel.log.events.slice(0, firstLog.events.length)).toEqual(firstLog.events)
    // The store held its write until the history had joined: what it wrote has both sessions.
    await time.advanceBy(1000)
    const written = storedEvents(kv.dump()['gangway:eventLog'])
    expect(written.slice(0, firstLog.events.length)).toEqual(firstLog.events)
    expect(written.at(-1)?.type).toBe('modal/closeRequested')
    expect(kv.dump()['gangway:eventLog']).not.toEqual(stored)
    second.destroy()
  })
  it('a log imported before the stored events joined replaces them: they do not join after', async () => {
    const kv = createMemoryKeyValue()
    const first = await createTestModal({}, kv)
    first.modal.open('Networks')
    await first.time.advanceBy(1000)
    first.modal.destroy()

    const other = await createTestModal()
    other.modal.setThemeMode('dark')
    const imported = other.modal.timeTravel.exportLog()
    other.modal.destroy()

    const time = createVirtualTime()
    const second = createModal({ projectId: 'test-project', adapters: ['eip155'], storage: createVersionedStorage(kv), clock: time.clock, scheduler: time.scheduler })
    await second.ready
    second.timeTravel.importLog(imported)
    await second.timeTravel.whenRestored()
    await settle()
    expect(second.timeTravel.log.events).toEqual(imported.events)
    expect(second.getState().preferences.themeMode).toBe('dark')
    second.destroy()
  })
  it('nothing is written before hydration, so defaults never overwrite a stored preference', async () => {
    const kv = createMemoryKeyValue({ 'gangway:schema': 1, 'gangway:durable': { preferences: { themeMode: 'dark', preferredAccountType: {} }, siwx: { sessions: {} } } })
    const { modal } = await createTestModal({ themeMode: 'light', persistLog: false }, kv)
    expect(modal.getState().preferences.themeMode).toBe('dark')
    expect(kv.dump()['gangway:durable']).toMatchObject({ preferences: { themeMode: 'dark' } })
  })
  it('a failing storage leaves the session working in memory and says so', async () => {
    const broken = { get: () => Promise.reject(new Error('quota')), set: () => Promise.reject(new Error('quota')), del: async () => undefined, clear: async () => undefined }
    const { modal } = await createTestModal({ storage: broken, persistLog: false })
    expect(modal.getState().lastError).toMatchObject({ source: 'storage/failed', shortMessage: 'quota' })
    modal.setThemeMode('dark')
    await settle()
    expect(modal.getState().preferences.themeMode).toBe('dark')
  })
  it('without a project id the modal says Project ID Not Configured', async () => {
    const { modal } = await createTestModal({ projectId: undefined })
    expect(modal.getState().banner).toMatchObject({ open: true, variant: 'error', message: 'Project ID Not Configured' })
  })
  it('a host with WalletConnect and no chain adapter opens straight on WalletConnect (desktop)', async () => {
    const { modal } = await createTestModal({ adapters: [], isMobile: false, networks: [], walletConnect: walletConnect({ prefetch: false, loadProvider: () => new Promise(() => undefined) }) })
    modal.open()
    expect(modal.getState().router.view).toBe('ConnectingWalletConnectBasic')
    const withAdapter = await createTestModal({ adapters: ['eip155'], isMobile: false })
    withAdapter.modal.open()
    expect(withAdapter.modal.getState().router.view).toBe('Connect')
  })
  it('siweConfig and siwx together are rejected (spec §5), as an invalid option whose cause is the conflict', async () => {
    const refused = await createTestModal({ siwx: siwx({ required: false }), siweConfig: {} }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(InvalidInputError)
    expect((refused as InvalidInputError).message).toBe('Invalid options: Cannot set both siweConfig and siwx options')
    expect((refused as InvalidInputError).cause).toBeInstanceOf(SiwxOptionsConflictError)
  })
  it('a SIWX statement is one line (EIP-4361); it reaches the settings trimmed', async () => {
    await expect(createTestModal({ siwx: siwx({ statement: 'Sign in\nplease' }) })).rejects.toThrowError('Invalid options: siwx.statement must be one line')
    const { modal } = await createTestModal({ siwx: siwx({ required: true, statement: '  Sign in to Acme.  ' }) })
    expect(modal.getState().settings.siwx).toEqual({ required: true, statement: 'Sign in to Acme.' })
  })
  it("a sign-in asked of a modal created without siwx fails with 'SIWX is not enabled' instead of waiting for ever", async () => {
    const { modal } = await createTestModal()
    modal.dispatch(siwxSignInRequested({ caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8', nonce: 'abcdefgh12345678', domain: 'app.example', uri: 'https://app.example' }))
    await settle()
    expect(modal.getState().siwxSignIn).toMatchObject({ status: 'failed', error: { shortMessage: 'SIWX is not enabled' } })
  })
  it('legal links must be http(s) URLs; they reach the settings', async () => {
    await expect(createTestModal({ legal: { termsUrl: 'javascript:alert(1)' } })).rejects.toThrowError('Invalid options: legal.termsUrl must be an http(s) URL, got "javascript:alert(1)"')
    await expect(createTestModal({ legal: { privacyUrl: 'https://exa mple.com' } })).rejects.toThrowError('Invalid options: legal.privacyUrl must be an http(s) URL, got "https://exa mple.com"')
    const { modal } = await createTestModal({ legal: { termsUrl: 'https://example.com/terms' } })
    expect(modal.getState().settings.legal).toEqual({ termsUrl: 'https://example.com/terms' })
  })
  it('a hosted session store needs the gateway (apiUrl)', async () => {
    await expect(createTestModal({ siwx: siwx({ hosted: true }) })).rejects.toThrowError('Invalid options: siwx.hosted needs apiUrl, the gateway that keeps the sessions')
    const { modal } = await createTestModal({ siwx: siwx({ hosted: true }), apiUrl: 'http://127.0.0.1:9' })
    expect(modal.getState().settings.siwx).toEqual({ required: false, hosted: true })
  })
})

describe('error reports', () => {
  it('reports failures the modal meets, not the visitor saying no, not stale outcomes', async () => {
    const reports: unknown[] = []
    const { modal } = await createTestModal({ analytics: { track: () => undefined, reportError: (r) => void reports.push(r) } })
    const failed = (code: number, requestId?: string) => ({
      type: 'connection/failed',
      payload: { connectorId: 'a', namespace: 'eip155', error: { name: 'ConnectorError', shortMessage: code === 4001 ? 'Connection rejected' : 'Failed to connect', code } },
      ...(requestId ? { requestId } : {}),
    })
    modal.dispatch(failed(-32603) as never)
    modal.dispatch(failed(4001) as never)
    modal.dispatch(failed(-32603, 'not-the-current-attempt') as never)
    modal.dispatch({ type: 'storage/failed', payload: { operation: 'write', error: { name: 'QuotaExceededError', shortMessage: 'quota' } } } as never)
    expect(reports).toEqual([
      { event: 'connection/failed', errorType: 'ConnectorError', errorMessage: 'Failed to connect' },
      { event: 'storage/failed', errorType: 'QuotaExceededError', errorMessage: 'quota' },
    ])
  })
})
