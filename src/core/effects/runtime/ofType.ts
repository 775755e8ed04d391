import { filter, type Observable, type OperatorFunction } from 'rxjs'
import type { EventCreator, EventOf, StampedEvent } from '../../events/defineEvent.js'
import { EventStream } from './eventStream.js'

/**
 * Events of the given types, redux-observable style: `event$.pipe(ofType(connectionRequested))`.
 * On the store's event stream it subscribes to those types only (an event then costs nothing
 * to the effects that do not wait for it); on any other observable (tests) it filters.
 *
 * @example
 * export const connectWallet: Effect<WalletDeps> = (event$, state$, deps) =>
 *   event$.pipe(ofType(connectionRequested), mergeMap((e) => …))
 */
export function ofType<const C extends readonly EventCreator<string, any>[]>(
  ...creators: C
): OperatorFunction<StampedEvent, StampedEvent & EventOf<C[number]>> {
  const types: ReadonlySet<string> = new Set(creators.map((c) => c.type))
  return (source: Observable<StampedEvent>) =>
    (source instanceof EventStream ? source.ofTypes(types) : source.pipe(filter((e) => types.has(e.type)))) as Observable<
      StampedEvent & EventOf<C[number]>
    >
}
