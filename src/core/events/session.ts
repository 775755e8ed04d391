import { defineEvent } from './defineEvent'
import { json } from './schema'
import type { SessionSettings } from '../state'

/**
 * A page load started a session with these settings. The reducer rebuilds the initial state
 * from them, so a log that spans reloads still replays to the same state.
 */
export const sessionStarted = defineEvent('session/started', json<SessionSettings>())
