import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, object, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

const suggestionSchema = object({ name: string(), registered: boolean() })

/** The label typed in RegisterAccountName: ask the name API which names like it are free (the latest one typed wins). */
export const nameSuggestionsRequested = defineIntent('names/suggestionsRequested', object({ label: string() }))
export const nameSuggestionsFetched = defineEvent('names/suggestionsFetched', object({ label: string(), suggestions: array(suggestionSchema) }))
/** 'Error fetching name suggestions', or the name server's first reason. */
export const nameSuggestionsFailed = defineEvent('names/suggestionsFailed', object({ label: string(), error: serializedErrorSchema }))
/**
 * Register `name` ('label.gangway') for the active EVM account: the wallet signs the JSON of
 * `{ name, attributes, timestamp }` (the timestamp from this event's stamp), the name API checks it.
 */
export const nameRegisterRequested = defineIntent('names/registerRequested', object({ name: string() }))
export const nameRegistered = defineEvent('names/registered', object({ name: string(), address: string() }))
/** The wallet refused, or the name API did ('Error registering name {name}', or its first reason); the form stays. */
export const nameRegisterFailed = defineEvent('names/registerFailed', object({ name: string(), error: serializedErrorSchema }))

export const NAME_EVENTS = [nameSuggestionsRequested, nameSuggestionsFetched, nameSuggestionsFailed, nameRegisterRequested, nameRegistered, nameRegisterFailed] as const
