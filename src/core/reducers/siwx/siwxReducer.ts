import { siwxSessionRevoked, siwxSessionsFetched, siwxSessionStored, siwxSessionsCleared } from '../../events/siwx/siwx.js'
import { sessionStarted } from '../../events/modal/session.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { tabsChanged } from '../../events/persistence/tabs.js'
import { keepIfSame } from '../../durable.js'
import type { ModalState } from '../../state.js'
import { createSlice } from '../createSlice.js'
import { BASE_INITIAL } from '../baseInitialState.js'

export type SiwxState = ModalState['siwx']

/** Sign-in sessions by CAIP-10 address. */
export const siwxSlice = createSlice(
  'siwx',
  BASE_INITIAL.siwx,
  (b) =>
    b
      // Sign-in sessions outlive a reload.
      .addReplacer(sessionStarted, (s) => s)
      .addCase(siwxSessionStored, (s, event) => {
        s.sessions[event.payload.caipAddress] = event.payload.session
      })
      .addCase(siwxSessionsCleared, (s, event) => {
        delete s.sessions[event.payload.caipAddress]
      })
      .addCase(siwxSessionRevoked, (s, event) => {
        // This page's session was revoked in the hosted store: the page is signed out.
        const { caipAddress, id } = event.payload
        if (hostedId(s.sessions[caipAddress]) === id) delete s.sessions[caipAddress]
      })
      .addCase(siwxSessionsFetched, (s, event) => {
        // The hosted store no longer has this page's session (revoked elsewhere, or expired): signed out.
        const { caipAddress, sessions } = event.payload
        const id = hostedId(s.sessions[caipAddress])
        if (id !== null && !sessions.some((x) => x.id === id)) delete s.sessions[caipAddress]
      })
      // Another open tab signed in (a session) or out (null) for an address: this one follows.
      .addCase(
        tabsChanged,
        (s, event) => {
          for (const [caipAddress, session] of Object.entries(event.payload.siwx!)) {
            if (session === null) delete s.sessions[caipAddress]
            else s.sessions[caipAddress] = session
          }
        },
        (_s, event) => event.payload.siwx !== undefined,
      )
      // What storage holds is the durable state: no stored sessions, none kept.
      .addReplacer(storageHydrated, (s, event) => {
        const sessions = keepIfSame(s.sessions, { ...event.payload.siwx?.sessions })
        return sessions === s.sessions ? s : { sessions }
      }),
)

/** The hosted store's id of a kept session, or null for a session the store does not keep. */
export function hostedId(session: unknown): string | null {
  const id = typeof session === 'object' && session !== null ? (session as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : null
}
