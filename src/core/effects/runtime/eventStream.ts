import { Observable, type Subscriber } from 'rxjs'
import type { StampedEvent } from '../../events/defineEvent.js'

type Entry = { readonly types: ReadonlySet<string> | null; readonly subscriber: Subscriber<StampedEvent> }

/**
 * The store's stream of events. It behaves as a Subject for anyone who subscribes, and it also
 * routes by type: `ofType` on it (see ofType.ts) subscribes to only those types, so an event
 * reaches the effects that wait for it instead of passing every effect's filter. Subscribers
 * get events in the order they subscribed, typed or not, as with a Subject.
 */
export class EventStream extends Observable<StampedEvent> {
  private entries: Entry[] = []
  // Optimization: the subscribers of each event type, rebuilt after any (un)subscription.
  private byType = new Map<string, Subscriber<StampedEvent>[]>()

  constructor() {
    super((subscriber) => this.add(null, subscriber))
  }

  /** Events of these types only. */
  ofTypes(types: ReadonlySet<string>): Observable<StampedEvent> {
    return new Observable<StampedEvent>((subscriber) => this.add(types, subscriber))
  }

  next(event: StampedEvent): void {
    let list = this.byType.get(event.type)
    if (!list) {
      list = this.entries.filter((e) => e.types === null || e.types.has(event.type)).map((e) => e.subscriber)
      this.byType.set(event.type, list)
    }
    // A snapshot, as a Subject takes: subscriptions made or ended while delivering apply next time.
    for (const subscriber of list) subscriber.next(event)
  }

  private add(types: ReadonlySet<string> | null, subscriber: Subscriber<StampedEvent>): () => void {
    const entry: Entry = { types, subscriber }
    this.entries = [...this.entries, entry]
    this.byType.clear()
    return () => {
      this.entries = this.entries.filter((e) => e !== entry)
      this.byType.clear()
    }
  }
}
