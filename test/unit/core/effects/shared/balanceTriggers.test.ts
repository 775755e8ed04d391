import { describe, it } from 'vitest'
import { map } from 'rxjs'
import { balanceTriggers } from '../../../../../src/core/effects/shared/balanceTriggers'
import type { Effect } from '../../../../../src/core/effects/runtime/runEffects'
import { balanceRefreshRequested } from '../../../../../src/core/events/connection/balance'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { sendConfirmed } from '../../../../../src/core/events/connection/send'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, OTHER_ACCOUNT } from '../fakes'

// balanceTriggers is the shared trigger of the balance effects: each trigger says whether the
// cache may answer (false) or not (true). Wrapped as an effect to read it on a marble.
const asEffect =
  (options: { onOpen?: boolean } = {}): Effect =>
  (event$, state$) =>
    balanceTriggers(event$, state$, options).pipe(map((force) => ({ type: 'trigger', payload: force })))
const t = { type: 'trigger', payload: true }
const f = { type: 'trigger', payload: false }
const on = (address: string, chain = 'eip155:1') =>
  stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: chain })])
const none = stateAfter()

describe('balanceTriggers', () => {
  it('a new account or network triggers (cache allowed); the same one again, or none, does not', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const states = { marble: 'n 9ms a 9ms a 9ms b 9ms c 9ms n', values: { n: none, a: on(ACCOUNT), b: on(OTHER_ACCOUNT), c: on(OTHER_ACCOUNT, 'eip155:2') } }
      expectObservable(runEffect(asEffect(), { state: states, initialState: none })).toBe('10ms f 19ms f 9ms f', { f })
    })
  })

  it('a refresh request triggers, forced only if it says so; a confirmed send forces', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'r 9ms x 9ms s',
        values: { r: balanceRefreshRequested({}), x: balanceRefreshRequested({ force: true }), s: sendConfirmed({ hash: '0x1', blockNumber: '1' }) },
      }
      expectObservable(runEffect(asEffect(), { events, state: none })).toBe('f 9ms t 9ms t', { f, t })
    })
  })

  it('opening the modal triggers only when asked for', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'o', values: { o: modalOpenRequested({}) } }
      expectObservable(runEffect(asEffect({ onOpen: true }), { events, state: none })).toBe('f', { f })
      expectObservable(runEffect(asEffect(), { events, state: none })).toBe('')
    })
  })

  it('effects watching the same states see the same triggers, whenever they started; a state with the same address (other slices, or new connection objects) does not trigger', () => {
    new EffectScheduler().run(({ expectObservable, cold }) => {
      // One state's other slices throughout: only what the address is read from changes.
      const a = on(ACCOUNT)
      const opened = { ...a, modal: { ...a.modal, open: true } }
      const values = { n: { ...a, connection: none.connection }, a, o: opened, A: { ...a, connection: on(ACCOUNT).connection }, b: { ...a, connection: on(OTHER_ACCOUNT).connection } }
      const marble = 'n 9ms a 9ms o 9ms A 9ms b 9ms a 9ms b'
      expectObservable(runEffect(asEffect(), { state: { marble, values }, initialState: none })).toBe('10ms f 29ms f 9ms f 9ms f', { f })
      // A second trigger stream on the same states, from the third state on.
      const late = runEffect(asEffect(), { state: cold('20ms o 9ms A 9ms b 9ms a 9ms b', values), initialState: none })
      expectObservable(late).toBe('20ms f 19ms f 9ms f 9ms f', { f })
    })
  })
})

