import type { StampedEvent } from '../../src/core/events/defineEvent'

/** The events of a stored log record: parsed from a stored record's JSON, or as an exported log holds them. */
export function storedEvents(record: unknown): StampedEvent[] {
  const events = (record as { events?: unknown } | undefined)?.events
  if (typeof events === 'string') return JSON.parse(events) as StampedEvent[]
  return (events ?? []) as StampedEvent[]
}
