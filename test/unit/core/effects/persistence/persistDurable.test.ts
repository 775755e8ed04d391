import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../../../src/core/durable'
import { persistDurable } from '../../../../../src/core/effects/persistence/persistDurable'
import { STORAGE_RETRY_MS } from '../../../../../src/core/effects/persistence/persistLog'
import { modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { themeModeChanged } from '../../../../../src/core/events/modal/preferences'
import { storageFailed, storageHydrated } from '../../../../../src/core/events/persistence/storage'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { fakeStorage } from '../fakes'
import type { DurableState } from '../../../../../src/core/state'

// persistDurable writes through persistLatest, which waits on real promises: stepped with runEffectAsync.

const values = { h: storageHydrated({}), d: themeModeChanged({ mode: 'dark' }), l: themeModeChanged({ mode: 'light' }), o: modalOpenRequested({}) }

describe('persistDurable', () => {
  it('nothing is written before hydration; after it, each change of the durable slices is written', async () => {
    const { storage, writes } = fakeStorage()
    // Storage holds the dark theme the event before it set (hydration is what storage holds).
    const stored = { ...values, h: storageHydrated({ preferences: { themeMode: 'dark', preferredAccountType: {} } }) }
    const run = await runEffectAsync(persistDurable, { events: { marble: 'd 9ms h 9ms o 9ms l', values: stored }, state: stateAfter(), reduce: true, deps: { storage } })
    run.toBe('')
    expect(writes.map((w) => [w.frame, w.key])).toEqual([[30, STORAGE_KEYS.durable]])
    expect(writes[0]!.value).toMatchObject({ preferences: { themeMode: 'light' } })
  })

  it('events that leave the durable slices as they were write nothing', async () => {
    const { storage, writes } = fakeStorage()
    await runEffectAsync(persistDurable, { events: { marble: 'h o o', values }, state: stateAfter(), reduce: true, deps: { storage } })
    expect(writes).toEqual([])
  })

  it('a failed write is reported once and retried after 1 s with the latest value', async () => {
    const broken = new GangwayError('Quota exceeded')
    const { storage, writes } = fakeStorage({ set: (_k, _v, n) => (n === 1 ? replyError(broken) : reply(undefined)) })
    const run = await runEffectAsync(persistDurable, { events: { marble: 'h 9ms d 99ms l', values }, state: stateAfter(), reduce: true, deps: { storage } })
    run.toBe('10ms f', { f: storageFailed({ operation: 'write', error: serializeError(broken) }) })
    expect(writes.map((w) => w.frame)).toEqual([10, 10 + STORAGE_RETRY_MS])
    expect(writes[1]!.value).toMatchObject({ preferences: { themeMode: 'light' } })
  })
  it('a later hydration (a read that settled late) writes the durable slices once, even when it changed nothing', async () => {
    const { storage, writes } = fakeStorage()
    const same = storageHydrated({ preferences: { themeMode: 'dark', preferredAccountType: {} } })
    const other = storageHydrated({ preferences: { themeMode: 'light', preferredAccountType: {} } })
    const run = await runEffectAsync(persistDurable, { events: { marble: 'h 9ms d 9ms s 9ms o', values: { ...values, s: same, o: other } }, state: stateAfter(), reduce: true, deps: { storage } })
    run.toBe('')
    // The dark theme is written when chosen, again when a late hydration holding it comes (the
    // stored record may hold another), and once when a late hydration changes it.
    expect(writes.map((w) => w.frame)).toEqual([10, 20, 30])
    expect(writes.map((w) => (w.value as DurableState).preferences.themeMode)).toEqual(['dark', 'dark', 'light'])
  })
})
