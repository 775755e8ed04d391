/** Each contender's total time over its batches, in ms: on the wall clock and in CPU time. */
export type InterleavedTimes = {
  wallMs: number[]
  /**
   * CPU time the process spent (user + system, every thread: garbage collection included) while
   * the contender ran. Time the machine gave to other work is not in it.
   */
  cpuMs: number[]
}

/**
 * Times several contenders on the same work in alternating short batches (A B, B A, … for two;
 * every order in turn for more) and returns each one's totals. Timed one after the other, a
 * burst of load from elsewhere on the machine, or a collection, lands on one contender and not
 * the other; interleaved, both see the same machine, so their ratio holds on a busy one.
 *
 * `contenders[i](batch)` does batch number `batch` (0 … batches − 1) of contender i's work;
 * `round` shifts which order starts, so successive runs do not always lead with the same one.
 *
 * @example
 * const { cpuMs: [foldMs, floorMs] } = timeInterleaved([(b) => foldBatch(b), (b) => floorBatch(b)], 100)
 */
export function timeInterleaved(contenders: readonly ((batch: number) => void)[], batches: number, round = 0): InterleavedTimes {
  const orders = permutations(contenders.map((_, i) => i))
  const wallMs = contenders.map(() => 0)
  const cpuMs = contenders.map(() => 0)
  for (let b = 0; b < batches; b++) {
    for (const i of orders[(b + round) % orders.length] as number[]) {
      const contender = contenders[i] as (batch: number) => void
      const wall = performance.now()
      const cpu = process.cpuUsage()
      contender(b)
      const { user, system } = process.cpuUsage(cpu)
      wallMs[i] = (wallMs[i] as number) + performance.now() - wall
      cpuMs[i] = (cpuMs[i] as number) + (user + system) / 1000
    }
  }
  return { wallMs, cpuMs }
}

/** Every order of `items` (for two: [a, b], [b, a]). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  const out: T[][] = []
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest])
  })
  return out
}
