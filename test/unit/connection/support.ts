import { evmNetwork } from '../../support/stateAfter'
import type { EventInput, StampedEvent } from '../../../src/core/events/defineEvent'
import { sessionStarted } from '../../../src/core/events/modal/session'
import { rootReducer } from '../../../src/core/reducers/rootReducer'
import { type ModalState, type SessionSettings } from '../../../src/core/state'
import { initialState } from '../../../src/core/reducers/rootReducer'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { createFakeChainAdapter } from '../../support/fakeChainAdapter'
import { createTestModal } from '../../support/testModal'

export const net = evmNetwork

export const NETWORKS = [net(1, 'One'), net(2, 'Two')]

/** Folds events (each `[event, at]` or an event at 10 ms steps) from a session with these settings. */
export function run(settings: Partial<SessionSettings>, inputs: (EventInput | [EventInput, number])[]): ModalState {
  let state = initialState()
  const all: [EventInput, number][] = [
    [sessionStarted({ projectId: 'p', adapters: ['eip155'], networks: NETWORKS, ...settings }), 0],
    ...inputs.map((x, i): [EventInput, number] => (Array.isArray(x) ? x : [x, (i + 1) * 10])),
  ]
  all.forEach(([input, at], i) => (state = rootReducer(state, { ...input, seq: i + 1, at } as StampedEvent)))
  return state
}

export const succeeded = (connectorId: string, requestId?: string, address = '0x00000000000000000000000000000000000000a1', chain = 'eip155:1') =>
  connectionSucceeded(
    { connectorId, namespace: 'eip155', accounts: [{ address, type: 'eoa' }], caipNetworkId: chain },
    requestId === undefined ? {} : { requestId },
  )

/** The account the fake wallet connects with. */
export const ACCOUNT_A = '0x00000000000000000000000000000000000000A1'

/** A modal on a fake chain adapter, connected to its wallet 'a' on eip155:1 unless told not to. */
export async function setupConnected(connect = true) {
  const fake = createFakeChainAdapter()
  const t = await createTestModal({ adapters: [fake.adapter], networks: NETWORKS })
  if (connect) {
    const c = t.modal.connect('a')
    fake.answer('connect', { accounts: [ACCOUNT_A], caipNetworkId: 'eip155:1' })
    await c
  }
  return { ...t, fake }
}
