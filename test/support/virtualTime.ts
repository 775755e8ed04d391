import { VirtualTimeScheduler } from 'rxjs'

/**
 * Virtual time for effects: one scheduler drives rxjs timers and the store's clock, and
 * `advanceBy` runs everything due up to the new time.
 */
export function createVirtualTime(start = 1_700_000_000_000) {
  const scheduler = new VirtualTimeScheduler()
  let now = start
  return {
    scheduler,
    clock: { now: () => now },
    get now() {
      return now
    },
    /** Runs timers due within `ms` and moves the clock forward; settles promises in between. */
    async advanceBy(ms: number) {
      const target = scheduler.frame + ms
      const base = now - scheduler.frame
      for (;;) {
        await settle()
        const next = (scheduler.actions[0] as { delay: number } | undefined)?.delay
        if (next === undefined || next > target) break
        scheduler.maxFrames = next
        now = base + next
        scheduler.flush()
      }
      scheduler.frame = target
      now = base + target
      await settle()
    },
  }
}

/** Lets pending promise callbacks (storage reads and writes) run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setTimeout(r, 0))
}
