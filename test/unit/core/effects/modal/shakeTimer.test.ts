import { describe, it } from 'vitest'
import { SHAKE_MS } from '../../../../../src/core/domain/constants'
import { shakeTimer } from '../../../../../src/core/effects/modal/shakeTimer'
import { modalShakeEnded, modalShakeRequested } from '../../../../../src/core/events/modal/modal'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const ended = { e: modalShakeEnded({}) }

describe('shakeTimer', () => {
  it('ends a shake 500 ms after it started, once', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(shakeTimer, { events: { marble: '10ms s', values: { s: modalShakeRequested({}) } }, reduce: true, state: stateAfter() })
      expectObservable(out).toBe(`${10 + SHAKE_MS}ms e`, ended)
    })
  })

  it('emits nothing while no shake started', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(shakeTimer, { state: stateAfter() }), '^ 2000ms !').toBe('')
    })
  })

  it('a new shake (a new start time) restarts the 500 ms; the older timer is dropped', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const a = stateAfter([[modalShakeRequested({}), 0]])
      const b = stateAfter([[modalShakeRequested({}), 300]], { from: stateAfter([[modalShakeRequested({}), 0], [modalShakeEnded({}), 1]]) })
      const out = runEffect(shakeTimer, { state: { marble: 'a 299ms b', values: { a, b } } })
      expectObservable(out).toBe(`${300 + SHAKE_MS}ms e`, ended)
    })
  })

  it('a repeated state with the same start time does not restart the timer', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const a = stateAfter([modalShakeRequested({})])
      const out = runEffect(shakeTimer, { state: { marble: 'a 199ms a', values: { a } } })
      expectObservable(out).toBe(`${SHAKE_MS}ms e`, ended)
    })
  })
})
