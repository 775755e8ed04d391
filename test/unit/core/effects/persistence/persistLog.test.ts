import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../../../../../src/core/durable'
import { LOG_WRITE_MS, persistLog, STORAGE_RETRY_MS } from '../../../../../src/core/effects/persistence/persistLog'
import { modalCloseRequested, modalOpenRequested } from '../../../../../src/core/events/modal/modal'
import { storageFailed } from '../../../../../src/core/events/persistence/storage'
import { GangwayError, serializeError } from '../../../../../src/core/errors/base'
import { currentScheduler, reply, replyError, runEffectAsync } from '../../../../support/runEffect'
import { stateAfter } from '../../../../support/stateAfter'
import { fakeStorage } from '../fakes'

// persistLog waits on its writes through real promises (Promise.resolve around the port): the
// tests step virtual time with runEffectAsync, which lets those settle between frames.

const eventLog = { snapshot: () => ({ frame: currentScheduler().now() }) }
const values = { o: modalOpenRequested({}), c: modalCloseRequested({}) }

describe('persistLog', () => {
  it('writes the log at most once per 300 ms while events flow, the latest snapshot each time', async () => {
    const { storage, writes } = fakeStorage()
    const run = await runEffectAsync(persistLog, { events: { marble: 'o 99ms c 99ms o 299ms c', values }, state: stateAfter(), deps: { storage, eventLog } })
    run.toBe('')
    expect(writes).toEqual([
      { frame: LOG_WRITE_MS, key: STORAGE_KEYS.log, value: { frame: LOG_WRITE_MS } },
      { frame: 500 + LOG_WRITE_MS, key: STORAGE_KEYS.log, value: { frame: 500 + LOG_WRITE_MS } },
    ])
  })

  it('waits for a reload\'s history to join before the first write, then writes the whole log', async () => {
    const { storage, writes } = fakeStorage()
    // The history joins at 1000 ms: the writes due at 300 and 800 ms wait for it and fold into one.
    const restoring = { ...eventLog, restored: () => reply(undefined, 1000) }
    await runEffectAsync(persistLog, { events: { marble: 'o 499ms c', values }, state: stateAfter(), deps: { storage, eventLog: restoring } })
    expect(writes.map((w) => w.frame)).toEqual([1000])
    expect(writes[0]!.value).toEqual({ frame: 1000 })
  })

  it('a failed write is reported once, then retried quietly with a doubling wait until it succeeds', async () => {
    const broken = new GangwayError('Quota exceeded')
    const { storage, writes } = fakeStorage({ set: (_k, _v, n) => (n <= 2 ? replyError(broken) : reply(undefined)) })
    const run = await runEffectAsync(persistLog, { events: { marble: 'o', values }, state: stateAfter(), deps: { storage, eventLog } })
    run.toBe(`${LOG_WRITE_MS}ms f`, { f: storageFailed({ operation: 'write', error: serializeError(broken) }) })
    expect(writes.map((w) => w.frame)).toEqual([LOG_WRITE_MS, LOG_WRITE_MS + STORAGE_RETRY_MS, LOG_WRITE_MS + 3 * STORAGE_RETRY_MS])
  })

  it('events during a retry wait are folded into the retry: one write, of the latest log', async () => {
    const { storage, writes } = fakeStorage({ set: (_k, _v, n) => (n === 1 ? replyError(new Error('busy')) : reply(undefined)) })
    await runEffectAsync(persistLog, { events: { marble: 'o 399ms c 99ms o', values }, state: stateAfter(), deps: { storage, eventLog } })
    expect(writes.map((w) => w.frame)).toEqual([LOG_WRITE_MS, LOG_WRITE_MS + STORAGE_RETRY_MS])
    expect(writes[1]!.value).toEqual({ frame: LOG_WRITE_MS + STORAGE_RETRY_MS })
  })
})
