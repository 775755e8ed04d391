import { filter, type MonoTypeOperatorFunction, type Observable } from 'rxjs'
import type { StampedEvent } from '../../events/defineEvent.js'
import { EventStream } from './eventStream.js'

/**
 * Events whose type's name passes `test` (by the name alone: every `…/failed`), as `ofType` for a
 * family of types. On the store's event stream only those types reach the subscriber (an event
 * of another type costs it nothing); on any other observable (tests) it filters.
 *
 * @example
 * event$.pipe(ofTypeWhere((type) => type.endsWith('/failed')))
 */
export function ofTypeWhere(test: (type: string) => boolean): MonoTypeOperatorFunction<StampedEvent> {
  return (source: Observable<StampedEvent>) => (source instanceof EventStream ? source.ofTypes(test) : source.pipe(filter((e) => test(e.type))))
}
