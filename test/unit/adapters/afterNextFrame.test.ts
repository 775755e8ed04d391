import { describe, expect, it } from 'vitest'
import { afterNextFrame, NEXT_FRAME_WAIT_MS } from '../../../src/adapters/afterNextFrame'

/** A page whose frames the test draws. */
function page(visibility: 'visible' | 'hidden' = 'visible') {
  const frames: (() => void)[] = []
  const win = { document: { visibilityState: visibility }, requestAnimationFrame: (run: () => void) => frames.push(run) } as unknown as Window
  return { win, frames, draw: () => frames.splice(0).forEach((run) => run()) }
}

const state = (p: Promise<void>) => {
  const s = { settled: false }
  void p.then(() => (s.settled = true))
  return s
}
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

describe('afterNextFrame', () => {
  it('resolves in the task after the next frame, not before it', async () => {
    const p = page()
    const s = state(afterNextFrame(p.win))
    await tick()
    expect(s.settled).toBe(false)
    p.draw()
    expect(s.settled).toBe(false)
    await tick()
    expect(s.settled).toBe(true)
  })

  it('resolves at once where no frame is coming: no window, no requestAnimationFrame, a hidden tab', async () => {
    const hidden = state(afterNextFrame(page('hidden').win))
    const bare = state(afterNextFrame({ document: {} } as unknown as Window))
    await Promise.resolve()
    expect(hidden.settled).toBe(true)
    expect(bare.settled).toBe(true)
    await expect(afterNextFrame(undefined)).resolves.toBeUndefined()
  })

  it('waits no longer than NEXT_FRAME_WAIT_MS for a frame that does not come', async () => {
    const p = page()
    const started = Date.now()
    await afterNextFrame(p.win)
    expect(Date.now() - started).toBeGreaterThanOrEqual(NEXT_FRAME_WAIT_MS - 5)
    expect(p.frames).toHaveLength(1)
  })
})
