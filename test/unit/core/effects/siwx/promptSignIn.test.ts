import { describe, expect, it } from 'vitest'
import { promptSignIn, selectSignInDue } from '../../../../../src/core/effects/siwx/promptSignIn'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { siwxSessionStored, siwxSessionsCleared } from '../../../../../src/core/events/siwx/siwx'
import { storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { accountTypeSwitched, accountTypeSwitchFailed, accountTypeSwitchStarted } from '../../../../../src/core/events/embeddedWallet/embeddedWallet'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { evmNetwork, solanaNetwork, stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, SOLANA_ACCOUNT, SOLANA_MAINNET } from '../fakes'

const CAIP = `eip155:1:${ACCOUNT}`
const connect = (caipNetworkId = 'eip155:1') =>
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId })
const siwx = { settings: { siwx: { required: true } } }

describe('promptSignIn', () => {
  it('opens SIWXSignMessage once a connected account on a supported network has no session', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '5ms h', values: { h: storageHydrated({}) } }
      expectObservable(runEffect(promptSignIn, { events, state: stateAfter([connect()], siwx), reduce: true })).toBe('5ms o', { o: modalOpenRequested({ view: 'SIWXSignMessage' }) })
    })
  })

  it('not without siwx, with a session, on a network the host does not list, or without a connection', () => {
    expect(selectSignInDue(stateAfter([connect()]))).toBeNull()
    expect(selectSignInDue(stateAfter([connect(), siwxSessionStored({ caipAddress: CAIP, session: {} })], siwx))).toBeNull()
    expect(selectSignInDue(stateAfter([connect('eip155:99')], siwx))).toBeNull()
    expect(selectSignInDue(stateAfter([], siwx))).toBeNull()
    expect(selectSignInDue(stateAfter([connect()], siwx))).toBe(CAIP)
  })

  it("not while the embedded wallet moves between its EOA and its smart account: the sign-in is for where it lands", () => {
    const switching = stateAfter([connect(), accountTypeSwitchStarted({ type: 'smartAccount' })], siwx)
    expect(selectSignInDue(switching)).toBeNull()
    expect(selectSignInDue(stateAfter([accountTypeSwitched({ type: 'smartAccount' })], { from: switching }))).toBe(CAIP)
    // A refused switch leaves the account where it was, and that one signs in.
    const error = { name: 'GangwayError', shortMessage: 'Smart accounts are not enabled', kind: 'UNKNOWN' } as never
    expect(selectSignInDue(stateAfter([accountTypeSwitchFailed({ type: 'smartAccount', error })], { from: switching }))).toBe(CAIP)
  })

  it('signing out (the session cleared) asks again', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const state = stateAfter([connect(), siwxSessionStored({ caipAddress: CAIP, session: {} })], siwx)
      // Storage holds the session (hydration is what storage holds), then it is cleared.
      const events = { marble: 'h 9ms c', values: { h: storageHydrated({ siwx: { sessions: { [CAIP]: {} } } }), c: siwxSessionsCleared({ caipAddress: CAIP }) } }
      expectObservable(runEffect(promptSignIn, { events, state, reduce: true })).toBe('10ms o', { o: modalOpenRequested({ view: 'SIWXSignMessage' }) })
    })
  })
})

describe('promptSignIn on a new page', () => {
  it("waits for this page's stored sessions: a state restored from the last page's log is not asked to sign", () => {
    // Restored: connected, its session not in the log. Nothing until storage says; then the session is there.
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '10ms h', values: { h: storageHydrated({ siwx: { sessions: { [CAIP]: { data: {} } } } } as never) } }
      expectObservable(runEffect(promptSignIn, { events, state: stateAfter([connect()], siwx), reduce: true })).toBe('')
    })
  })
})

describe('promptSignIn with Solana', () => {
  const SOL_CAIP = `${SOLANA_MAINNET}:${SOLANA_ACCOUNT}`
  const solana = (caipNetworkId = SOLANA_MAINNET) =>
    connectionSucceeded({ connectorId: 'Phantom', namespace: 'solana', accounts: [{ address: SOLANA_ACCOUNT, type: 'eoa' }], caipNetworkId })
  const settings = { settings: { adapters: ['eip155', 'solana'] as const, networks: [evmNetwork(1), solanaNetwork()], siwx: { required: true } } }

  it('a connected Solana account on a listed cluster without a session is asked to sign in', () => {
    expect(selectSignInDue(stateAfter([solana()], settings as never))).toBe(SOL_CAIP)
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: '5ms h', values: { h: storageHydrated({}) } }
      expectObservable(runEffect(promptSignIn, { events, state: stateAfter([solana()], settings as never), reduce: true })).toBe('5ms o', { o: modalOpenRequested({ view: 'SIWXSignMessage' }) })
    })
  })

  it('not with its session, nor on a cluster the host does not list', () => {
    expect(selectSignInDue(stateAfter([solana(), siwxSessionStored({ caipAddress: SOL_CAIP, session: {} })], settings as never))).toBeNull()
    expect(selectSignInDue(stateAfter([solana('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')], settings as never))).toBeNull()
  })
})
