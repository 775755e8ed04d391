import { describe, expect, it } from 'vitest'
import { modalAnalytics } from '../../../../../src/core/effects/modal/modalAnalytics'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { ACCOUNT, fakeAnalytics } from '../fakes'

const open = modalOpenRequested({})
const close = modalCloseRequested({})

describe('modalAnalytics', () => {
  it('tracks MODAL_OPEN when the modal opens and MODAL_CLOSE when an open modal closes; emits nothing', () => {
    const { analytics, tracked } = fakeAnalytics()
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'x 9ms o 9ms p 9ms c 9ms d', values: { x: close, o: open, p: open, c: close, d: close } }
      expectObservable(runEffect(modalAnalytics, { events, state: stateAfter(), reduce: true, deps: { analytics } })).toBe('')
    })
    expect(tracked).toEqual([
      { frame: 10, event: 'MODAL_OPEN', properties: { connected: false } },
      { frame: 30, event: 'MODAL_CLOSE', properties: { connected: false } },
    ])
  })

  it('says whether a wallet is connected', () => {
    const { analytics, tracked } = fakeAnalytics()
    const connected = stateAfter([
      connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
    ])
    new EffectScheduler().run(({ expectObservable }) => {
      // The first event sets the baseline (in the modal: session/started).
      const events = { marble: 'x 9ms o 9ms c', values: { x: close, o: open, c: close } }
      expectObservable(runEffect(modalAnalytics, { events, state: connected, reduce: true, deps: { analytics } })).toBe('')
    })
    expect(tracked.map((t) => [t.event, t.properties])).toEqual([
      ['MODAL_OPEN', { connected: true }],
      ['MODAL_CLOSE', { connected: true }],
    ])
  })

  it('a failing analytics port does not end the effect', () => {
    const events: string[] = []
    const analytics = {
      track: (e: { event: string }) => {
        events.push(e.event)
        return Promise.reject(new Error('offline'))
      },
    }
    new EffectScheduler().run(({ expectObservable }) => {
      const input = { marble: 'x o 9ms c 9ms p', values: { x: close, o: open, c: close, p: open } }
      expectObservable(runEffect(modalAnalytics, { events: input, state: stateAfter(), reduce: true, deps: { analytics } })).toBe('')
    })
    expect(events).toEqual(['MODAL_OPEN', 'MODAL_CLOSE', 'MODAL_OPEN'])
  })
})
