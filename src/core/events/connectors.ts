import { defineEvent } from './defineEvent'
import { array, json, object } from './schema'
import { namespaceSchema } from './views'
import type { Connector } from '../domain/entities'

/** The chain adapter of a namespace found these connectors (the whole list, as data). */
export const connectorsChanged = defineEvent(
  'connectors/changed',
  object({ namespace: namespaceSchema, connectors: array(json<Connector>()) }),
)
