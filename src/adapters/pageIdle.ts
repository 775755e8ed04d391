/** How long an idle prefetch waits for the browser to be idle before it runs anyway. */
export const IDLE_PREFETCH_TIMEOUT_MS = 2_000

type IdleWindow = Window & {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number
}

/**
 * Resolves once the page has loaded and the browser is idle (`requestIdleCallback`, or a short
 * timer where there is none), so heavy chunks load after the page and never on a visitor's
 * first click. Outside a browser (no window or no document) it resolves `false` at once:
 * nothing is prefetched there.
 *
 * @example
 * void pageIdle(window).then((idle) => idle && import('./heavy.js'))
 */
export function pageIdle(win: Window | undefined, timeoutMs = IDLE_PREFETCH_TIMEOUT_MS): Promise<boolean> {
  if (!win || typeof win.document === 'undefined' || typeof win.addEventListener !== 'function') return Promise.resolve(false)
  const w = win as IdleWindow
  return new Promise<boolean>((resolve) => {
    const whenIdle = () => {
      if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback(() => resolve(true), { timeout: timeoutMs })
      else w.setTimeout(() => resolve(true), 50)
    }
    if (w.document.readyState === 'complete') whenIdle()
    else w.addEventListener('load', whenIdle, { once: true })
  })
}
