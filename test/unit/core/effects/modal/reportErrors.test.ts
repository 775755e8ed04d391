import { describe, expect, it } from 'vitest'
import { reportErrors } from '../../../../../src/core/effects/modal/reportErrors'
import { connectionFailed, connectionRequested } from '../../../../../src/core/events/connection/connection'
import { effectFailed } from '../../../../../src/core/events/modal/effects'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { signatureFailed } from '../../../../../src/core/events/connection/signature'
import { storageFailed } from '../../../../../src/core/events/persistence/storage'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, runEffect } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { fakeAnalytics } from '../fakes'

const error = (message: string, code?: number) => serializeError(new GangwayError(message, code === undefined ? {} : { code }))
const first = modalOpenRequested({})

describe('reportErrors', () => {
  it('reports each …/failed event with its type, error name and message; emits nothing', () => {
    const { analytics, reports } = fakeAnalytics()
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'x 9ms s 9ms e',
        values: { x: first, s: storageFailed({ operation: 'write', error: error('Quota exceeded') }), e: effectFailed({ effect: 'fetchBalance', error: error('Boom') }) },
      }
      expectObservable(runEffect(reportErrors, { events, state: stateAfter(), reduce: true, deps: { analytics } })).toBe('')
    })
    expect(reports).toEqual([
      { frame: 10, event: 'storage/failed', errorType: 'GangwayError', errorMessage: 'Quota exceeded' },
      { frame: 20, event: 'effect/failed', errorType: 'GangwayError', errorMessage: 'Boom' },
    ])
  })

  it("a visitor's own rejection (4001) and a stale connection outcome are not reported; a live one is", () => {
    const { analytics, reports } = fakeAnalytics()
    const request = connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'live' })
    new EffectScheduler().run(({ expectObservable }) => {
      const events = {
        marble: 'x 9ms r 9ms u 9ms s 9ms l',
        values: {
          x: first,
          r: request,
          u: signatureFailed({ error: error('User rejected the request', 4001) }),
          s: connectionFailed({ connectorId: 'a', namespace: 'eip155', error: error('Failed to connect') }, { requestId: 'stale' }),
          l: connectionFailed({ connectorId: 'a', namespace: 'eip155', error: error('Connection rejected') }, { requestId: 'live' }),
        },
      }
      expectObservable(runEffect(reportErrors, { events, state: stateAfter(), reduce: true, deps: { analytics } })).toBe('')
    })
    expect(reports.map((r) => [r.event, r.errorMessage])).toEqual([['connection/failed', 'Connection rejected']])
  })

  it('a port whose report fails does not end the effect', () => {
    const sent: string[] = []
    const analytics = {
      track: () => undefined,
      reportError: (r: { errorMessage: string }) => {
        sent.push(r.errorMessage)
        return Promise.reject(new Error('offline'))
      },
    }
    new EffectScheduler().run(({ expectObservable }) => {
      const events = { marble: 'x a b', values: { x: first, a: effectFailed({ effect: 'a', error: error('A') }), b: effectFailed({ effect: 'b', error: error('B') }) } }
      expectObservable(runEffect(reportErrors, { events, state: stateAfter(), reduce: true, deps: { analytics } })).toBe('')
    })
    expect(sent).toEqual(['A', 'B'])
  })
})
