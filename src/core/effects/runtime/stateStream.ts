import { Observable, type Subscriber } from 'rxjs'
import type { ModalState } from '../../state.js'

type Entry = {
  readonly subscriber: Subscriber<any>
  /** A watcher's step (see `watch`); a plain subscriber gets every state. */
  readonly watch: ((state: ModalState) => void) | null
  closed: boolean
}

/**
 * The present state as effects see it (`state$`): `.value` is the state after the event being
 * handled, `.previous` the one before it. It behaves as a BehaviorSubject for anyone who
 * subscribes, and `watch` (see watchState.ts) selects and compares inside the stream, so a state
 * that changes nothing a watcher looks at costs it one call of its selector. Subscribers and
 * watchers get each state in the order they subscribed, as with a Subject.
 */
export class StateStream extends Observable<ModalState> {
  /** The state before the event being handled (the same object when the event changed nothing). */
  previous: ModalState
  private current: ModalState
  // Replaced, never changed in place: a delivery goes through the list as it was when it began
  // (as a Subject's snapshot), so a subscription made while delivering starts with the next state.
  private entries: readonly Entry[] = []

  constructor(initial: ModalState) {
    super((subscriber) => {
      const entry: Entry = { subscriber, watch: null, closed: false }
      const stop = this.add(entry)
      // As a BehaviorSubject: the current state at once.
      subscriber.next(this.current)
      return stop
    })
    this.current = initial
    this.previous = initial
  }

  get value(): ModalState {
    return this.current
  }

  next(state: ModalState): void {
    this.current = state
    const entries = this.entries
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as Entry
      if (entry.closed) continue
      if (entry.watch) entry.watch(state)
      else entry.subscriber.next(state)
    }
  }

  /**
   * The selected value of the current state, then each selected value that differs from the
   * last one emitted (`equal` decides); a selector that throws errors the stream.
   */
  watch<T>(select: (state: ModalState) => T, equal: (previous: T, next: T) => boolean): Observable<T> {
    return new Observable<T>((subscriber) => {
      const step = selectStep(select, equal, subscriber)
      const stop = this.add({ subscriber, watch: step, closed: false })
      step(this.current)
      return stop
    })
  }

  private add(entry: Entry): () => void {
    this.entries = [...this.entries, entry]
    return () => {
      entry.closed = true
      this.entries = this.entries.filter((e) => e !== entry)
    }
  }
}

/**
 * One state's step of a watcher: selects, and passes the value on unless `equal` says it is the
 * last one passed on; a selector (or `equal`) that throws errors the subscriber.
 */
export function selectStep<T>(
  select: (state: ModalState) => T,
  equal: (previous: T, next: T) => boolean,
  subscriber: Subscriber<T>,
): (state: ModalState) => void {
  let seen = false
  let last: T
  return (state) => {
    let value: T
    try {
      value = select(state)
      if (seen && equal(last, value)) return
    } catch (error) {
      subscriber.error(error)
      return
    }
    seen = true
    last = value
    subscriber.next(value)
  }
}
