import { InvalidInputError } from '../core/errors/base.js'
import { modalOpenRequested } from '../core/events/modal/modal.js'
import { isPlainObject, show } from '../core/events/schema.js'
import type { Namespace, ViewName } from '../core/events/views.js'
import type { Store } from '../core/store.js'
import { hostCommand } from './hostCommand.js'

export type OpenOptions = { view?: ViewName; namespace?: Namespace }

/**
 * `modal.open`: opens the modal, on a view and for a namespace if given.
 *
 * @example
 * modal.open() // modal.open('Networks'), modal.open({ view: 'Connect', namespace: 'solana' })
 */
export function open(store: Pick<Store, 'dispatch'>): (options?: OpenOptions | ViewName) => void {
  return (o) => hostCommand(store, 'open', () => modalOpenRequested(openPayload(o)))
}

/** `open()`, `open('Networks')` or `open({ view, namespace })`; anything else is refused. */
function openPayload(o: unknown): OpenOptions {
  if (o === undefined) return {}
  if (typeof o === 'string') return { view: o as ViewName }
  if (!isPlainObject(o)) throw new InvalidInputError('Invalid open arguments', { details: `expected a view name or { view, namespace }, got ${show(o)}` })
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(o)) if (value !== undefined) out[key] = value
  return out as OpenOptions
}
