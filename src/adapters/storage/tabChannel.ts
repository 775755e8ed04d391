import { Observable } from 'rxjs'
import type { TabChannel } from '../../core/ports.js'

type TabWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  BroadcastChannel?: typeof BroadcastChannel
  localStorage?: globalThis.Storage
}

/**
 * The open tabs of the app in this browser (same origin), on a channel named `name`: a
 * BroadcastChannel, or where there is none, the `storage` event of a localStorage key (written
 * and removed at once). One channel object serves both directions, so a tab never receives what
 * it posts. Undefined where neither exists (a server, a sandboxed frame without storage).
 * Posting never throws (a message the channel cannot clone, a full or refused storage is dropped).
 *
 * @example
 * const tabs = createTabChannel(window, 'gangway:tabs:my-project')
 * tabs?.messages().subscribe((message) => …)
 */
export function createTabChannel(win: TabWindow | undefined, name: string): TabChannel | undefined {
  if (!win) return undefined
  const Channel = win.BroadcastChannel
  if (typeof Channel === 'function') {
    let channel: BroadcastChannel | undefined
    let listening = 0
    const open = (): BroadcastChannel => (channel ??= new Channel(name))
    return {
      post(message) {
        try {
          open().postMessage(message)
        } catch {
          // Not cloneable, or the channel is closed: the other tabs miss this one change.
        }
      },
      messages: () =>
        new Observable<unknown>((subscriber) => {
          const c = open()
          const listener = (event: MessageEvent) => subscriber.next(event.data)
          c.addEventListener('message', listener)
          listening++
          return () => {
            c.removeEventListener('message', listener)
            if (--listening === 0 && channel === c) {
              c.close()
              channel = undefined
            }
          }
        }),
    }
  }
  let storage: globalThis.Storage | undefined
  try {
    storage = win.localStorage
  } catch {
    // Storage refused (privacy settings): no channel.
  }
  if (!storage) return undefined
  const store = storage
  let sent = 0
  return {
    post(message) {
      try {
        // A new value each time (the event fires on a change only), removed at once.
        store.setItem(name, JSON.stringify({ message, n: `${Date.now()}:${++sent}:${Math.random()}` }))
        store.removeItem(name)
      } catch {
        // Full, refused, or not JSON: the other tabs miss this one change.
      }
    },
    messages: () =>
      new Observable<unknown>((subscriber) => {
        const listener = (event: StorageEvent) => {
          if (event.key !== name || !event.newValue) return
          try {
            subscriber.next((JSON.parse(event.newValue) as { message?: unknown }).message)
          } catch {
            // Not ours, or written by something else: ignored.
          }
        }
        win.addEventListener('storage', listener as EventListener)
        return () => win.removeEventListener('storage', listener as EventListener)
      }),
  }
}
