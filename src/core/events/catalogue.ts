import type { EventCreator, EventInput } from './defineEvent.js'
import { InvalidInputError } from '../errors/base.js'
import { isPlainObject, plainDataProblem } from './schema.js'

/** The events a modal accepts, by type: derived from its features (composeFeatures). */
export type EventCatalogue = ReadonlyMap<string, EventCreator<string, unknown>>

export function createCatalogue(creators: readonly EventCreator<string, any>[]): EventCatalogue {
  return new Map(creators.map((c) => [c.type, c as EventCreator<string, unknown>]))
}

const ENVELOPE_KEYS = new Set(['type', 'payload', 'requestId', 'seq', 'at'])

/**
 * Checks an event a host (or an imported log) hands in. Throws an InvalidInputError naming the
 * problem; nothing is dispatched then. The payload is first checked without recursion (JSON
 * data only, no prototype keys, at most MAX_PAYLOAD_DEPTH levels), so no value can overflow
 * the stack or throw anything but an InvalidInputError from here.
 */
export function assertValidEvent(catalogue: EventCatalogue, input: unknown): asserts input is EventInput {
  try {
    checkEvent(catalogue, input)
  } catch (error) {
    if (error instanceof InvalidInputError) throw error
    // A proxy or a getter threw while being read: still a malformed event, never a raw error.
    throw new InvalidInputError('Invalid event', { details: error instanceof Error ? error.message : 'the event could not be read', cause: error })
  }
}

function checkEvent(catalogue: EventCatalogue, input: unknown): void {
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
  const data = e.payload === undefined ? null : plainDataProblem(e.payload, 'payload')
  if (data) throw new InvalidInputError(`Invalid event ${e.type}`, { details: data })
  const problem = creator.schema.check(e.payload, 'payload')
  if (problem) throw new InvalidInputError(`Invalid event ${e.type}`, { details: problem })
}
