import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { ModalState } from '../core/state.js'
import { useModal } from './ModalContext.js'

/**
 * Subscribes to the part of the modal state `selector` picks; re-renders only when it changes
 * by `isEqual`. A server render uses the modal's initial state, so hydration matches.
 *
 * @example
 * const view = useModalState((s) => s.router.view)
 */
export function useModalState<T>(selector: (state: ModalState) => T, isEqual: (a: T, b: T) => boolean = Object.is): T {
  const modal = useModal()
  // Memoises the selection per snapshot so useSyncExternalStore sees a stable value.
  const select = useMemo(() => {
    let hasValue = false
    let lastState: ModalState | undefined
    let lastValue: T
    return (state: ModalState): T => {
      if (hasValue && state === lastState) return lastValue
      const next = selector(state)
      lastState = state
      if (hasValue && isEqual(lastValue, next)) return lastValue
      hasValue = true
      lastValue = next
      return next
    }
  }, [selector, isEqual])
  const subscribe = useCallback((onChange: () => void) => modal.subscribe(onChange), [modal])
  return useSyncExternalStore(
    subscribe,
    () => select(modal.getState()),
    () => select(modal.serverState),
  )
}
