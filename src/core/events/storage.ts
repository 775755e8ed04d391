import { defineEvent } from './defineEvent.js'
import { json, object, string } from './schema.js'
import type { DurableState } from '../state.js'

/** What persistence found on start, applied in one step. */
export const storageHydrated = defineEvent('storage/hydrated', json<Partial<DurableState>>())

/** A storage read or write failed; the session goes on in memory. */
export const storageFailed = defineEvent('storage/failed', object({ operation: string(), error: json() }))
