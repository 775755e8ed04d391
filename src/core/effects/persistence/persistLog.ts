import { auditTime, combineLatest, from, map, Observable, type Subscription } from 'rxjs'
import { STORAGE_KEYS } from '../../durable.js'
import type { EventInput } from '../../events/defineEvent.js'
import { storageFailed } from '../../events/persistence/storage.js'
import { serializeError } from '../../errors/base.js'
import type { CoreDeps, Storage } from '../../ports.js'
import type { Effect } from '../runtime/runEffects.js'

export type LogDeps = CoreDeps & {
  /**
   * The log as it should be persisted (bounded by the store, secrets already redacted), and the
   * key it is stored under (default `eventLog`; a page keeps one per tab).
   */
  eventLog: {
    snapshot(): unknown
    key?: string
    /**
     * Resolves once a reload's stored history has joined the log (or was set aside): the log is
     * not written before, so a write cannot store this session's events without that history.
     */
    restored?(): Promise<void>
  }
}

/** Batches writes of the event log: at most one per LOG_WRITE_MS while events flow. */
export const LOG_WRITE_MS = 300
/** After a failed write, the next try waits this long, doubling per failure up to the maximum. */
export const STORAGE_RETRY_MS = 1_000
export const STORAGE_RETRY_MAX_MS = 60_000

// One failure streak per storage, shared by every writer: the first failure of a streak is
// reported, the rest are retried quietly until a write succeeds again.
const streaks = new WeakMap<Storage, { failing: boolean }>()

function streakOf(storage: Storage): { failing: boolean } {
  let streak = streaks.get(storage)
  if (!streak) streaks.set(storage, (streak = { failing: false }))
  return streak
}

/**
 * Writes the latest value under `key` each time `values$` offers one, one write at a time.
 * A failure is reported once per streak (`storage/failed`), then the latest value is retried
 * after STORAGE_RETRY_MS, doubling up to STORAGE_RETRY_MAX_MS; a success resets both. Offers
 * that arrive while a write or a retry is pending are folded into it, so a storage that keeps
 * failing costs one quiet write per backoff step, not one event per offer.
 */
export function persistLatest(deps: CoreDeps, key: string, values$: Observable<() => unknown>): Observable<EventInput> {
  return new Observable<EventInput>((subscriber) => {
    const streak = streakOf(deps.storage)
    let latest: (() => unknown) | undefined
    let writing = false
    let dirty = false
    let retry: Subscription | undefined
    let delay = STORAGE_RETRY_MS
    let closed = false

    const write = (): void => {
      if (closed || !latest) return
      if (writing || retry) {
        dirty = true
        return
      }
      writing = true
      dirty = false
      let done: Promise<void>
      try {
        done = Promise.resolve(deps.storage.set(key, latest()))
      } catch (error) {
        done = Promise.reject(error)
      }
      done.then(
        () => {
          writing = false
          delay = STORAGE_RETRY_MS
          streak.failing = false
          if (dirty) write()
        },
        (error: unknown) => {
          writing = false
          if (closed) return
          if (!streak.failing) {
            streak.failing = true
            subscriber.next(storageFailed({ operation: 'write', error: serializeError(error) }))
          }
          retry = deps.scheduler.schedule(() => {
            retry = undefined
            write()
          }, delay)
          delay = Math.min(delay * 2, STORAGE_RETRY_MAX_MS)
        },
      )
    }

    const sub = values$.subscribe({
      next: (value) => {
        latest = value
        write()
      },
      error: (error: unknown) => subscriber.error(error),
    })
    return () => {
      closed = true
      sub.unsubscribe()
      retry?.unsubscribe()
    }
  })
}

/** Keeps the event log in storage so a reload (or a bug report) still has the session. */
export const persistLog: Effect<LogDeps> = (event$, _state$, deps) => {
  const restored = deps.eventLog.restored?.()
  const writes$ = event$.pipe(auditTime(LOG_WRITE_MS, deps.scheduler))
  // Offers made before a reload's history joined fold into one, made when it has.
  const offers$: Observable<unknown> = restored ? combineLatest([writes$, from(restored)]) : writes$
  return persistLatest(
    deps,
    deps.eventLog.key ?? STORAGE_KEYS.log,
    offers$.pipe(map(() => () => deps.eventLog.snapshot())),
  )
}
