import { describe, expect, it } from 'vitest'
import { GangwayError, serializeError } from '../../../src/core/errors/base'
import { storageFailed, storageHydrated } from '../../../src/core/events/persistence/storage'
import { hydrationEvents, readDurable } from '../../../src/core/readDurable'

const stored = { preferences: { themeMode: 'dark' as const, preferredAccountType: {} }, siwx: { sessions: {} } }

describe('hydrationEvents', () => {
  it('what storage holds, in one storage/hydrated', () => {
    expect(hydrationEvents({ value: stored })).toEqual([storageHydrated(stored)])
  })

  it('nothing stored: an empty storage/hydrated', () => {
    expect(hydrationEvents({ value: undefined })).toEqual([storageHydrated({})])
  })

  it('a failed read is reported, and hydrates nothing', () => {
    const broken = new GangwayError('IndexedDB unavailable')
    expect(hydrationEvents({ error: broken })).toEqual([storageFailed({ operation: 'read', error: serializeError(broken) }), storageHydrated({})])
  })

  it('invalid stored data is dropped and reported once; the valid part is hydrated', () => {
    const [failed, hydrated, ...rest] = hydrationEvents({ value: { ...stored, junk: 1 } })
    expect(rest).toEqual([])
    expect(failed).toMatchObject({ type: storageFailed.type, payload: { operation: 'hydrate', error: { shortMessage: 'Invalid stored data', details: 'dropped junk' } } })
    expect(hydrated).toEqual(storageHydrated(stored))
  })

  it('a report names ten dropped paths and counts the rest', () => {
    const junk = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`junk${i}`, i]))
    const [failed] = hydrationEvents({ value: junk })
    expect((failed!.payload as { error: { details: string } }).error.details).toBe(
      `dropped ${Array.from({ length: 10 }, (_, i) => `junk${i}`).join(', ')} and 3 more`,
    )
  })
})

describe('readDurable', () => {
  it('keeps what is valid field by field', () => {
    expect(readDurable({ preferences: { themeMode: 'dark', extra: NaN } })).toEqual({ durable: { preferences: { themeMode: 'dark' } }, dropped: ['preferences.extra'] })
  })
})

describe('readDurable: recent wallets', () => {
  it("keeps the embedded wallet's login with its recent entry; drops an entry whose login is not text", () => {
    const recent = [
      { id: 'auth', name: 'Email', namespace: 'eip155', auth: 'github' },
      { id: 'io.example', name: 'Example', namespace: 'eip155', auth: 7 },
    ]
    expect(readDurable({ wallets: { recent, connected: {} } })).toEqual({
      durable: { wallets: { recent: [recent[0]], connected: {} } },
      dropped: ['wallets.recent[1]'],
    })
  })
})
