import type { Draft } from 'immer'
import { siwxSessionStored, siwxSessionsCleared } from '../events/siwx.js'
import type { StampedEvent } from '../events/defineEvent.js'
import type { ModalState } from '../state.js'

export function siwxReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  if (siwxSessionStored.match(event)) {
    draft.siwx.sessions[event.payload.caipAddress] = event.payload.session
  } else if (siwxSessionsCleared.match(event)) {
    delete draft.siwx.sessions[event.payload.caipAddress]
  }
}
