import { siwxSessionRevoked, siwxSessionStored, siwxSessionsCleared } from '../events/siwx.js'
import { storageHydrated } from '../events/storage.js'
import type { ModalState } from '../state.js'
import { createSlice } from './createSlice.js'

export type SiwxState = ModalState['siwx']

/** Sign-in sessions by CAIP-10 address. */
export const siwxSlice = createSlice(
  'siwx',
  (): SiwxState => ({ sessions: {} }),
  (b) =>
    b
      .addCase(siwxSessionStored, (s, event) => {
        s.sessions[event.payload.caipAddress] = event.payload.session
      })
      .addCase(siwxSessionsCleared, (s, event) => {
        delete s.sessions[event.payload.caipAddress]
      })
      .addCase(siwxSessionRevoked, (s, event) => {
        // This page's session was revoked in the hosted store: the page is signed out.
        const { caipAddress, id } = event.payload
        const session = s.sessions[caipAddress]
        if (typeof session === 'object' && session !== null && (session as { id?: unknown }).id === id) delete s.sessions[caipAddress]
      })
      .addCase(storageHydrated, (s, event) => {
        const { siwx } = event.payload
        if (siwx?.sessions) s.sessions = { ...siwx.sessions }
      }),
)
