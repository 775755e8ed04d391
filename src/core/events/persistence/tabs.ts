import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, isPlainObject, json, nullable, object, optional, readPlainData, record, string, type Infer } from '../schema.js'
import { NAMESPACES, namespaceSchema } from '../views.js'
import { isCaipNetworkId } from '../../domain/caip.js'
import { storedPreferencesSchema } from './storage.js'

/**
 * What another open tab of the app changed in the durable state, as it tells it: its
 * preferences (as they are now), the network it used last and the network it chose in a
 * namespace (CAIP-2, by namespace), the wallets it connected or
 * disconnected, and the sign-in sessions it stored (a session) or ended (null), by CAIP-10
 * address. Each part only when it changed.
 */
export const tabChangesSchema = object({
  preferences: optional(storedPreferencesSchema),
  network: optional(object({ lastUsed: optional(string()), selected: optional(record(string())) })),
  connections: optional(array(object({ namespace: namespaceSchema, connectorId: string(), connected: boolean() }))),
  siwx: optional(record(nullable(json()))),
})

export type TabChanges = Infer<typeof tabChangesSchema>

/**
 * Another open tab changed the durable state: this tab takes the change in (preferences and
 * sign-in sessions by its reducers; connections and the network through the events that follow
 * with its requestId, which its creator mints). Never posted back to the other tabs.
 */
export const tabsChanged = defineIntent('tabs/changed', tabChangesSchema)

/** The message a tab posts to the others. */
export const TAB_MESSAGE_TYPE = 'gangway/tabs'
/** Its version: a message of another version (a tab of an older or newer build) is ignored. */
export const TAB_MESSAGE_VERSION = 1
/** The largest message taken in (its JSON length); a sign-in session is a few hundred bytes. */
export const TAB_MESSAGE_MAX_CHARS = 65_536
/** At most this many connections and sign-in sessions in one message. */
const MAX_ENTRIES = 64

/**
 * When a change was made and by which tab (an id the tab drew at random). `at` is a hybrid
 * logical time: the change's event time, raised past every stamp the tab made or received
 * before, so a change made after seeing another is always later than it, whatever the clocks
 * say. Of two changes to one part made at once in two tabs, the later wins in both, the tab id
 * deciding a tie.
 */
export type TabStamp = { at: number; tab: string }

export type TabMessage = { type: typeof TAB_MESSAGE_TYPE; v: typeof TAB_MESSAGE_VERSION; changes: TabChanges } & Partial<TabStamp>

/** The message that tells the other tabs of `changes`, made at `stamp`. */
export function tabMessage(changes: TabChanges, stamp?: TabStamp): TabMessage {
  return { type: TAB_MESSAGE_TYPE, v: TAB_MESSAGE_VERSION, changes, ...stamp }
}

/** The stamp of a message (see TabStamp), or null when it has none or a malformed one. */
export function readTabStamp(raw: unknown): TabStamp | null {
  try {
    if (!isPlainObject(raw)) return null
    const { at, tab } = raw
    return typeof at === 'number' && Number.isFinite(at) && typeof tab === 'string' && tab.length > 0 && tab.length <= 64 ? { at, tab } : null
  } catch {
    return null
  }
}

/** Whether a change stamped `a` comes after one stamped `b` (later, or at once from a greater tab id). */
export function isLaterStamp(a: TabStamp, b: TabStamp): boolean {
  return a.at > b.at || (a.at === b.at && a.tab > b.tab)
}

/**
 * The changes a message from another tab carries (a copy), or null when it is not one this
 * version reads: of another type or version, not plain data, too large, or with a malformed part
 * (a network that is no CAIP-2 id, an empty connector id, a session that is no object, nothing
 * changed). Nothing of a bad message is used.
 *
 * @example
 * readTabMessage({ type: 'gangway/tabs', v: 1, changes: { network: { lastUsed: 'eip155:10' } } })
 * // { network: { lastUsed: 'eip155:10' } }
 */
export function readTabMessage(raw: unknown): TabChanges | null {
  try {
    if (!isPlainObject(raw) || raw.type !== TAB_MESSAGE_TYPE || raw.v !== TAB_MESSAGE_VERSION) return null
    // A detached copy of plain data: what is checked below is what is used.
    const read = readPlainData(raw.changes, 'changes', { copy: true })
    if (typeof read === 'string' || read.size > TAB_MESSAGE_MAX_CHARS) return null
    if (tabChangesSchema.check(read.value, 'changes') !== null) return null
    const c = read.value as TabChanges
    if (Object.keys(c).length === 0) return null
    if (c.network) {
      const { lastUsed, selected } = c.network
      if (lastUsed === undefined && selected === undefined) return null
      if (lastUsed !== undefined && !isCaipNetworkId(lastUsed)) return null
      // A network chosen in a namespace is one of that namespace.
      if (selected && Object.entries(selected).some(([ns, id]) => !(NAMESPACES as readonly string[]).includes(ns) || !isCaipNetworkId(id) || !id.startsWith(`${ns}:`))) return null
    }
    if (c.connections && (c.connections.length === 0 || c.connections.length > MAX_ENTRIES || c.connections.some((x) => x.connectorId.length === 0 || x.connectorId.length > 256))) return null
    if (c.siwx) {
      const entries = Object.entries(c.siwx)
      if (entries.length === 0 || entries.length > MAX_ENTRIES || entries.some(([address, session]) => address.length === 0 || address.length > 256 || (session !== null && !isPlainObject(session)))) return null
    }
    return c
  } catch {
    // A getter that throws, a value JSON cannot write: not a message of ours.
    return null
  }
}
