import { defineEvent } from '../defineEvent.js'
import { json, object, optional, string } from '../schema.js'
import type { Features } from '../../state.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** Project configuration fetched from the directory API; its values override local options. */
export const remoteConfigLoaded = defineEvent('config/remoteLoaded', object({ features: json<Partial<Features>>() }))
export const remoteConfigFailed = defineEvent('config/remoteFailed', object({ error: serializedErrorSchema, origin: optional(string()) }))
