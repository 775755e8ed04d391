import { Observable } from 'rxjs'
import type { ModalState } from '../../state.js'
import { selectStep, StateStream } from './stateStream.js'

/**
 * What `state$.pipe(map(select), distinctUntilChanged(equal))` gives, in one step: the selected
 * value of the first state, then each selected value that differs from the last one emitted.
 *
 * Optimization: every state-watching effect sees every state; one subscriber a state instead
 * of a chain of two keeps the cost of an event that changes nothing they watch to a call of
 * `select` per effect. On the store's state stream the selecting and comparing happen inside
 * the stream (`StateStream.watch`), so such a state does not go through a subscriber at all.
 *
 * @example
 * watchState(state$, (s) => s.modal.open) // true, false, true… as the modal opens and closes
 */
export function watchState<T>(
  state$: Observable<ModalState>,
  select: (state: ModalState) => T,
  equal: (previous: T, next: T) => boolean = (a, b) => a === b,
): Observable<T> {
  if (state$ instanceof StateStream) return state$.watch(select, equal)
  return new Observable<T>((subscriber) => {
    const step = selectStep(select, equal, subscriber)
    return state$.subscribe({
      next: step,
      error: (error: unknown) => subscriber.error(error),
      complete: () => subscriber.complete(),
    })
  })
}
