import { describe, it } from 'vitest'
import { apiAlerts } from '../../../../../src/core/effects/data/apiAlerts'
import { apiRequestFailed } from '../../../../../src/core/events/data/api'
import { bannerShowRequested } from '../../../../../src/core/events/modal/banner'
import { remoteConfigFailed } from '../../../../../src/core/events/modal/config'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, minted, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'

const failure = (message: string) => apiRequestFailed({ source: 'analytics', error: serializeError(new GangwayError(message)) })
const alert = (message: string) => minted(bannerShowRequested({ variant: 'error', message }))

describe('apiAlerts', () => {
  it("rate limits and server errors become the spec's alerts; other failures do not", () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'r 9ms n 9ms s', values: { r: failure('Rate Limited'), n: failure('Not Found'), s: failure('Server Error') } }
      const out = runEffect(apiAlerts, { events, state: stateAfter(), reduce: true })
      expectObservable(out).toBe('r 19ms s', { r: alert('Rate Limited'), s: alert('Server Error') })
    })
  })

  it('an alert already showing (or waiting to show) is not shown again', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'a 9ms b 9ms c', values: { a: failure('Rate Limited'), b: failure('Rate Limited'), c: failure('Server Error') } }
      // Fed back: the first alert opens the banner, so the second finds it showing.
      const out = runEffect(apiAlerts, { events, state: stateAfter(), loop: true })
      expectObservable(out).toBe('a 19ms c', { a: alert('Rate Limited'), c: alert('Server Error') })
    })
  })

  it("'Invalid App Configuration' is shown once per session, whichever call met it", () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const refused = serializeError(new GangwayError('Invalid App Configuration'))
      const events = {
        marble: 'a 99ms b 99ms c',
        values: { a: remoteConfigFailed({ error: refused, origin: 'https://evil.example' }), b: failure('Invalid App Configuration'), c: failure('Invalid App Configuration') },
      }
      const out = runEffect(apiAlerts, { events, state: stateAfter(), reduce: true })
      expectObservable(out).toBe('a', { a: alert('Invalid App Configuration') })
    })
  })
})
