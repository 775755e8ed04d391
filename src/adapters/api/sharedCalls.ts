/** One call in flight, with the callers waiting for it. */
type InFlight<T> = { promise: Promise<T>; controller: AbortController; callers: number }

/**
 * Calls shared by key while in flight, each caller with its own abort signal. A caller that
 * aborts stops waiting (its promise rejects with what `aborted` makes) and leaves the others
 * untouched; the call itself is aborted, and forgotten so nobody joins it any more, only once
 * every caller waiting for it has aborted. A caller without a signal keeps the call alive.
 *
 * @example
 * const balances = createSharedCalls<TokenBalance[] | null>(() => new ApiRequestError('Request was aborted', …))
 * balances.run('0xa1|eip155:1', (signal) => lookup(signal), { signal })
 */
export function createSharedCalls<T>(aborted: (reason: unknown) => Error) {
  const inFlight = new Map<string, InFlight<T>>()

  function join(key: string | null, call: InFlight<T>, signal: AbortSignal | undefined): Promise<T> {
    if (signal?.aborted) return Promise.reject(aborted(signal.reason))
    call.callers++
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        call.callers--
        if (call.callers === 0) {
          if (key !== null && inFlight.get(key) === call) inFlight.delete(key)
          call.controller.abort(signal?.reason)
        }
        reject(aborted(signal?.reason))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const done = () => signal?.removeEventListener('abort', onAbort)
      call.promise.then(
        (value) => {
          done()
          resolve(value)
        },
        (error: unknown) => {
          done()
          reject(error)
        },
      )
    })
  }

  function start(begin: (signal: AbortSignal) => Promise<T>): InFlight<T> {
    const controller = new AbortController()
    let promise: Promise<T>
    try {
      promise = begin(controller.signal)
    } catch (error) {
      promise = Promise.reject(error)
    }
    // Why: once every caller has left, nobody listens to the call's outcome.
    promise.catch(() => {})
    return { promise, controller, callers: 0 }
  }

  return {
    /**
     * Joins the call in flight under `key`, or starts one with `start`. With `share: false` a
     * fresh call is made and not offered to later callers (a forced refresh).
     */
    run(key: string, begin: (signal: AbortSignal) => Promise<T>, options: { signal?: AbortSignal | undefined; share?: boolean } = {}): Promise<T> {
      if (options.signal?.aborted) return Promise.reject(aborted(options.signal.reason))
      if (options.share === false) return join(null, start(begin), options.signal)
      let call = inFlight.get(key)
      if (!call) {
        const fresh = start(begin)
        call = fresh
        inFlight.set(key, fresh)
        const forget = () => {
          if (inFlight.get(key) === fresh) inFlight.delete(key)
        }
        fresh.promise.then(forget, forget)
      }
      return join(key, call, options.signal)
    },
    /** How many calls are in flight (for tests). */
    get size() {
      return inFlight.size
    },
  }
}
