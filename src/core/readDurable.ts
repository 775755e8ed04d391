import { RECENT_WALLETS_MAX } from './domain/constants.js'
import { isCaipNetworkId } from './domain/caip.js'
import { isPlainObject, plainDataProblem, type Schema } from './events/schema.js'
import { recentWalletSchema, storageFailed, storageHydrated, storedCallsSchema, storedPermissionsSchema } from './events/persistence/storage.js'
import type { EventInput } from './events/defineEvent.js'
import { serializeError } from './errors/base.js'
import { NAMESPACES } from './events/views.js'
import type { DurableState } from './state.js'
import { sameData } from './storedLog.js'
import type { RecentWallet, WalletMemory } from './reducers/connection/walletState.js'

/** How many dropped paths a report names (the rest are counted). */
const REPORTED_PATHS = 10

/**
 * The events a session starts with after reading the stored durable state: what is valid in one
 * `storage/hydrated`, after one `storage/failed` (operation 'hydrate') naming what was dropped.
 * A read that failed is reported (operation 'read') and hydrates nothing. `keep` may lay the
 * session's own parts over what was read (see lateHydrationEvents).
 *
 * @example
 * hydrationEvents({ value: await storage.get('durable') }) // [storageHydrated({ preferences: … })]
 */
export function hydrationEvents(read: { value: unknown } | { error: unknown }, keep: (stored: Partial<DurableState>) => Partial<DurableState> = (stored) => stored): EventInput[] {
  if ('error' in read) return [storageFailed({ operation: 'read', error: serializeError(read.error) }), storageHydrated({})]
  const { durable, dropped } = readDurable(read.value)
  const kept = keep(durable)
  // Defensive: the session's own parts go in only as the event's schema takes them.
  const hydrated = storageHydrated(kept === durable || storageHydrated.schema.check(kept, 'durable') === null ? kept : durable)
  if (dropped.length === 0) return [hydrated]
  const named = dropped.slice(0, REPORTED_PATHS).join(', ')
  const more = dropped.length > REPORTED_PATHS ? ` and ${dropped.length - REPORTED_PATHS} more` : ''
  const error = { name: 'InvalidInputError', shortMessage: 'Invalid stored data', details: `dropped ${named}${more}` }
  return [storageFailed({ operation: 'hydrate', error }), hydrated]
}

/** The durable parts a late read may bring, beside the preferences (kept field by field). */
const DURABLE_PARTS = ['siwx', 'wallets', 'embeddedWallet', 'calls', 'permissions', 'network'] as const

/**
 * The events that take in a durable read which settled only after the session had started
 * without it (it gave up, then the storage answered after all): what was stored, except what the
 * session changed since it started (`since`: its durable state then, `now`: its durable state
 * now), which stays as the visitor left it. The theme and the account types count apart.
 *
 * @example
 * lateHydrationEvents(await storage.late('durable'), since, selectDurable(store.getState()))
 * // [storageHydrated({ preferences: { themeMode: 'dark' … }, wallets: … })]
 */
export function lateHydrationEvents(value: unknown, since: DurableState, now: DurableState): EventInput[] {
  return hydrationEvents({ value }, (stored) => {
    const out: Partial<DurableState> = { ...stored }
    const changed = <K extends keyof DurableState['preferences']>(key: K) => !sameData(since.preferences[key], now.preferences[key])
    const preferences: Partial<DurableState['preferences']> = { ...stored.preferences }
    if (changed('themeMode')) preferences.themeMode = now.preferences.themeMode
    if (changed('preferredAccountType')) preferences.preferredAccountType = now.preferences.preferredAccountType
    if (stored.preferences || changed('themeMode') || changed('preferredAccountType')) out.preferences = preferences as DurableState['preferences']
    for (const part of DURABLE_PARTS) {
      if (sameData(since[part], now[part])) continue
      if (now[part] === undefined) delete out[part]
      else (out as Record<string, unknown>)[part] = now[part]
    }
    return out
  })
}

/** What could be read from a stored durable value, and the paths of what was dropped. */
export type DurableReading = { durable: Partial<DurableState>; dropped: string[] }

/**
 * Reads a stored durable value (anything IndexedDB can hold: NaN, Dates, Maps, cycles, junk)
 * field by field and keeps only what is valid: an invalid theme does not cost the sign-in
 * sessions, a malformed recent wallet does not cost the others. The result always fits
 * `storage/hydrated`'s schema.
 *
 * @example
 * readDurable({ preferences: { themeMode: 'dark', extra: NaN } })
 * // { durable: { preferences: { themeMode: 'dark' } }, dropped: ['preferences.extra'] }
 */
