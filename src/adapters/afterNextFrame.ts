/** The longest a caller waits for the next frame (a throttled or background page may not draw one soon). */
export const NEXT_FRAME_WAIT_MS = 50

/**
 * Resolves just after the page's next frame, so work started in an input's task (a request
 * made as a click opens the modal) runs after that click's frame has painted. At once where no
 * frame is coming: outside a browser, or in a hidden tab; never later than NEXT_FRAME_WAIT_MS.
 *
 * @example
 * await afterNextFrame(window)
 * await fetch(url)
 */
export function afterNextFrame(win: Window | undefined = typeof window === 'undefined' ? undefined : window): Promise<void> {
  if (!win || typeof win.requestAnimationFrame !== 'function' || win.document?.visibilityState === 'hidden') return Promise.resolve()
  return new Promise<void>((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(fallback)
      resolve()
    }
    const fallback = setTimeout(finish, NEXT_FRAME_WAIT_MS)
    // The frame's callbacks run before it paints; the task after them runs once it has.
    win.requestAnimationFrame(() => setTimeout(finish, 0))
  })
}
