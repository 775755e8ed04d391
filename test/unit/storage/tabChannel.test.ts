import { firstValueFrom, take, toArray } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { createTabChannel } from '../../../src/adapters/storage/tabChannel'

/** A window of one tab: an event target with the given BroadcastChannel and localStorage. */
function tabWindow(parts: { BroadcastChannel?: typeof BroadcastChannel; localStorage?: Storage }) {
  const target = new EventTarget()
  return Object.assign(target, parts) as unknown as Window
}

/** A localStorage that records what was written, and in what order. */
function recordingStorage() {
  const writes: string[] = []
  const data = new Map<string, string>()
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void (writes.push(`set ${k}`), data.set(k, v)),
    removeItem: (k: string) => void (writes.push(`remove ${k}`), data.delete(k)),
  } as unknown as Storage
  return { storage, writes, last: () => [...data.values()] }
}

describe('createTabChannel', () => {
  it('over BroadcastChannel: what one tab posts reaches the other, never itself', async () => {
    const a = createTabChannel(tabWindow({ BroadcastChannel }), 'gangway:tabs:test')!
    const b = createTabChannel(tabWindow({ BroadcastChannel }), 'gangway:tabs:test')!
    const other = createTabChannel(tabWindow({ BroadcastChannel }), 'gangway:tabs:another-project')!
    const atB = firstValueFrom(b.messages().pipe(take(2), toArray()))
    const atA: unknown[] = []
    const atOther: unknown[] = []
    const subA = a.messages().subscribe((m) => atA.push(m))
    const subOther = other.messages().subscribe((m) => atOther.push(m))
    a.post({ n: 1 })
    a.post({ n: 2 })
    expect(await atB).toEqual([{ n: 1 }, { n: 2 }])
    await new Promise((r) => setTimeout(r, 20))
    expect(atA).toEqual([])
    expect(atOther).toEqual([])
    subA.unsubscribe()
    subOther.unsubscribe()
  })

  it('a message the channel cannot clone is dropped without throwing', () => {
    const a = createTabChannel(tabWindow({ BroadcastChannel }), 'gangway:tabs:clone')!
    const sub = a.messages().subscribe()
    expect(() => a.post({ f: () => 1 })).not.toThrow()
    sub.unsubscribe()
  })

  it('without BroadcastChannel: a localStorage key written and removed at once, read from the other tab’s storage event', () => {
    const { storage, writes, last } = recordingStorage()
    const a = createTabChannel(tabWindow({ localStorage: storage }), 'gangway:tabs:test')!
    const bWindow = tabWindow({ localStorage: storage })
    const b = createTabChannel(bWindow, 'gangway:tabs:test')!
    const received: unknown[] = []
    const sub = b.messages().subscribe((m) => received.push(m))
    let written = ''
    ;(storage as { setItem: (k: string, v: string) => void }).setItem = ((set) => (k: string, v: string) => {
      written = v
      set(k, v)
    })(storage.setItem.bind(storage))
    a.post({ n: 1 })
    expect(writes).toEqual(['set gangway:tabs:test', 'remove gangway:tabs:test'])
    expect(last()).toEqual([])
    // The browser tells the other tabs of the write (never the tab that wrote).
    const storageEvent = (key: string | null, newValue: string | null) => Object.assign(new Event('storage'), { key, newValue })
    bWindow.dispatchEvent(storageEvent('gangway:tabs:test', written))
    // Its removal, another key, and something not JSON are ignored.
    bWindow.dispatchEvent(storageEvent('gangway:tabs:test', null))
    bWindow.dispatchEvent(storageEvent('other', written))
    bWindow.dispatchEvent(storageEvent('gangway:tabs:test', '{not json'))
    expect(received).toEqual([{ n: 1 }])
    sub.unsubscribe()
    bWindow.dispatchEvent(storageEvent('gangway:tabs:test', written))
    expect(received).toHaveLength(1)
  })

  it('a storage that refuses writes drops the message; no window, or neither way, is no channel', () => {
    const refusing = { setItem: () => { throw new Error('QuotaExceededError') }, removeItem: () => undefined } as unknown as Storage
    expect(() => createTabChannel(tabWindow({ localStorage: refusing }), 'x')!.post({ n: 1 })).not.toThrow()
    expect(createTabChannel(undefined, 'x')).toBeUndefined()
    expect(createTabChannel(tabWindow({}), 'x')).toBeUndefined()
  })
})
