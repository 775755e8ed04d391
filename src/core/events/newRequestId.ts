let counter = 0

/**
 * A fresh id linking an intent to its outcomes. Made where an intent starts (UI, host command,
 * effect), never in a reducer.
 *
 * @example
 * modal.dispatch(connectionRequested({ connectorId, namespace: 'eip155' }, { requestId: newRequestId() }))
 */
export function newRequestId(): string {
  const c = globalThis.crypto
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()
  counter += 1
  return `req-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}
