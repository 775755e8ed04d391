/**
 * Calls an analytics port without letting it hurt the effect that calls it: a sink that throws
 * at once or rejects later is ignored (analytics never change what the visitor sees).
 *
 * @example
 * sendSafely(() => deps.analytics.track({ event: 'MODAL_OPEN' }))
 */
export function sendSafely(send: () => unknown): void {
  try {
    const sent = send()
    // Optimization: only an object (a promise, a thenable) can fail later; a sink that answers
    // with nothing, as most do, needs no promise made to catch that.
    if (sent !== null && (typeof sent === 'object' || typeof sent === 'function')) void Promise.resolve(sent).catch(() => undefined)
  } catch {
    // A sink that throws synchronously is as ignorable as one that rejects.
  }
}
