import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { readStat } from './watchAncestors'

// Why: with the kernel's autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled, on in
// Debian's kernels), each session shares the CPU with the others as one group, whatever its
// processes' nice values. Playwright starts Chromium in a session of its own (setsid), so a
// browser launched by a test step at nice 10 took as much CPU as the whole rest of the run, the
// unit suite's timing budgets included.

/**
 * Gives the session of each child of this process that leads a session of its own (a browser
 * Playwright launched) this process's nice value, so it competes for the CPU as this process
 * does. Returns the session leaders it set. Does nothing where there is no /proc or autogroup
 * (other systems, a kernel without it) or where the change is not allowed.
 *
 * @example
 * const browser = await chromium.launch(…)
 * shareSessionPriority()
 */
export function shareSessionPriority(): number[] {
  const own = readStat(process.pid)
  if (!own) return []
  let nice: number
  try {
    nice = getPriority()
  } catch {
    return []
  }
  const set: number[] = []
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    const stat = readStat(pid)
    if (!stat || stat.ppid !== process.pid || stat.sid !== pid || stat.sid === own.sid) continue
    if (setSessionPriority(pid, nice)) set.push(pid)
  }
  return set
}

/**
 * Sets the nice value of the session (autogroup) `pid` belongs to: how the kernel weighs that
 * whole session against the others. False where there is no autogroup or it may not be changed.
 *
 * @example
 * const child = spawn(command, args, { detached: true }) // a session of its own
 * child.once('spawn', () => setSessionPriority(child.pid!, 10))
 */
export function setSessionPriority(pid: number, nice: number): boolean {
  try {
    const [, current] = /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8')) ?? []
    if (Number(current) !== nice) writeFileSync(`/proc/${pid}/autogroup`, String(nice))
    return true
  } catch {
    // No autogroup here, or not ours to change: the session keeps the kernel's default share.
    return false
  }
}