export function readDurable(raw: unknown): DurableReading {
  const dropped: string[] = []
  const durable: Partial<DurableState> = {}
  if (raw === undefined || raw === null) return { durable, dropped }
  if (!isPlainObject(raw)) return { durable, dropped: ['durable'] }
  for (const key of Object.keys(raw)) if (key !== 'preferences' && key !== 'siwx' && key !== 'wallets' && key !== 'embeddedWallet' && key !== 'calls' && key !== 'permissions' && key !== 'network') dropped.push(key)

  if (raw.preferences !== undefined) {
    const p = raw.preferences
    if (!isPlainObject(p)) dropped.push('preferences')
    else {
      const out: { themeMode?: 'light' | 'dark'; preferredAccountType?: Record<string, 'eoa' | 'smartAccount'> } = {}
      for (const key of Object.keys(p)) if (key !== 'themeMode' && key !== 'preferredAccountType') dropped.push(`preferences.${key}`)
      if (p.themeMode === 'light' || p.themeMode === 'dark') out.themeMode = p.themeMode
      else if (p.themeMode !== undefined) dropped.push('preferences.themeMode')
      if (isPlainObject(p.preferredAccountType)) {
        const types: Record<string, 'eoa' | 'smartAccount'> = {}
        for (const [ns, type] of Object.entries(p.preferredAccountType)) {
          if (isNamespace(ns) && (type === 'eoa' || type === 'smartAccount')) types[ns] = type
          else dropped.push(`preferences.preferredAccountType.${ns}`)
        }
        out.preferredAccountType = types
      } else if (p.preferredAccountType !== undefined) dropped.push('preferences.preferredAccountType')
      durable.preferences = out as DurableState['preferences']
    }
  }

  if (raw.siwx !== undefined) {
    const s = raw.siwx
    if (!isPlainObject(s) || !isPlainObject(s.sessions)) dropped.push('siwx')
    else {
      for (const key of Object.keys(s)) if (key !== 'sessions') dropped.push(`siwx.${key}`)
      const sessions: Record<string, unknown> = {}
      for (const [address, session] of Object.entries(s.sessions)) {
        if (address !== '__proto__' && isPlainObject(session) && plainDataProblem(session, 'session') === null) sessions[address] = copy(session)
        else dropped.push(`siwx.sessions.${address}`)
      }
      durable.siwx = { sessions }
    }
  }

  if (raw.wallets !== undefined) {
    const w = raw.wallets
    if (!isPlainObject(w)) dropped.push('wallets')
    else {
      for (const key of Object.keys(w)) if (key !== 'recent' && key !== 'connected') dropped.push(`wallets.${key}`)
      const recent: RecentWallet[] = []
      if (Array.isArray(w.recent)) {
        w.recent.forEach((r, i) => {
          if (recentWalletSchema.check(r, 'r') === null && recent.length < RECENT_WALLETS_MAX) recent.push(copy(r) as RecentWallet)
          else dropped.push(`wallets.recent[${i}]`)
        })
      } else if (w.recent !== undefined) dropped.push('wallets.recent')
      const connected: WalletMemory['connected'] = {}
      if (isPlainObject(w.connected)) {
        for (const [ns, ids] of Object.entries(w.connected)) {
          if (!isNamespace(ns) || !Array.isArray(ids)) {
            dropped.push(`wallets.connected.${ns}`)
            continue
          }
          const kept = ids.filter((id): id is string => typeof id === 'string')
          if (kept.length !== ids.length) dropped.push(`wallets.connected.${ns}`)
          connected[ns] = kept
        }
      } else if (w.connected !== undefined) dropped.push('wallets.connected')
      durable.wallets = { recent, connected }
    }
  }
  if (raw.embeddedWallet !== undefined) {
    const e = raw.embeddedWallet
    if (!isPlainObject(e)) dropped.push('embeddedWallet')
    else {
      const out: NonNullable<DurableState['embeddedWallet']> = {}
      for (const key of Object.keys(e)) {
        const value = e[key]
        if ((key === 'email' || key === 'username' || key === 'sessionToken') && (value === null || (typeof value === 'string' && value.length <= 4096))) out[key] = value
        else if (key === 'lastEmailLoginAt' && (value === null || (typeof value === 'number' && Number.isFinite(value)))) out.lastEmailLoginAt = value
        else dropped.push(`embeddedWallet.${key}`)
      }
      durable.embeddedWallet = out
    }
  }
  if (raw.calls !== undefined) {
    const batches = readRecords(raw.calls, 'calls', 'batches', storedCallsSchema, dropped)
    if (batches) durable.calls = { batches: batches as NonNullable<DurableState['calls']>['batches'] }
  }
  if (raw.permissions !== undefined) {
    const grants = readRecords(raw.permissions, 'permissions', 'grants', storedPermissionsSchema, dropped)
    if (grants) durable.permissions = { grants: grants as NonNullable<DurableState['permissions']>['grants'] }
  }
  if (raw.network !== undefined) {
    const n = raw.network
    // Which networks the host lists is the reducer's to judge; here only the shape (CAIP-2).
    if (isPlainObject(n) && isCaipNetworkId(n.lastUsed)) {
      for (const key of Object.keys(n)) if (key !== 'lastUsed') dropped.push(`network.${key}`)
      durable.network = { lastUsed: n.lastUsed }
    } else dropped.push('network')
  }
  // Defensive: what is handed on must fit the event's schema, whatever slipped through above.
  const problem = storageHydrated.schema.check(durable, 'durable')
  if (problem) return { durable: {}, dropped: [...dropped, problem] }
  return { durable, dropped }
}

/**
 * A stored list of records (`{ [list]: [...] }`, batches or grants) read one by one: a malformed
 * record is dropped and named, the others kept (copied). Null when nothing is kept.
 */
function readRecords(raw: unknown, key: string, list: string, schema: Schema<unknown>, dropped: string[]): unknown[] | null {
  const records = isPlainObject(raw) && Array.isArray(raw[list]) ? (raw[list] as unknown[]) : null
  if (!records) {
    dropped.push(key)
    return null
  }
  const kept = records.filter((r, i) => (plainDataProblem(r, 'r') === null && schema.check({ [list]: [r] }, key) === null) || void dropped.push(`${key}.${list}[${i}]`))
  return kept.length > 0 ? copy(kept) : null
}

function isNamespace(ns: string): ns is (typeof NAMESPACES)[number] {
  return (NAMESPACES as readonly string[]).includes(ns)
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}
