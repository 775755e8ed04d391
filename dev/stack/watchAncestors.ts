// Stops a long-running dev process (the local stack, the test runner) when whoever started it
// goes away. A process manager stops `npm start` with `kill <pid of npm>`; npm, the shell and
// tsx's CLI between it and us may die without passing anything on (always so with SIGKILL), and
// our servers would keep their ports. So we record our ancestors at startup and poll them.
import { readdirSync, readFileSync } from 'node:fs'
import { constants } from 'node:os'

/** A process, identified by pid and, on Linux, its start time (so a reused pid is not mistaken for it). */
export type ProcessId = { pid: number; start: string | null }

export type StopCause = { kind: 'signal'; signal: NodeJS.Signals } | { kind: 'ancestor'; pid: number }

export type WatchOptions = {
  /** How often the ancestors are checked (default 500 ms; the timer does not keep the process alive). */
  intervalMs?: number
  /** Signals that also stop (default SIGTERM, SIGINT, SIGHUP); `[]` leaves signals to others. */
  signals?: readonly NodeJS.Signals[]
  /** Exit even if `stop` has not finished by then (default 15 s). */
  forceAfterMs?: number
  /** The exit code (default: 128 + the signal's number, or 129 when an ancestor is gone). */
  exitCode?: (cause: StopCause) => number
  /** Notes why we stop. */
  log?: (line: string) => void
}

const DEFAULT_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP']

/** A process's state letter, parent, session and start time (in clock ticks since boot). */
export type ProcessStat = { state: string; ppid: number; sid: number; start: string }

/** Fields of /proc/<pid>/stat (Linux), or null when the process does not exist (or no /proc). */
export function readStat(pid: number): ProcessStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (2nd field) is in parentheses and may hold spaces or parentheses.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const ppid = Number(fields[1])
    const start = fields[19]
    if (fields[0] === undefined || !Number.isInteger(ppid) || start === undefined) return null
    return { state: fields[0], ppid, sid: Number(fields[3]), start }
  } catch {
    return null
  }
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** `pid` with its start time when known (so it can be told apart from a later process with that pid). */
export function processId(pid: number): ProcessId {
  return { pid, start: readStat(pid)?.start ?? null }
}

/** Whether `id` still names a running process (a zombie counts as gone). */
export function isRunning(id: ProcessId): boolean {
  if (id.start === null) return exists(id.pid)
  const stat = readStat(id.pid)
  return stat !== null && stat.start === id.start && stat.state !== 'Z' && stat.state !== 'X'
}

/** The most ancestors watched when no npm process is found among them (script ← tsx ← shell). */
const MAX_ANCESTORS = 3

/**
 * The processes whose end must stop this one: its ancestors, parent first, up to and including
 * the nearest npm process (the one a process manager stops by pid), or the nearest
 * MAX_ANCESTORS when there is none. Not beyond: a shell or terminal that started `npm start`
 * in the background and went away is not a reason to stop. On Linux from /proc; elsewhere only
 * the parent.
 */
export function listAncestors(pid: number = process.pid): ProcessId[] {
  const self = readStat(pid)
  if (self === null) return pid === process.pid && process.ppid > 1 ? [{ pid: process.ppid, start: null }] : []
  const ancestors: ProcessId[] = []
  let ppid = self.ppid
  while (ppid > 1 && ancestors.length < 64) {
    const stat = readStat(ppid)
    if (stat === null) break
    ancestors.push({ pid: ppid, start: stat.start })
    if (isNpm(ppid)) return ancestors
    ppid = stat.ppid
  }
  return ancestors.slice(0, MAX_ANCESTORS)
}

/** Whether the process is npm (`npm start`, `node …/npm-cli.js test`, …). */
function isNpm(pid: number): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    return argv.slice(0, 2).some((arg) => /(^|\/)npm(-cli\.js)?$/.test(arg) || /^npm( |$)/.test(arg))
  } catch {
    return false
  }
}

/** Every descendant of `pid` running now (Linux; empty elsewhere), children first. */
export function listDescendants(pid: number = process.pid): ProcessId[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))
  } catch {
    return []
  }
  const children = new Map<number, ProcessId[]>()
  for (const entry of entries) {
    const stat = readStat(Number(entry))
    if (stat === null || stat.state === 'Z' || stat.state === 'X') continue
    const list = children.get(stat.ppid) ?? []
    list.push({ pid: Number(entry), start: stat.start })
    children.set(stat.ppid, list)
  }
  const found: ProcessId[] = []
  const queue = [pid]
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child)
      queue.push(child.pid)
    }
  }
  return found
}

function signal(id: ProcessId, name: NodeJS.Signals): void {
  if (!isRunning(id)) return
  try {
    process.kill(id.pid, name)
  } catch {
    // Gone between the check and the kill.
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Stops the given processes: `first` (default SIGTERM), then SIGKILL for those still running
 * after `graceMs`. Resolves when all are gone.
 */
export async function terminate(ids: readonly ProcessId[], options: { first?: NodeJS.Signals; graceMs?: number } = {}): Promise<void> {
  for (const id of ids) signal(id, options.first ?? 'SIGTERM')
  const deadline = Date.now() + (options.graceMs ?? 3_000)
  while (ids.some(isRunning) && Date.now() < deadline) await sleep(25)
  for (const id of ids) signal(id, 'SIGKILL')
  while (ids.some(isRunning) && Date.now() < deadline + 2_000) await sleep(25)
}

/**
 * Runs `stop` once, then exits, when this process gets one of `signals` or when any of its
 * ancestors (recorded now) is gone. After `stop`, descendants still running (a child that
 * `stop` did not know of) are terminated before exiting.
 *
 * @example
 * const stack = await startStack()
 * watchAncestors(() => stack.stop())
 */
export function watchAncestors(stop: (cause: StopCause) => unknown, options: WatchOptions = {}) {
  const ancestors = listAncestors()
  const signals = options.signals ?? DEFAULT_SIGNALS
  const exitCode =
    options.exitCode ??
    ((cause: StopCause) => 128 + (cause.kind === 'signal' ? (constants.signals[cause.signal] ?? 1) : constants.signals.SIGHUP))
  let stopping = false

  const trigger = (cause: StopCause): void => {
    if (stopping) return
    stopping = true
    dispose()
    options.log?.(cause.kind === 'signal' ? `${cause.signal} received: stopping` : `parent process ${cause.pid} is gone: stopping`)
    const code = exitCode(cause)
    const force = setTimeout(() => {
      for (const id of listDescendants()) signal(id, 'SIGKILL')
      process.exit(code)
    }, options.forceAfterMs ?? 15_000)
    force.unref()
    void (async () => {
      try {
        await stop(cause)
      } catch (error) {
        options.log?.(`stopping failed: ${error instanceof Error ? error.message : String(error)}`)
      }
      await terminate(listDescendants())
      process.exit(code)
    })()
  }

  const onSignal = (name: NodeJS.Signals) => trigger({ kind: 'signal', signal: name })
  for (const name of signals) process.on(name, onSignal)
  const timer = setInterval(() => {
    const gone = ancestors.find((id) => !isRunning(id))
    if (gone !== undefined) trigger({ kind: 'ancestor', pid: gone.pid })
  }, options.intervalMs ?? 500)
  timer.unref()

  function dispose(): void {
    clearInterval(timer)
    // Stay subscribed while stopping, so a second Ctrl+C does not kill us half-way.
    if (!stopping) for (const name of signals) process.off(name, onSignal)
  }

  return { ancestors: ancestors as readonly ProcessId[], dispose, trigger }
}
