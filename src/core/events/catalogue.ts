import type { EventCreator, EventInput } from './defineEvent.js'
import { InvalidInputError } from '../errors/base.js'
import { fits, isPlainObject, readPlainData } from './schema.js'

/** The events a modal accepts, by type: derived from its features (composeFeatures). */
export type EventCatalogue = ReadonlyMap<string, EventCreator<string, unknown>>

export function createCatalogue(creators: readonly EventCreator<string, any>[]): EventCatalogue {
  return new Map(creators.map((c) => [c.type, c as EventCreator<string, unknown>]))
}

const ENVELOPE_KEYS = new Set(['type', 'payload', 'requestId', 'seq', 'at'])

/**
 * Checks an event a host (or an imported log) hands in. Throws an InvalidInputError naming the
 * problem; nothing is dispatched then. The payload is checked to be JSON data first (no
 * prototype keys, no accessors, at most MAX_PAYLOAD_DEPTH levels deep, the depth the check
 * recurses to), so no value can overflow the stack or throw anything but an InvalidInputError
 * from here.
 */
export function assertValidEvent(catalogue: EventCatalogue, input: unknown): asserts input is EventInput {
  readEvent(catalogue, input)
}

/** A checked event: the event (a detached copy when asked for) and its payload's JSON length. */
export type ReadEvent = { event: EventInput; payloadSize: number | undefined }

/**
 * `assertValidEvent` that also measures the payload's JSON length and, with `copy`, returns a
 * detached copy of the event (what a host dispatched cannot change afterwards): one walk over
 * the payload does all three, and the payload's schema is checked on the copy.
 */
export function readEvent(catalogue: EventCatalogue, input: unknown, copy = false): ReadEvent {
  try {
    return checkEvent(catalogue, input, copy)
  } catch (error) {
    if (error instanceof InvalidInputError) throw error
    // A proxy or a getter threw while being read: still a malformed event, never a raw error.
    throw new InvalidInputError('Invalid event', { details: error instanceof Error ? error.message : 'the event could not be read', cause: error })
  }
}

function checkEvent(catalogue: EventCatalogue, input: unknown, copy: boolean): ReadEvent {
  if (!isPlainObject(input)) {
    throw new InvalidInputError('Invalid event', { details: 'an event must be an object with a type and a payload' })
  }
  const e = input
  if (typeof e.type !== 'string') throw new InvalidInputError('Invalid event', { details: 'event.type must be a string' })
  const creator = catalogue.get(e.type)
  if (!creator) throw new InvalidInputError(`Unknown event type: ${e.type.length > 100 ? `${e.type.slice(0, 100)}…` : e.type}`)
  for (const key of Object.keys(e)) {
    if (!ENVELOPE_KEYS.has(key)) throw new InvalidInputError(`Invalid event ${e.type}`, { details: `event.${key} is not a known field` })
  }
  if (e.requestId !== undefined && typeof e.requestId !== 'string') {
    throw new InvalidInputError(`Invalid event ${e.type}`, { details: 'event.requestId must be a string' })
  }
  let payload = e.payload
  let payloadSize: number | undefined
  if (payload !== undefined) {
    const data = readPlainData(payload, 'payload', { copy })
    if (typeof data === 'string') throw new InvalidInputError(`Invalid event ${e.type}`, { details: data })
    payload = data.value
    payloadSize = data.size
  }
  const problem = fits(creator.schema, payload) ? null : creator.schema.check(payload, 'payload')
  if (problem) throw new InvalidInputError(`Invalid event ${e.type}`, { details: problem })
  if (!copy) return { event: e as EventInput, payloadSize }
  const event: EventInput = { type: e.type, payload }
  if (e.requestId !== undefined) event.requestId = e.requestId as string
  return { event, payloadSize }
}
