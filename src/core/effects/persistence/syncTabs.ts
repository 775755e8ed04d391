import { EMPTY, filter, ignoreElements, map, merge, switchMap, take, tap } from 'rxjs'
import { connectionSucceeded } from '../../events/connection/connection.js'
import { reconnectFinished } from '../../events/connection/connectionLifecycle.js'
import type { StampedEvent } from '../../events/defineEvent.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { isLaterStamp, readTabMessage, readTabStamp, tabMessage, tabsChanged, type TabChanges, type TabStamp } from '../../events/persistence/tabs.js'
import { isCurrentRequest, namesRequest } from '../../events/requestLifecycle.js'
import { sessionStarted } from '../../events/modal/session.js'
import type { CoreDeps } from '../../ports.js'
import type { ModalState } from '../../state.js'
import { tabChanges } from '../../tabChanges.js'
import type { Effect } from '../runtime/runEffects.js'
import { ofType } from '../runtime/ofType.js'
import { sendSafely } from '../runtime/sendSafely.js'

/** How many changes from other tabs are remembered, to tell the events that follow them. */
const REMEMBERED = 64

/**
 * Keeps the open tabs of the app in agreement (connections, network, sign-in sessions,
 * preferences), once this tab has its durable state:
 * - a change this tab made is posted to the others (`deps.tabs`) as what changed;
 * - a change another tab posted arrives as `tabs/changed` in this tab's own log (its reducers
 *   apply it, `followOtherTabs` connects, disconnects or switches the wallet to match), so the
 *   log replays to what the tab shows.
 * What another tab's change brings about here (`tabs/changed` and the events that carry its
 * requestId), a hydration and a reload's reconnect are posted to nobody: two tabs never echo.
 * A malformed message is ignored.
 */
export const syncTabs: Effect<CoreDeps> = (event$, state$, deps) => {
  const tabs = deps.tabs
  if (!tabs) return EMPTY
  return event$.pipe(
    ofType(storageHydrated),
    take(1),
    switchMap(() => {
      const remote: string[] = []
      // This tab's id, and the stamp of the latest change to each part that two tabs may change
      // at once (the later wins in both: see TabStamp).
      const me = Math.random().toString(36).slice(2, 12) || 'tab'
      const latest = new Map<Part, TabStamp>()
      let time = 0
      const outgoing = event$.pipe(
        tap((e) => {
          if (tabsChanged.match(e) && namesRequest(e)) {
            remote.push(e.requestId)
            if (remote.length > REMEMBERED) remote.shift()
          }
        }),
        filter((e) => !fromElsewhere(e, state$.previous, remote)),
        tap((e) => {
          const changes = tabChanges(state$.previous, state$.value, e)
          if (changes === null) return
          time = Math.max(time + 1, e.at)
          const stamp = { at: time, tab: me }
          for (const part of partsOf(changes)) latest.set(part, stamp)
          sendSafely(() => tabs.post(tabMessage(changes, stamp)))
        }),
        ignoreElements(),
      )
      const incoming = tabs.messages().pipe(
        map((message) => {
          const changes = readTabMessage(message)
          const stamp = readTabStamp(message)
          if (!changes || !stamp) return changes
          time = Math.max(time, stamp.at)
          return newest(changes, stamp, latest)
        }),
        filter((changes) => changes !== null),
        map((changes) => tabsChanged(changes)),
      )
      return merge(outgoing, incoming)
    }),
  )
}

/** The parts of the state two tabs may change at once, settled by the later change. */
type Part = 'themeMode' | 'preferredAccountType' | 'network'

function partsOf(changes: TabChanges): Part[] {
  const parts: Part[] = []
  if (changes.preferences?.themeMode !== undefined) parts.push('themeMode')
  if (changes.preferences?.preferredAccountType !== undefined) parts.push('preferredAccountType')
  if (changes.network !== undefined) parts.push('network')
  return parts
}

/**
 * Another tab's changes without the parts this tab changed later (two changes made at once:
 * both tabs keep the later one); the parts kept are now the latest. Null when nothing is left.
 */
function newest(changes: TabChanges, stamp: TabStamp, latest: Map<Part, TabStamp>): TabChanges | null {
  const out: TabChanges = { ...changes }
  if (changes.preferences) out.preferences = { ...changes.preferences }
  for (const part of partsOf(changes)) {
    const mine = latest.get(part)
    if (mine && !isLaterStamp(stamp, mine)) {
      if (part === 'network') delete out.network
      else delete out.preferences![part]
    } else latest.set(part, stamp)
  }
  if (out.preferences && Object.keys(out.preferences).length === 0) delete out.preferences
  return Object.keys(out).length > 0 ? out : null
}

/**
 * Whether an event's changes are not this tab's visitor's doing: another tab's change and what
 * follows it, a hydration or a new session (what storage holds), a reload's reconnect.
 */
function fromElsewhere(e: StampedEvent, prev: ModalState, remote: readonly string[]): boolean {
  if (e.type === tabsChanged.type || e.type === storageHydrated.type || e.type === sessionStarted.type) return true
  if (namesRequest(e) && remote.some((id) => isCurrentRequest(id, e))) return true
  if (connectionSucceeded.match(e) || reconnectFinished.match(e)) {
    const run = prev.wallets.reconnect[(e.payload as { namespace: keyof ModalState['wallets']['reconnect'] }).namespace]
    return run !== undefined && isCurrentRequest(run, e)
  }
  return false
}
