import { Subject } from 'rxjs'
import type { TabChannel } from '../../src/core/ports'

/**
 * Open tabs of one origin in memory: each `tab()` is a TabChannel whose posts reach every other
 * tab (a structured clone, in a task of its own, as BroadcastChannel delivers), never itself.
 * `posted` records every post; `deliver` hands any value to every tab, as a malformed or foreign
 * message would arrive.
 *
 * @example
 * const hub = createTabHub()
 * const a = await createTestModal({ tabSync: hub.tab() }, kv)
 */
export function createTabHub() {
  const inboxes: Subject<unknown>[] = []
  const posted: unknown[] = []
  const later = (run: () => void) => setTimeout(run, 0)
  return {
    posted,
    tab(): TabChannel {
      const inbox = new Subject<unknown>()
      inboxes.push(inbox)
      return {
        post(message) {
          posted.push(message)
          const copy = structuredClone(message)
          for (const other of inboxes) if (other !== inbox) later(() => other.next(structuredClone(copy)))
        },
        messages: () => inbox.asObservable(),
      }
    },
    /** Hands `message` to every tab as it is (no clone), at once. */
    deliver(message: unknown) {
      for (const inbox of inboxes) inbox.next(message)
    },
  }
}
