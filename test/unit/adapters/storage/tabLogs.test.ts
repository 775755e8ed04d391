// @vitest-environment happy-dom
import { storedEvents } from '../../../support/storedLog'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryStorage } from '../../../../src/adapters/storage/memoryStorage'
import { KEPT_TAB_LOGS, pruneTabLogs, readTabLog, TAB_LOG_MAX_AGE_MS, TAB_LOGS_KEY, tabLogKey } from '../../../../src/adapters/storage/tabLogs'
import { createModal } from '../../../../src/createModal'

/** A tab: its own sessionStorage. */
function tab(): Window {
  const items = new Map<string, string>()
  const sessionStorage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) }
  return { sessionStorage } as unknown as Window
}

afterEach(() => sessionStorage.clear())

describe("each tab's event log", () => {
  it('has a key of its own, the same across reloads of the tab; without sessionStorage one plain key', () => {
    const a = tab()
    const b = tab()
    expect(tabLogKey(a)).toMatch(/^eventLog\.[\w-]{8,64}$/)
    expect(tabLogKey(a)).toBe(tabLogKey(a))
    expect(tabLogKey(b)).not.toBe(tabLogKey(a))
    expect(tabLogKey(undefined)).toBe('eventLog')
    const blocked = { get sessionStorage(): Storage { throw new Error('SecurityError') } } as unknown as Window
    expect(tabLogKey(blocked)).toBe('eventLog')
  })

  it("takes over the log of a version that kept one for all tabs, once; another tab then starts without it", async () => {
    const storage = createMemoryStorage()
    const legacy = { version: 1, events: [] }
    await storage.set('eventLog', legacy)
    const first = tabLogKey(tab())
    expect(await readTabLog(storage, first)).toEqual(legacy)
    expect(await storage.get('eventLog')).toBeUndefined()
    expect(await readTabLog(storage, tabLogKey(tab()))).toBeUndefined()
    await storage.set(first, { version: 1, events: [1] })
    expect(await readTabLog(storage, first)).toEqual({ version: 1, events: [1] })
  })

  it('keeps the logs of the most recently started tabs, and none older than the limit', async () => {
    const storage = createMemoryStorage()
    const keys = Array.from({ length: KEPT_TAB_LOGS + 3 }, () => tabLogKey(tab()))
    for (const [i, key] of keys.entries()) {
      await storage.set(key, { n: i })
      await pruneTabLogs(storage, key, 1_000 + i)
    }
    const alive = async () => (await Promise.all(keys.map((k) => storage.get(k)))).map((v) => v !== undefined)
    expect(await alive()).toEqual(keys.map((_, i) => i >= 3))
    // Much later, the starting tab keeps its own log; every other has aged out.
    const last = keys[keys.length - 1] as string
    await pruneTabLogs(storage, keys[5] as string, 1_000 + TAB_LOG_MAX_AGE_MS + 100)
    expect((await alive()).map((on, i) => (on ? i : -1)).filter((i) => i >= 0)).toEqual([5])
    expect(Object.keys((await storage.get(TAB_LOGS_KEY)) as object)).toEqual([keys[5]!.slice('eventLog.'.length)])
    expect(await storage.get(last)).toBeUndefined()
    // A corrupt index is no reason to fail: it is rebuilt.
    await storage.set(TAB_LOGS_KEY, ['junk'])
    await expect(pruneTabLogs(storage, last, 5)).resolves.toBeUndefined()
    expect(await storage.get(TAB_LOGS_KEY)).toEqual({ [last.slice('eventLog.'.length)]: 5 })
  })

  it('a modal in a page writes its tab\'s log and finds it again after a reload', async () => {
    const storage = createMemoryStorage()
    const first = createModal({ projectId: 'p', storage })
    await first.ready
    first.open('Networks')
    await new Promise((r) => setTimeout(r, 400))
    first.destroy()
    const key = tabLogKey(window)
    expect(storedEvents(await storage.get(key)).map((e) => e.type)).toContain('modal/openRequested')
    expect(await storage.get('eventLog')).toBeUndefined()

    const reloaded = createModal({ projectId: 'p', storage })
    await reloaded.ready
    // It starts from the state the page left (the modal open on Networks), without its events;
    // they join the log right after.
    expect(reloaded.timeTravel.log.committedState.router.view).toBe('Networks')
    expect(reloaded.timeTravel.log.events[0]?.type).toBe('session/started')
    await reloaded.timeTravel.whenRestored()
    expect(reloaded.timeTravel.log.events.map((e) => e.type)).toContain('modal/openRequested')
    reloaded.destroy()
  })
})

describe('tabSeenBefore', () => {
  it('tells a tab that had a modal (its id is in sessionStorage) from a new one', async () => {
    const { tabSeenBefore, tabLogKey } = await import('../../../../src/adapters/storage/tabLogs')
    const items = new Map<string, string>()
    const win = { sessionStorage: { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) } } as unknown as Window
    expect(tabSeenBefore(win)).toBe(false)
    tabLogKey(win)
    expect(tabSeenBefore(win)).toBe(true)
    expect(tabSeenBefore(undefined)).toBe(false)
    const broken = { get sessionStorage(): Storage { throw new Error('denied') } } as unknown as Window
    expect(tabSeenBefore(broken)).toBe(false)
  })
})
