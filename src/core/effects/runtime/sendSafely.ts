/**
 * Calls an analytics port without letting it hurt the effect that calls it: a sink that throws
 * at once or rejects later is ignored (analytics never change what the visitor sees).
 *
 * @example
 * sendSafely(() => deps.analytics.track({ event: 'MODAL_OPEN' }))
 */
export function sendSafely(send: () => unknown): void {
  try {
    void Promise.resolve(send()).catch(() => undefined)
  } catch {
    // A sink that throws synchronously is as ignorable as one that rejects.
  }
}
