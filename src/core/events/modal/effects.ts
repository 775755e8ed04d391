import { defineEvent } from '../defineEvent.js'
import { object, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** An effect threw outside its own error handling; it keeps running. */
export const effectFailed = defineEvent('effect/failed', object({ effect: string(), error: serializedErrorSchema }))
