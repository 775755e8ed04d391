import type { Schema } from './schema.js'

/** The envelope the store stamps on every event: its position in the log and its time. */
export type Envelope = { seq: number; at: number }

/** An event as dispatched: plain data, no envelope yet. */
export type EventInput<T extends string = string, P = unknown> = {
  type: T
  payload: P
  /** Links an intent (`…Requested`) to its outcome events. */
  requestId?: string
}

/** An event as the log holds it. */
export type StampedEvent<T extends string = string, P = unknown> = EventInput<T, P> & Envelope

export type EventCreator<T extends string, P> = {
  (payload: P, meta?: { requestId?: string | undefined }): EventInput<T, P>
  readonly type: T
  readonly schema: Schema<P>
  /** Narrows any event to this one: `event$.pipe(filter(modalOpened.match))`. */
  match<E extends { type: string }>(event: E): event is E & EventInput<T, P>
}

/**
 * Defines an event: its `domain/pastTense` type and the schema its payload must fit. An intent
 * whose outcomes name it is made with `defineIntent` (requestLifecycle.ts), which mints its id.
 *
 * @example
 * const modalOpened = defineEvent('modal/openRequested', object({ view: optional(string()) }))
 * store.dispatch(modalOpened({ view: 'Connect' }))
 */
export function defineEvent<const T extends string, P>(type: T, schema: Schema<P>): EventCreator<T, P> {
  const creator = (payload: P, meta?: { requestId?: string | undefined }): EventInput<T, P> => {
    const requestId = meta?.requestId
    return requestId === undefined ? { type, payload } : { type, payload, requestId }
  }
  return Object.assign(creator, {
    type,
    schema,
    match: <E extends { type: string }>(event: E): event is E & EventInput<T, P> => event.type === type,
  })
}

/** The union of the events a set of creators makes. */
export type EventOf<C> = C extends EventCreator<infer T, infer P> ? EventInput<T, P> : never
