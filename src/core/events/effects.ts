import { defineEvent } from './defineEvent.js'
import { json, object, string } from './schema.js'
import type { SerializedError } from '../errors.js'

/** An effect threw outside its own error handling; it keeps running. */
export const effectFailed = defineEvent('effect/failed', object({ effect: string(), error: json<SerializedError>() }))
