import { describe, expect, it } from 'vitest'
import { BANNER_AUTO_DISMISS_MS, bannerTimeout } from '../../../../../src/core/effects/modal/bannerTimeout'
import { bannerClosed, bannerShowRequested } from '../../../../../src/core/events/modal/banner'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const open = modalOpenRequested({})
const close = modalCloseRequested({})
const copied = bannerShowRequested({ variant: 'success', message: 'Link copied' })
const info = bannerShowRequested({ variant: 'info', message: 'Multi-Wallet Not Enabled' })
const limited = bannerShowRequested({ variant: 'error', message: 'Rate Limited' })
const closed = bannerClosed({})

describe('bannerTimeout', () => {
  it('the spec names no notification duration: 3 s for success and info', () => {
    expect(BANNER_AUTO_DISMISS_MS).toBe(3_000)
  })

  it('a success banner closes itself 3 s after it appeared', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(bannerTimeout, { events: { marble: 'o a', values: { o: open, a: copied } }, state: stateAfter(), reduce: true })
      expectObservable(out, `^ ${BANNER_AUTO_DISMISS_MS + 500}ms !`).toBe(`- ${BANNER_AUTO_DISMISS_MS}ms c`, { c: closed })
    })
  })

  it('fed back, the banner is closed and stays closed; an info banner does the same', () => {
    const ts = new EffectScheduler()
    let run!: ReturnType<typeof runEffect>
    ts.run(({ expectObservable }) => {
      run = runEffect(bannerTimeout, { events: { marble: 'o i', values: { o: open, i: info } }, state: stateAfter(), loop: true })
      expectObservable(run, `^ ${2 * BANNER_AUTO_DISMISS_MS}ms !`).toBe(`- ${BANNER_AUTO_DISMISS_MS}ms c`, { c: closed })
    })
    expect(run.state.banner.open).toBe(false)
  })

  it('an error banner stays until closed or replaced', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(bannerTimeout, { events: { marble: 'o e', values: { o: open, e: limited } }, state: stateAfter(), reduce: true })
      expectObservable(out, `^ ${3 * BANNER_AUTO_DISMISS_MS}ms !`).toBe('')
    })
  })

  it('a banner replaced by an error before its time is not closed by the old count', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(bannerTimeout, { events: { marble: 'o a 999ms e', values: { o: open, a: copied, e: limited } }, state: stateAfter(), reduce: true })
      expectObservable(out, `^ ${3 * BANNER_AUTO_DISMISS_MS}ms !`).toBe('')
    })
  })

  it('closing the modal closes any banner, an error one too (the banner slice does it); a refused close keeps it', () => {
    const shown = stateAfter([open, limited])
    expect(shown.banner.open).toBe(true)
    const afterClose = stateAfter([open, limited, close])
    expect(afterClose.modal.open).toBe(false)
    expect(afterClose.banner).toMatchObject({ open: false, pending: null })
    // Sign-in required on its view: the close is refused, the banner stays.
    const required = stateAfter([modalOpenRequested({ view: 'SIWXSignMessage' }), limited, close], { settings: { siwx: { required: true } } })
    expect(required.modal.open).toBe(true)
    expect(required.banner.open).toBe(true)
    // And the effect itself never closes an error banner.
    new EffectScheduler().run(({ expectObservable }) => {
      const out = runEffect(bannerTimeout, { events: { marble: 'o e', values: { o: open, e: limited } }, state: stateAfter(), reduce: true })
      expectObservable(out, `^ ${3 * BANNER_AUTO_DISMISS_MS}ms !`).toBe('')
    })
  })
})
