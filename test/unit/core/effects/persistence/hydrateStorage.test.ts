import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../../../src/core/durable'
import { hydrateStorage } from '../../../../../src/core/effects/persistence/hydrateStorage'
import { sessionStarted } from '../../../../../src/core/events/modal/session'
import { storageFailed, storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { replyError, reply, runEffectAsync } from '../../../../support/runEffect'
import { TEST_SETTINGS } from '../../../../support/stateAfter'
import { fakeStorage } from '../fakes'

const start = { marble: '10ms s', values: { s: sessionStarted(TEST_SETTINGS) } }
const stored = { preferences: { themeMode: 'dark' as const, preferredAccountType: {} }, siwx: { sessions: {} } }

// hydrateStorage loads its stored-data checks with a dynamic import beside the read (a real
// promise): stepped with runEffectAsync, which lets promises settle between virtual frames.
describe('hydrateStorage', () => {
  it('on session start, applies what storage holds in one storage/hydrated, when the read answers', async () => {
    const { storage } = fakeStorage({ get: () => reply(stored, 30) })
    const run = await runEffectAsync(hydrateStorage, { events: start, deps: { storage } })
    run.toBe('40ms h', { h: expect.objectContaining({ type: storageHydrated.type }) })
    expect(run.messages[0]!.notification.value).toMatchObject({ type: 'storage/hydrated', payload: { preferences: { themeMode: 'dark' } } })
  })

  it('nothing stored: an empty storage/hydrated', async () => {
    const { storage } = fakeStorage()
    const run = await runEffectAsync(hydrateStorage, { events: start, deps: { storage } })
    run.toBe('10ms h', { h: storageHydrated({}) })
  })

  it('a failed read is reported, and the session starts with nothing hydrated', async () => {
    const broken = new GangwayError('IndexedDB unavailable')
    const { storage } = fakeStorage({ get: () => replyError(broken, 5) })
    const run = await runEffectAsync(hydrateStorage, { events: start, deps: { storage } })
    run.toBe('15ms (fh)', {
      f: storageFailed({ operation: 'read', error: serializeError(broken) }),
      h: storageHydrated({}),
    })
  })

  it('invalid stored data is dropped and reported once; the valid part is applied', async () => {
    const { storage } = fakeStorage({ data: { [STORAGE_KEYS.durable]: { ...stored, junk: 1 } } })
    const run = await runEffectAsync(hydrateStorage, { events: start, deps: { storage } })
    run.toBe('10ms (fh)', { f: expect.objectContaining({ type: storageFailed.type }), h: expect.objectContaining({ type: storageHydrated.type }) })
    const out = run.messages.map((m) => m.notification.value as { payload: unknown })
    expect(out[0]!.payload).toMatchObject({ operation: 'hydrate', error: { shortMessage: 'Invalid stored data' } })
    expect(JSON.stringify(out[0]!.payload)).toContain('junk')
    expect(out[1]!.payload).toMatchObject({ preferences: { themeMode: 'dark' } })
    expect(out[1]!.payload).not.toHaveProperty('junk')
  })
})
