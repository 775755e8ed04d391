import { describe, it } from 'vitest'
import { filter, map, mergeMap, of, throwError, timer } from 'rxjs'
import { runEffects, type Effect } from '../../../../../src/core/effects/runtime/runEffects'
import { effectFailed } from '../../../../../src/core/events/modal/effects'
import { modalOpenRequested, modalShakeRequested } from '../../../../../src/core/events/modal/modal'
import { serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const boom = new Error('boom')
const open = modalOpenRequested({}, { requestId: 'o' })
const shake = modalShakeRequested({}, { requestId: 'k' })

/** Fails on every open; answers each shake with an open 10 ms later. */
const fragile: Effect = (event$) =>
  event$.pipe(mergeMap((e) => (modalOpenRequested.match(e) ? throwError(() => boom) : of(e))), filter(modalShakeRequested.match), map(() => open))
const slow: Effect<{ scheduler: EffectScheduler }> = (event$, _s, deps) =>
  event$.pipe(filter(modalShakeRequested.match), mergeMap(() => timer(10, deps.scheduler).pipe(map(() => shake))))

describe('runEffects', () => {
  it('an effect that errors reports effect/failed and is subscribed again; the others are untouched', () => {
    const ts = new EffectScheduler()
    ts.run(({ expectObservable }) => {
      const both: Effect<{ scheduler: EffectScheduler }> = (event$, state$, deps) =>
        runEffects(
          [
            { name: 'fragile', effect: fragile },
            { name: 'slow', effect: slow },
          ],
          event$,
          state$,
          deps,
        )
      const events = { marble: 'k 4ms o 4ms k', values: { k: shake, o: open } }
      expectObservable(runEffect(both, { events, state: stateAfter() })).toBe('o 4ms f 4ms (os) 6ms s', {
        o: open,
        f: effectFailed({ effect: 'fragile', error: serializeError(boom) }),
        s: shake,
      })
    })
  })

  it('an effect that fails while starting reports once and is not restarted', () => {
    const broken: Effect = () => {
      throw boom
    }
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect((e$, s$, d) => runEffects([{ name: 'broken', effect: broken }], e$, s$, d), { events: { marble: 'o o', values: { o: open } }, state: stateAfter() })
      expectObservable(out).toBe('f', { f: effectFailed({ effect: 'broken', error: serializeError(boom) }) })
    })
  })
})
