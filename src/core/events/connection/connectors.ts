import { defineEvent } from '../defineEvent.js'
import { array, json, object } from '../schema.js'
import { namespaceSchema } from '../views.js'
import type { Connector } from '../../domain/entities.js'

/** The chain adapter of a namespace found these connectors (the whole list, as data). */
export const connectorsChanged = defineEvent(
  'connectors/changed',
  object({ namespace: namespaceSchema, connectors: array(json<Connector>()) }),
)
