import { describe, expect, it } from 'vitest'
import { NOTIFICATION_REPLACE_DELAY_MS } from '../../../../../src/core/domain/constants'
import { bannerDelay } from '../../../../../src/core/effects/modal/bannerDelay'
import { bannerDelayElapsed, bannerShowRequested } from '../../../../../src/core/events/modal/banner'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const copied = bannerShowRequested({ variant: 'success', message: 'Copied' })
const rejected = bannerShowRequested({ variant: 'error', message: 'Connection rejected' })
const failed = bannerShowRequested({ variant: 'error', message: 'Failed to connect' })

describe('bannerDelay', () => {
  it('a banner replacing an open one is due 150 ms after the replacement was asked for', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(bannerDelay, { events: { marble: 'a 49ms b', values: { a: copied, b: rejected } }, state: stateAfter(), reduce: true })
      // b is the run's second event: seq 2.
      expectObservable(out).toBe(`${50 + NOTIFICATION_REPLACE_DELAY_MS}ms d`, { d: bannerDelayElapsed({ seq: 2 }) })
    })
  })

  it('the first banner needs no delay', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(bannerDelay, { events: { marble: 'a', values: { a: copied } }, state: stateAfter(), reduce: true })
      expectObservable(out, '^ 1000ms !').toBe('')
    })
  })

  it('a third banner within the gap takes the place of the second: one delay, for the newest', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 49ms b 99ms c', values: { a: copied, b: rejected, c: failed } }
      const out = runEffect(bannerDelay, { events, state: stateAfter(), reduce: true })
      expectObservable(out).toBe(`${150 + NOTIFICATION_REPLACE_DELAY_MS}ms d`, { d: bannerDelayElapsed({ seq: 3 }) })
    })
  })

  it('fed back, the elapsed delay shows the pending banner', () => {
    const ts = new EffectScheduler()
    let run!: ReturnType<typeof runEffect>
    ts.run(({ expectObservable }) => {
      run = runEffect(bannerDelay, { events: { marble: 'a b', values: { a: copied, b: rejected } }, state: stateAfter(), loop: true })
      expectObservable(run).toBe(`${1 + NOTIFICATION_REPLACE_DELAY_MS}ms d`, { d: bannerDelayElapsed({ seq: 2 }) })
    })
    expect(run.state.banner).toMatchObject({ open: true, message: 'Connection rejected', pending: null })
  })
})
