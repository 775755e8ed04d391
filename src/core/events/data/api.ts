import { defineEvent } from '../defineEvent.js'
import { object, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/**
 * A call to one of the HTTP services failed outside a flow that reports its own outcome (e.g.
 * analytics refused with 403). Rate limits, server errors and a refused app become alerts.
 */
export const apiRequestFailed = defineEvent('api/requestFailed', object({ source: string(), error: serializedErrorSchema }))

/** The API events, for the catalogue. */
export const API_EVENTS = [apiRequestFailed] as const
