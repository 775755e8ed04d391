import type { StampedEvent } from '../../src/core/events/defineEvent'
import { rootReducer } from '../../src/core/reducers/rootReducer'
import { type ModalState } from '../../src/core/state'
import { initialState } from '../../src/core/reducers/rootReducer'

/** The state after each event of a log, folded from the initial state. */
export function statesOf(events: StampedEvent[]): ModalState[] {
  const out: ModalState[] = []
  events.reduce((s, e) => {
    const next = rootReducer(s, e)
    out.push(next)
    return next
  }, initialState())
  return out
}
