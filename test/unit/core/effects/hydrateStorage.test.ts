import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../../src/core/durable'
import { hydrateStorage } from '../../../../src/core/effects/hydrateStorage'
import { sessionStarted } from '../../../../src/core/events/session'
import { storageFailed, storageHydrated } from '../../../../src/core/events/storage'
import { GangwayError, serializeError } from '../../../../src/core/errors/base'
import { EffectScheduler, replyError, reply, runEffect, type EffectRun } from '../../../support/runEffect'
import { TEST_SETTINGS } from '../../../support/stateAfter'
import { fakeStorage } from './fakes'

const start = { marble: '10ms s', values: { s: sessionStarted(TEST_SETTINGS) } }
const stored = { preferences: { themeMode: 'dark' as const, preferredAccountType: {} }, siwx: { sessions: {} } }

describe('hydrateStorage', () => {
  it('on session start, applies what storage holds in one storage/hydrated, when the read answers', () => {
    const { storage } = fakeStorage({ get: () => reply(stored, 30) })
    let run!: EffectRun
    new EffectScheduler().run(({ expectObservable }) => {
      run = runEffect(hydrateStorage, { events: start, deps: { storage } })
      expectObservable(run).toBe('40ms h', { h: expect.objectContaining({ type: storageHydrated.type }) })
    })
    expect(run.emitted[0]).toMatchObject({ type: 'storage/hydrated', payload: { preferences: { themeMode: 'dark' } } })
  })

  it('nothing stored: an empty storage/hydrated', () => {
    const { storage } = fakeStorage()
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(hydrateStorage, { events: start, deps: { storage } })).toBe('10ms h', { h: storageHydrated({}) })
    })
  })

  it('a failed read is reported, and the session starts with nothing hydrated', () => {
    const broken = new GangwayError('IndexedDB unavailable')
    const { storage } = fakeStorage({ get: () => replyError(broken, 5) })
    new EffectScheduler().run(({ expectObservable }) => {
      expectObservable(runEffect(hydrateStorage, { events: start, deps: { storage } })).toBe('15ms (fh)', {
        f: storageFailed({ operation: 'read', error: serializeError(broken) }),
        h: storageHydrated({}),
      })
    })
  })

  it('invalid stored data is dropped and reported once; the valid part is applied', () => {
    const { storage } = fakeStorage({ data: { [STORAGE_KEYS.durable]: { ...stored, junk: 1 } } })
    let run!: EffectRun
    new EffectScheduler().run(({ expectObservable }) => {
      run = runEffect(hydrateStorage, { events: start, deps: { storage } })
      expectObservable(run).toBe('10ms (fh)', { f: expect.objectContaining({ type: storageFailed.type }), h: expect.objectContaining({ type: storageHydrated.type }) })
    })
    const out = run.emitted
    expect(out[0]!.payload).toMatchObject({ operation: 'hydrate', error: { shortMessage: 'Invalid stored data' } })
    expect(JSON.stringify(out[0]!.payload)).toContain('junk')
    expect(out[1]!.payload).toMatchObject({ preferences: { themeMode: 'dark' } })
    expect(out[1]!.payload).not.toHaveProperty('junk')
  })
})
