import type { StampedEvent } from './events/defineEvent.js'
import { isPlainObject } from './events/schema.js'

/**
 * The event log as a page stores it for its next load. Beside what an export carries it keeps
 * the present state (the state after the last event) and the last seq, so a reload starts from
 * that state at once; the events come as one JSON string, which storage reads back in one piece
 * and which is parsed, checked and replayed only after the modal is ready (they are the history
 * the devtools travel through). Secrets are redacted, as in an export.
 */
export type StoredLogRecord<S> = {
  version: 2
  committedState: S
  /** The state after the last event (skipped events pass the state through). */
  presentState: S
  /** The seq of the last event (0 without events): the next session goes on from it. */
  lastSeq: number
  /** The events, as a JSON array. */
  events: string
  skipped: number[]
}

/** A stored record whose envelope is that of a version-2 log (the rest is checked by who reads it). */
export function isStoredLogRecord(value: unknown): value is { version: 2; presentState: unknown; committedState: unknown; lastSeq: unknown; events: unknown; skipped: unknown } {
  return isPlainObject(value) && value.version === 2
}

/**
 * A stored record's history in the exported form (version 1) the import checks take: its
 * events parsed. Throws a SyntaxError if they are not JSON.
 */
export function historyOf(record: { committedState: unknown; events: string; skipped: unknown }): unknown {
  return { version: 1, committedState: record.committedState, events: JSON.parse(record.events) as unknown, skipped: record.skipped }
}

/** Serialises events into a stored record's `events`, each from its own cached JSON. */
export function joinEventJson(events: readonly StampedEvent[], json: (event: StampedEvent) => string): string {
  let out = '['
  for (let i = 0; i < events.length; i++) out += (i === 0 ? '' : ',') + json(events[i] as StampedEvent)
  return `${out}]`
}

/**
 * Whether two JSON-like values hold the same data: the same keys (in any order; a key whose
 * value is undefined counts as absent, as in JSON), the same array items, the same primitives.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false
    return true
  }
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  let defined = 0
  for (const key of Object.keys(x)) {
    if (x[key] === undefined) continue
    defined++
    if (!Object.prototype.hasOwnProperty.call(y, key) || !sameData(x[key], y[key])) return false
  }
  for (const key of Object.keys(y)) if (y[key] !== undefined) defined--
  return defined === 0
}
