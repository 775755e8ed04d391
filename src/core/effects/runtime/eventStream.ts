import { Observable, type Subscriber } from 'rxjs'
import type { StampedEvent } from '../../events/defineEvent.js'

/** The event types a subscriber waits for: a set, a test on the type's name, or every type (null). */
export type TypeFilter = ReadonlySet<string> | ((type: string) => boolean) | null

type Entry = { readonly types: TypeFilter; readonly subscriber: Subscriber<StampedEvent> }

const wants = (types: TypeFilter, type: string): boolean => types === null || (typeof types === 'function' ? types(type) : types.has(type))

/**
 * The store's stream of events. It behaves as a Subject for anyone who subscribes, and it also
 * routes by type: `ofType` on it (see ofType.ts) subscribes to only those types, and
 * `ofTypeWhere` to the types whose name passes a test, so an event reaches the effects that wait
 * for it instead of passing every effect's filter. Subscribers get events in the order they
 * subscribed, typed or not, as with a Subject.
 */
export class EventStream extends Observable<StampedEvent> {
  private entries: Entry[] = []
  // Optimization: the subscribers of each event type, rebuilt after any (un)subscription.
  private byType = new Map<string, Subscriber<StampedEvent>[]>()

  constructor() {
    super((subscriber) => this.add(null, subscriber))
  }

  /**
   * Events of these types only: a set of types, or a test on a type's name (asked once per type
   * and list of subscribers, so it must answer by the name alone).
   */
  ofTypes(types: ReadonlySet<string> | ((type: string) => boolean)): Observable<StampedEvent> {
    return new Observable<StampedEvent>((subscriber) => this.add(types, subscriber))
  }

  next(event: StampedEvent): void {
    let list = this.byType.get(event.type)
    if (!list) {
      list = this.entries.filter((e) => wants(e.types, event.type)).map((e) => e.subscriber)
      this.byType.set(event.type, list)
    }
    // A snapshot, as a Subject takes: subscriptions made or ended while delivering apply next time.
    for (const subscriber of list) subscriber.next(event)
  }

  private add(types: TypeFilter, subscriber: Subscriber<StampedEvent>): () => void {
    const entry: Entry = { types, subscriber }
    this.entries = [...this.entries, entry]
    this.byType.clear()
    return () => {
      this.entries = this.entries.filter((e) => e !== entry)
      this.byType.clear()
    }
  }
}
