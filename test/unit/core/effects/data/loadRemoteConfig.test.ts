import { describe, expect, it } from 'vitest'
import type { RemoteConfigurationResult } from '../../../../../src/core/effects/shared/dataDeps'
import { loadRemoteConfig } from '../../../../../src/core/effects/data/loadRemoteConfig'
import { remoteConfigFailed, remoteConfigLoaded } from '../../../../../src/core/events/modal/config'
import { sessionStarted } from '../../../../../src/core/events/modal/session'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { EffectScheduler, noReply, reply, replyError, runEffect } from '../../../../support/runEffect'
import { TEST_SETTINGS } from '../../../../support/stateAfter'

const start = sessionStarted(TEST_SETTINGS)
const result = (r: Partial<RemoteConfigurationResult>): RemoteConfigurationResult => ({ features: null, configError: null, originError: null, origin: null, ...r })
const api = (loadConfiguration: (o?: { signal?: AbortSignal }) => Promise<RemoteConfigurationResult>) => ({ api: { directory: null, blockchain: null, loadConfiguration } })

describe('loadRemoteConfig', () => {
  it('on session start, the fetched features override the local options when the answer comes', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const deps = api(() => reply(result({ features: { swaps: false } }), 40))
      expectObservable(runEffect(loadRemoteConfig, { events: { marble: 's', values: { s: start } }, deps })).toBe('40ms l', {
        l: remoteConfigLoaded({ features: { swaps: false } }),
      })
    })
  })

  it("an origin the allow-list refuses is reported with the origin; a configuration that could not be fetched without it", () => {
    new EffectScheduler().run(({ expectObservable }) => {
      const refused = new GangwayError('Invalid App Configuration')
      const down = new GangwayError('Server Error')
      const deps = api(() => reply(result({ configError: down, originError: refused, origin: 'https://evil.example' }), 10))
      expectObservable(runEffect(loadRemoteConfig, { events: { marble: 's', values: { s: start } }, deps })).toBe('10ms (co)', {
        c: remoteConfigFailed({ error: serializeError(down) }),
        o: remoteConfigFailed({ error: serializeError(refused), origin: 'https://evil.example' }),
      })
    })
  })

  it('a rejected load is a config/remoteFailed, and the next session loads again', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      let calls = 0
      const deps = api(() => (++calls === 1 ? replyError(new GangwayError('Rate Limited'), 5) : reply(result({ features: { send: false } }), 5)))
      const events = { marble: 's 99ms s', values: { s: start } }
      expectObservable(runEffect(loadRemoteConfig, { events, deps })).toBe('5ms f 99ms l', {
        f: remoteConfigFailed({ error: serializeError(new GangwayError('Rate Limited')) }),
        l: remoteConfigLoaded({ features: { send: false } }),
      })
    })
  })

  it('a new session start supersedes a load still waiting, whose call is aborted', () => {
    const signals: AbortSignal[] = []
    new EffectScheduler().run(({ expectObservable }) => {
      let calls = 0
      const deps = api((o) => {
        signals.push(o!.signal!)
        return ++calls === 1 ? noReply() : reply(result({ features: { onramp: false } }), 5)
      })
      expectObservable(runEffect(loadRemoteConfig, { events: { marble: 's 9ms s', values: { s: start } }, deps })).toBe('15ms l', {
        l: remoteConfigLoaded({ features: { onramp: false } }),
      })
    })
    expect(signals[0]!.aborted).toBe(true)
  })

  it('without a configuration service nothing is requested', () => {
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(loadRemoteConfig, { events: { marble: 's', values: { s: start } } })).toBe('')
    })
  })
})
