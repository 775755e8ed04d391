import type { Observable } from 'rxjs'
import { GangwayError, InvalidInputError, type SerializedError } from '../errors/base.js'
import { RequestAbortedError } from '../errors/connection.js'
import type { ModalState } from '../state.js'
import { assertValidEvent, type EventCatalogue } from './catalogue.js'
import type { EventInput, StampedEvent } from './defineEvent.js'
import { ofRequest, type IntentInput } from './requestLifecycle.js'
import { isPlainObject, show } from './schema.js'

/** What a host command needs of the store. */
export type StoreLike = {
  dispatch(event: EventInput): void
  getState(): ModalState
  readonly event$: Observable<StampedEvent>
}

/** A command's outcome read from an event: its result, its error, or null for an event that does not settle it. */
export type Outcome<T> = { ok: T } | { error: SerializedError } | null

/** A host request: its command name, the events it dispatches (the intent last), how an outcome reads, whether the intent was taken. */
export type RequestArgs<T> = [
  command: string,
  make: () => readonly [...EventInput[], IntentInput],
  outcome: (e: StampedEvent) => Outcome<T>,
  accepted?: (state: ModalState, intent: IntentInput) => boolean,
]

/**
 * A host command as one request: dispatches the events `make` builds, the intent last (its
 * creator mints its requestId), and settles with the first outcome carrying it. Arguments are
 * checked (against `catalogue`, as the store will) before anything is dispatched or subscribed:
 * a bad one rejects with an InvalidInputError and changes nothing. An intent the state did not
 * take (`accepted`) rejects with RequestAbortedError.
 *
 * @example
 * hostRequest(store, catalogue, 'signMessage', () => [signatureRequested({ kind: 'message', message })],
 *   (e) => (signatureSucceeded.match(e) ? { ok: e.payload.signature } : null))
 */
export function hostRequest<T>(store: StoreLike, catalogue: EventCatalogue, ...[command, make, outcome, accepted = () => true]: RequestArgs<T>): Promise<T> {
  let events: readonly [...EventInput[], IntentInput]
  let intent: IntentInput
  try {
    events = make()
    intent = events[events.length - 1] as IntentInput
    for (const e of events) checkEvent(catalogue, command, e)
  } catch (error) {
    return Promise.reject(asInvalidInput(command, error))
  }
  let settle!: (r: Outcome<T>) => void
  const settled = new Promise<Outcome<T>>((resolve) => (settle = resolve))
  // Whether the intent was taken is read from the state it left, when it is reduced: at once on
  // a running modal, or once the session has started for a command called before (the store
  // holds what is dispatched until then).
  const sub = store.event$.pipe(ofRequest(intent)).subscribe((e) => {
    if (e.type === intent.type) {
      if (!accepted(store.getState(), intent)) settle(null)
      return
    }
    const r = outcome(e)
    if (r) settle(r)
  })
  void settled.then(() => sub.unsubscribe())
  try {
    for (const e of events) store.dispatch(e)
  } catch (error) {
    // Checked above, so this is the store refusing (say an event a host module left out):
    // nothing waits for an outcome that cannot come.
    sub.unsubscribe()
    return Promise.reject(asInvalidInput(command, error))
  }
  return settled.then(async (r) => {
    if (r === null) throw new RequestAbortedError('the same request is already pending, or was tried less than 1 s ago')
    if ('ok' in r) return r.ok
    // Optimization: the error classes load on the first failure, not with the first bundle.
    const { deserializeError } = await import('../errors/deserializeError.js')
    throw deserializeError(r.error)
  })
}

/** Checks a command's event like the store will, naming the command in the error. */
function checkEvent(catalogue: EventCatalogue, command: string, event: EventInput): void {
  try {
    assertValidEvent(catalogue, event)
  } catch (error) {
    const e = error as InvalidInputError
    throw new InvalidInputError(`Invalid ${command} arguments`, { details: e.details ?? e.shortMessage, cause: error })
  }
}

/**
 * A command's bad argument as the host sees it: the spec's own error for it as it is, anything
 * else as `Invalid <command> arguments` with what was wrong.
 *
 * @example
 * asInvalidInput('sendCalls', new Error('calls must be an array')).shortMessage // 'Invalid sendCalls arguments'
 */
export function asInvalidInput(command: string, error: unknown): GangwayError {
  const title = `Invalid ${command} arguments`
  // An error of the spec's own for this argument ('Invalid connection status: paused') is the refusal as it is.
  if (error instanceof InvalidInputError && error.constructor !== InvalidInputError) return error
  if (error instanceof InvalidInputError && error.shortMessage !== title) {
    return new InvalidInputError(title, { details: error.details ?? error.shortMessage, cause: error })
  }
  if (error instanceof GangwayError) return error
  return new InvalidInputError(title, { details: error instanceof Error ? error.message : 'unreadable arguments', cause: error })
}

/**
 * An options object with only these fields (undefined counts as `{}` for `options`).
 *
 * @example
 * optionsArg({ feedback: true }, ['feedback']) // { feedback: true }
 */
export function optionsArg(value: unknown, fields: readonly string[], name = 'options'): Record<string, unknown> {
  if (value === undefined && name === 'options') return {}
  if (!isPlainObject(value)) throw new InvalidInputError(`Invalid ${name} argument`, { details: `${name} must be an object, got ${show(value)}` })
  for (const key of Object.keys(value)) {
    if (!fields.includes(key)) throw new InvalidInputError(`Invalid ${name} argument`, { details: `${name}.${key} is not a known field` })
  }
  return value
}

/**
 * Asserts a non-empty string argument.
 *
 * @example
 * text('id', id)
 */
export function text(name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value === '') {
    throw new InvalidInputError(`Invalid ${name} argument`, { details: `${name} must be a non-empty string, got ${show(value)}` })
  }
}
