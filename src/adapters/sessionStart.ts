/** How long a first visit's session waits, after the page's load event, for the browser to be idle. */
export const START_IDLE_TIMEOUT_MS = 500

/** When a modal's session may start, and the way to ask for it sooner. */
export type SessionStart = {
  /** Resolves when the session may start. */
  readonly ready: Promise<void>
  /** Asks for the start now: something was dispatched and waits for the session. */
  now(): void
}

/**
 * When a modal in a page starts its session (loads its engine, reads what is stored, runs the
 * events that wait). Optimization: the engine is not in the host's first bundle; on a first
 * visit it loads once the browser is idle after the page's load event, so it never competes
 * with the host's own start. It starts at once outside a browser or when the page has loaded
 * already; sooner when it is needed: a returning visitor (`returning` resolves true: a
 * connection may be restored) or an event dispatched before (`now()`, a visitor who clicked
 * before the page finished loading).
 *
 * @example
 * const start = sessionStart(window, storage.get('durable').then((d) => d != null))
 * start.ready.then(() => loadEffects())
 */
export function sessionStart(win: Window | undefined, returning: Promise<boolean>): SessionStart {
  let now = (): void => undefined
  const ready = new Promise<void>((resolve) => {
    now = () => resolve()
    if (!win || typeof win.document === 'undefined' || typeof win.addEventListener !== 'function' || win.document.readyState === 'complete') {
      resolve()
      return
    }
    // Optimization: after the load event, once the browser is idle (at most START_IDLE_TIMEOUT_MS
    // later), so the engine's chunk is not evaluated before the host's first frame.
    win.addEventListener('load', () => whenIdle(win, resolve), { once: true })
    returning.then((yes) => yes && resolve(), () => undefined)
  })
  return { ready, now: () => now() }
}

/**
 * A session that starts only when asked (\`now()\`): a modal on a server, where nothing starts
 * on its own.
 */
export function sessionStartOnDemand(): SessionStart {
  let now = (): void => undefined
  const ready = new Promise<void>((resolve) => {
    now = () => resolve()
  })
  return { ready, now: () => now() }
}

function whenIdle(win: Window, run: () => void): void {
  const w = win as Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number }
  if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(run, { timeout: START_IDLE_TIMEOUT_MS })
  else setTimeout(run, 0)
}
