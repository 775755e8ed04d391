import type { Draft } from 'immer'
import { routerPushed, routerReplaced, routerReset, routerWentBack } from '../events/router.js'
import type { StampedEvent } from '../events/defineEvent.js'
import type { ViewName } from '../events/views.js'
import type { ModalState } from '../state.js'

/** History is a stack whose top is the current view; it is never empty. */
export function routerReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const r = draft.router
  if (routerPushed.match(event)) {
    r.history.push(event.payload.view)
    r.view = event.payload.view
    r.data = event.payload.data
  } else if (routerReplaced.match(event)) {
    r.history[r.history.length - 1] = event.payload.view
    r.view = event.payload.view
    r.data = event.payload.data
  } else if (routerWentBack.match(event)) {
    if (r.history.length > 1) r.history.pop()
    r.view = r.history[r.history.length - 1] as ViewName
    r.data = undefined
  } else if (routerReset.match(event)) {
    resetRouter(draft, event.payload.view)
  }
}

export function resetRouter(draft: Draft<ModalState>, view: ViewName): void {
  draft.router.history = [view]
  draft.router.view = view
  draft.router.data = undefined
}
