import { GangwayError, InvalidInputError } from '../core/errors/base.js'
import type { EventInput } from '../core/events/defineEvent.js'
import type { Store } from '../core/store.js'

/**
 * Builds a host command's event and dispatches it. Any bad argument is an InvalidInputError
 * (`Invalid <name> arguments`, or the more precise error the builder threw), and then nothing
 * is dispatched.
 *
 * @example
 * hostCommand(store, 'close', () => modalCloseRequested({}))
 */
export function hostCommand(store: Pick<Store, 'dispatch'>, name: string, build: () => EventInput): void {
  let event: EventInput
  try {
    event = build()
  } catch (error) {
    if (error instanceof GangwayError) throw error
    throw new InvalidInputError(`Invalid ${name} arguments`, { details: error instanceof Error ? error.message : undefined, cause: error })
  }
  store.dispatch(event)
}
