import { describe, expect, it } from 'vitest'
import { GangwayError, serializeError } from '../../../src/core/errors/base'
import { storageFailed, storageHydrated } from '../../../src/core/events/persistence/storage'
import { hydrationEvents, lateHydrationEvents, readDurable } from '../../../src/core/readDurable'
import type { DurableState } from '../../../src/core/state'

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

describe('lateHydrationEvents', () => {
  const wallet = { id: 'io.example.wallet', name: 'Example Wallet', namespace: 'eip155' as const }
  const other = { id: 'io.example.other', name: 'Other Wallet', namespace: 'eip155' as const }
  const fresh: DurableState = { preferences: { themeMode: 'light', preferredAccountType: {} }, siwx: { sessions: {} }, wallets: { recent: [], connected: {} } }
  const late = { preferences: { themeMode: 'dark', preferredAccountType: { eip155: 'smartAccount' } }, siwx: { sessions: {} }, wallets: { recent: [wallet], connected: { eip155: [wallet.id] } } }

  it('nothing changed since the start: what was stored, as a start would hydrate it', () => {
    expect(lateHydrationEvents(late, fresh, fresh)).toEqual(hydrationEvents({ value: late }))
  })

  it("the parts the session changed since the start stay the session's, field by field in the preferences", () => {
    const now: DurableState = { ...fresh, preferences: { themeMode: 'light', preferredAccountType: { eip155: 'eoa' } }, wallets: { recent: [other], connected: { eip155: [other.id] } } }
    const since: DurableState = { ...fresh, preferences: { themeMode: 'light', preferredAccountType: {} } }
    expect(lateHydrationEvents(late, since, now)).toEqual([
      storageHydrated({ preferences: { themeMode: 'dark', preferredAccountType: { eip155: 'eoa' } }, siwx: { sessions: {} }, wallets: now.wallets! }),
    ])
  })

  it('a part the session had at the start and has no more stays gone; invalid stored data is still reported', () => {
    const signedIn = { email: 'visitor@example.com', username: null, sessionToken: null, lastEmailLoginAt: null }
    const [failed, hydrated, ...rest] = lateHydrationEvents({ ...late, junk: 1, embeddedWallet: signedIn }, { ...fresh, embeddedWallet: signedIn }, fresh)
    expect(rest).toEqual([])
    expect(failed).toMatchObject({ type: storageFailed.type, payload: { operation: 'hydrate', error: { details: 'dropped junk' } } })
    expect(hydrated).toEqual(storageHydrated(late as Partial<DurableState>))
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
