let counter = 0

/**
 * A fresh id linking an intent to its outcomes. Intents' creators (`defineIntent`) mint it, so
 * the modal's own code never calls this; a host may, to give an intent an id it already knows.
 *
 * @example
 * const requestId = newRequestId()
 * modal.dispatch(connectionRequested({ connectorId, namespace: 'eip155' }, { requestId }))
 */
export function newRequestId(): string {
  const c = globalThis.crypto
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()
  counter += 1
  return `req-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}
