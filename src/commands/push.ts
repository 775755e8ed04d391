import { routerPushed } from '../core/events/modal/router.js'
import type { ViewName } from '../core/events/views.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

/**
 * `modal.push`: shows a view on top of the current one, with its data if given.
 *
 * @example
 * modal.push('Networks')
 */
export function push(store: Pick<Store, 'dispatch'>): (view: ViewName, data?: unknown) => void {
  return (view, data) => hostCommand(store, 'push', () => routerPushed(data === undefined ? { view } : { view, data }))
}
