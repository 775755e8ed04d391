import { filter, type MonoTypeOperatorFunction } from 'rxjs'
import { defineEvent, type EventInput } from './defineEvent.js'
import { newRequestId } from './newRequestId.js'
import type { Schema } from './schema.js'

// One request lifecycle (redux-toolkit `createAsyncThunk`'s `meta.requestId` and `condition`):
// an intent's creator mints its requestId, every outcome carries it, and whether an outcome (or
// the intent itself, once reduced) is for the request a slice or an effect waits on is decided
// here only. A slice keeps the pending request's id as `event.requestId ?? null`: a string, or
// null for an intent that came without one (a hand-built or old log's event); `undefined` where
// it reads one means nothing is pending. The serialised event is unchanged: `requestId` stays a
// top-level field, so stored logs and the devtools replay as before.

/** An intent as its creator makes it: always with the requestId its outcomes will carry. */
export type IntentInput<T extends string = string, P = unknown> = EventInput<T, P> & { requestId: string }

/** The creator of an intent: an event creator whose events always carry a requestId. */
export type IntentCreator<T extends string, P> = {
  (payload: P, meta?: { requestId?: string | undefined }): IntentInput<T, P>
  readonly type: T
  readonly schema: Schema<P>
  /** Narrows any event to this one: `event$.pipe(filter(connectionRequested.match))`. */
  match<E extends { type: string }>(event: E): event is E & EventInput<T, P>
}

/**
 * Defines an intent (`domain/…Requested`): like `defineEvent`, and its creator mints a fresh
 * requestId unless one is given (an effect forwarding the id of the request it serves).
 *
 * @example
 * const noteAddRequested = defineIntent('notes/addRequested', object({ text: string() }))
 * store.dispatch(noteAddRequested({ text: 'hi' })) // { type, payload, requestId: '…' }
 */
export function defineIntent<const T extends string, P>(type: T, schema: Schema<P>): IntentCreator<T, P> {
  const event = defineEvent(type, schema)
  const creator = (payload: P, meta?: { requestId?: string | undefined }): IntentInput<T, P> => ({
    type,
    payload,
    requestId: meta?.requestId ?? newRequestId(),
  })
  return Object.assign(creator, { type, schema, match: event.match })
}

/** Something that names a request (an event, a pending request in a slice), or the id itself. */
export type RequestRef = string | null | undefined | { readonly requestId?: string | null | undefined }

/**
 * How an outcome that names no request is judged: by default it answers only a request that
 * carried no id either; `'applies'` when it is the wallet's own doing (an account or chain change
 * nobody asked for) and settles whatever is pending; `'ignored'` when only a named one counts.
 */
export type UnnamedOutcome = 'answersUnnamed' | 'applies' | 'ignored'

const idOf = (ref: RequestRef): string | null => {
  const id = typeof ref === 'object' && ref !== null ? ref.requestId : ref
  return typeof id === 'string' ? id : null
}

/**
 * Whether an event names a request (a wallet's own events and requests made ahead of any, such
 * as a prefetched pairing, do not).
 *
 * @example
 * if (prev.modal.open && namesRequest(event)) return fresh(closedView(state))
 */
export function namesRequest<R extends { readonly requestId?: string | null | undefined }>(ref: R): ref is R & { readonly requestId: string } {
  return typeof ref.requestId === 'string'
}

/**
 * Whether `outcome` is for the pending request `pending` (the id a slice keeps: a string, null
 * for a request without one, undefined when nothing is pending). A stale outcome (the visitor
 * retried, closed, or asked for something else since) is not.
 *
 * @example
 * .addCase(signatureSucceeded, (a, event) => {
 *   if (!isCurrentRequest(a.signature?.requestId, event, { unnamed: 'applies' })) return
 *   …
 * })
 */
export function isCurrentRequest(pending: string | null | undefined, outcome: RequestRef, options?: { unnamed?: UnnamedOutcome }): boolean {
  const id = idOf(outcome)
  if (id !== null) return pending === id
  const unnamed = options?.unnamed ?? 'answersUnnamed'
  return unnamed === 'applies' || (unnamed === 'answersUnnamed' && pending === null)
}

/**
 * The events of one request (its intent as reduced, its outcomes), for an effect or a host
 * command awaiting them.
 *
 * @example
 * const intent = signatureRequested({ kind: 'message', message })
 * store.event$.pipe(ofRequest(intent), filter(signatureSucceeded.match), take(1))
 */
export function ofRequest<E extends { readonly requestId?: string | undefined }>(request: { readonly requestId: string }): MonoTypeOperatorFunction<E> {
  const pending = request.requestId
  return filter((e) => isCurrentRequest(pending, e))
}
