import { STORAGE_KEYS } from '../../core/durable.js'
import type { Storage } from '../../core/ports.js'

/** Where a tab keeps the id its event log is stored under (sessionStorage: one per tab, kept across reloads). */
const TAB_ID_KEY = 'gangway:tab'
/** The tabs with a stored log and when each last started: `{ [tabId]: ms }`. */
export const TAB_LOGS_KEY = `${STORAGE_KEYS.log}.tabs`
/** How many tabs' logs are kept (the most recently started), and for how long at most. */
export const KEPT_TAB_LOGS = 8
export const TAB_LOG_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000

/**
 * Whether this tab had a modal before (a reload, or back to the page): its id is in sessionStorage.
 * A synchronous sign of a returning visitor, before any storage read.
 */
export function tabSeenBefore(win: Window | undefined): boolean {
  try {
    return !!win?.sessionStorage?.getItem(TAB_ID_KEY)
  } catch {
    return false
  }
}

/**
 * The storage key of this tab's event log: each tab keeps its own, so two tabs of one app do not
 * write over each other's session; a reload of the tab finds its log again. Without
 * sessionStorage (a server, a worker, storage disabled) there is one log, under the plain key.
 */
export function tabLogKey(win: Window | undefined): string {
  try {
    const session = win?.sessionStorage
    if (!session) return STORAGE_KEYS.log
    let id = session.getItem(TAB_ID_KEY)
    if (!id || !/^[\w-]{8,64}$/.test(id)) {
      id = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
      session.setItem(TAB_ID_KEY, id)
    }
    return `${STORAGE_KEYS.log}.${id}`
  } catch {
    return STORAGE_KEYS.log
  }
}

/**
 * Reads this tab's stored log. A tab that has none yet takes over the log of a version that kept
 * one for all tabs (moved: the old key is removed), so an update loses no session. The removal
 * does not hold up the read: a delete that never settles must not keep the modal from starting.
 */
export async function readTabLog(storage: Storage, key: string): Promise<unknown> {
  const own = await storage.get<unknown>(key)
  if (own !== undefined || key === STORAGE_KEYS.log) return own
  const shared = await storage.get<unknown>(STORAGE_KEYS.log)
  if (shared !== undefined) forget(() => storage.del(STORAGE_KEYS.log))
  return shared
}

/** Starts a write now (so it is ordered before later ones) without waiting for it or its failure. */
function forget(write: () => Promise<void>): void {
  try {
    write().catch(() => undefined)
  } catch {
    // A port that throws instead of rejecting: the write did not happen, as with a rejection.
  }
}

/**
 * Notes that this tab's log is in use and removes the logs of tabs gone for good: beyond the
 * KEPT_TAB_LOGS most recently started, or not started for TAB_LOG_MAX_AGE_MS. Failures leave
 * things as they were (a later start prunes again).
 */
export async function pruneTabLogs(storage: Storage, key: string, now: number): Promise<void> {
  if (key === STORAGE_KEYS.log) return
  const id = key.slice(STORAGE_KEYS.log.length + 1)
  const stored = await storage.get<unknown>(TAB_LOGS_KEY)
  const tabs: Record<string, number> = {}
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [tab, at] of Object.entries(stored)) if (typeof at === 'number' && Number.isFinite(at) && tab !== '__proto__') tabs[tab] = at
  }
  tabs[id] = now
  const newestFirst = Object.entries(tabs).sort((a, b) => b[1] - a[1])
  const kept = newestFirst.filter(([tab, at], i) => tab === id || (i < KEPT_TAB_LOGS && now - at <= TAB_LOG_MAX_AGE_MS))
  const gone = newestFirst.filter(([tab]) => !kept.some(([k]) => k === tab))
  await storage.set(TAB_LOGS_KEY, Object.fromEntries(kept))
  await Promise.all(gone.map(([tab]) => storage.del(`${STORAGE_KEYS.log}.${tab}`).catch(() => undefined)))
}
