import type { Draft } from 'immer'
import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../events/banner.js'
import type { StampedEvent } from '../events/defineEvent.js'
import type { ModalState } from '../state.js'

/**
 * A new banner while one is open closes the open one and waits for a delay event (150 ms,
 * scheduled by an effect) before showing; the delay names the request's seq so a stale one is ignored.
 */
export function bannerReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const b = draft.banner
  if (bannerShowRequested.match(event)) {
    const { variant, message } = event.payload
    if (b.open || b.pending) {
      b.open = false
      b.pending = { variant, message, seq: event.seq }
    } else {
      b.open = true
      b.variant = variant
      b.message = message
    }
  } else if (bannerDelayElapsed.match(event)) {
    if (b.pending && b.pending.seq === event.payload.seq) {
      b.open = true
      b.variant = b.pending.variant
      b.message = b.pending.message
      b.pending = null
    }
  } else if (bannerClosed.match(event)) {
    b.open = false
    b.pending = null
  }
}
