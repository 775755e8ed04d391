import { defineEvent } from './defineEvent.js'
import { json } from './schema.js'
import type { SessionSettings } from '../state.js'

/**
 * A page load started a session with these settings. The reducer rebuilds the initial state
 * from them, so a log that spans reloads still replays to the same state.
 */
export const sessionStarted = defineEvent('session/started', json<SessionSettings>())
