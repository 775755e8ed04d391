import { defineEvent } from './defineEvent'
import { json, object, string } from './schema'
import type { SerializedError } from '../errors'

/** An effect threw outside its own error handling; it keeps running. */
export const effectFailed = defineEvent('effect/failed', object({ effect: string(), error: json<SerializedError>() }))
