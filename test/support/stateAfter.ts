import type { Network } from '../../src/core/domain/entities'
import type { EventInput, StampedEvent } from '../../src/core/events/defineEvent'
import { initialState, rootReducer } from '../../src/core/reducers/rootReducer'
import type { ModalState, SessionSettings } from '../../src/core/state'
import { EPOCH } from './runEffect'

/** An EVM network as the host lists it. */
export const evmNetwork = (id: number, name = `Chain ${id}`): Network => ({
  id,
  name,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id}`] } },
})

/** A Solana cluster as the host lists it (mainnet's CAIP-2 reference by default). */
export const solanaNetwork = (reference = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name = 'Solana'): Network => ({
  id: reference,
  name,
  chainNamespace: 'solana',
  caipNetworkId: `solana:${reference}`,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
})

/** The settings a test session starts with unless told otherwise: one EVM adapter, networks 1 and 2. */
export const TEST_SETTINGS: SessionSettings = {
  projectId: 'test-project',
  adapters: ['eip155'],
  networks: [evmNetwork(1, 'One'), evmNetwork(2, 'Two')],
}

/** Stamps an event as the store would, at virtual frame `frame` (`at` = EPOCH + frame). */
export function stamp<E extends EventInput>(event: E, seq: number, frame = 0): E & StampedEvent {
  return { ...event, seq, at: EPOCH + frame }
}

/**
 * The state after these events: the initial state of a session with `settings` (laid over
 * TEST_SETTINGS), or `from`, with each event reduced by `rootReducer` in order. Each event is
 * stamped at virtual frame 0 (the instant a `runEffect` starts) unless given as
 * `[event, frame]`; seq numbers count from 1.
 *
 * @example
 * const open = stateAfter([modalOpenRequested({})])
 * const connecting = stateAfter([[connectionRequested({ connectorId: 'a', namespace: 'eip155' }, { requestId: 'r1' }), 0]], { settings: { isMobile: true } })
 */
export function stateAfter(
  events: readonly (EventInput | readonly [EventInput, number])[] = [],
  options: { settings?: Partial<SessionSettings>; from?: ModalState } = {},
): ModalState {
  let state = options.from ?? initialState({ ...TEST_SETTINGS, ...options.settings })
  events.forEach((entry, i) => {
    const [event, frame] = isTuple(entry) ? entry : [entry, 0]
    state = rootReducer(state, stamp(event, i + 1, frame))
  })
  return state
}

function isTuple(entry: EventInput | readonly [EventInput, number]): entry is readonly [EventInput, number] {
  return Array.isArray(entry)
}
