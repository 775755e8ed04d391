import { defer, merge, Observable, type Subscription } from 'rxjs'
import { effectFailed } from '../../events/modal/effects.js'
import type { EventInput, StampedEvent } from '../../events/defineEvent.js'
import { serializeError } from '../../errors/base.js'
import type { ModalState } from '../../state.js'

/**
 * The state stream effects read: `.value` is the state after the event being handled,
 * `.previous` the state before it (the same object when the event changed nothing).
 */
export type StateObservable = Observable<ModalState> & { readonly value: ModalState; readonly previous: ModalState }

/** An effect turns events (and state) into work whose outcomes are new events. */
export type Effect<D = unknown> = (
  event$: Observable<StampedEvent>,
  state$: StateObservable,
  deps: D,
) => Observable<EventInput>

/**
 * Runs every effect side by side. An effect that errors outside its own handling reports
 * `effect/failed` and is subscribed again, so one failure never stops the others. One that
 * fails while starting is not restarted (it would fail again at once).
 */
export function runEffects<D>(
  effects: readonly { name: string; effect: Effect<D> }[],
  event$: Observable<StampedEvent>,
  state$: StateObservable,
  deps: D,
): Observable<EventInput> {
  return merge(...effects.map(({ name, effect }) => resilient(name, () => effect(event$, state$, deps))))
}

function resilient(name: string, make: () => Observable<EventInput>): Observable<EventInput> {
  return new Observable<EventInput>((subscriber) => {
    let current: Subscription | undefined
    let closed = false
    const start = (): void => {
      let starting = true
      current = defer(make).subscribe({
        next: (event) => subscriber.next(event),
        error: (error: unknown) => {
          subscriber.next(effectFailed({ effect: name, error: serializeError(error) }))
          if (!starting && !closed) start()
        },
      })
      starting = false
    }
    start()
    return () => {
      closed = true
      current?.unsubscribe()
    }
  })
}
