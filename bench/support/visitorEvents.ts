import { bannerClosed, bannerDelayElapsed, bannerShowRequested } from '../../src/core/events/modal/banner'
import { connectionDisconnected, connectionRequested, connectionSucceeded } from '../../src/core/events/connection/connection'
import { accountDisconnected } from '../../src/core/events/connection/connectionLifecycle'
import type { EventInput, StampedEvent } from '../../src/core/events/defineEvent'
import { modalCloseRequested, modalOpenRequested } from '../../src/core/events/modal/modal'
import { themeModeChanged } from '../../src/core/events/modal/preferences'
import { routerPushed, routerWentBack } from '../../src/core/events/modal/router'
import { sessionStarted } from '../../src/core/events/modal/session'
import type { SessionSettings } from '../../src/core/state'

/** The settings every benchmark session starts with (an EVM app, desktop). */
export const BENCH_SETTINGS: SessionSettings = { projectId: 'bench', adapters: ['eip155'], isMobile: false }

/** Time between two events of the mix: far enough apart that a retry is never throttled. */
export const EVENT_SPACING_MS = 250

/**
 * One visit, as a host and a visitor produce it: open, browse to a wallet, connect (which closes
 * the modal), a banner, switch theme, reopen on Account, look at networks, disconnect, a banner
 * replaced by another, dismiss it, close.
 * Payloads are built fresh for every call so a log holds its own objects, as it would live.
 */
export function visitCycle(i: number): EventInput[] {
  const requestId = `r${i}`
  const address = `0x${(0xabc0000 + (i % 0xfffff)).toString(16).padStart(40, '0')}`
  return [
    modalOpenRequested({}),
    routerPushed({ view: 'AllWallets' }),
    routerPushed({ view: 'ConnectingExternal', data: { connectorId: 'injected', name: 'Browser Wallet' } }),
    connectionRequested({ connectorId: 'injected', namespace: 'eip155' }, { requestId }),
    connectionSucceeded(
      { connectorId: 'injected', namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: 'eip155:1' },
      { requestId },
    ),
    bannerShowRequested({ variant: 'success', message: 'Wallet connected' }),
    bannerClosed({}),
    themeModeChanged({ mode: i % 2 === 0 ? 'dark' : 'light' }),
    modalOpenRequested({}),
    routerPushed({ view: 'Networks' }),
    routerWentBack({}),
    connectionDisconnected({ namespace: 'eip155', connectorId: 'injected' }),
    bannerShowRequested({ variant: 'info', message: 'Disconnected' }),
    bannerShowRequested({ variant: 'loading', message: 'Waiting for the wallet' }),
    bannerClosed({}),
    modalCloseRequested({}),
  ]
}

/** Events in one visit, for converting cycles into event counts. */
export const CYCLE_LENGTH = visitCycle(0).length

/** `count` events of repeated visits, unstamped (as a host dispatches them). */
export function* visitorEvents(count: number): Generator<EventInput> {
  for (let i = 0, n = 0; n < count; i++) {
    for (const event of visitCycle(i)) {
      if (n++ >= count) return
      yield event
    }
  }
}

/**
 * `count` events as a log holds them: a session start, then visits, stamped with seq and a
 * time `EVENT_SPACING_MS` apart. What the store's effects emit is included where they emit it:
 * `account/disconnected` after the disconnect that leaves the namespace without a connection
 * (it resets the account in every feature that keeps one: send, balances, activity, sign-in,
 * names, swaps, on-ramp), and the banner delay where the second banner of a visit was queued
 * behind the first.
 */
export function* stampedVisitorEvents(count: number, start = 1_700_000_000_000): Generator<StampedEvent> {
  let seq = 0
  const stamp = (e: EventInput): StampedEvent => ({ ...e, seq: ++seq, at: start + seq * EVENT_SPACING_MS })
  if (count <= 0) return
  yield stamp(sessionStarted(BENCH_SETTINGS))
  for (let i = 0; seq < count; i++) {
    for (const event of visitCycle(i)) {
      if (seq >= count) return
      const stamped = stamp(event)
      yield stamped
      // Each visit's disconnect ends its only connection.
      if (connectionDisconnected.match(event) && seq < count) yield stamp(accountDisconnected({ namespace: event.payload.namespace }))
      if (bannerShowRequested.match(event) && event.payload.variant === 'loading' && seq < count) {
        yield stamp(bannerDelayElapsed({ seq: stamped.seq }))
      }
    }
  }
}
