import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { CHROMIUM_PATH } from '../../dev/stack/chromium'

/**
 * One line naming the machine, runtime and source a figure came from, so results from
 * different boxes or commits are not compared by mistake.
 */
export function machineNote(extra: string[] = []): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  // The load average shows whether other work shared the cores during the run.
  const load = loadavg()[0]?.toFixed(1) ?? '?'
  const parts = [`${availableParallelism()} cores (${cpu}, load ${load} at start)`, `Node ${process.versions.node}`, ...extra, `source ${sourceRevision()}`]
  return parts.join(', ')
}

/** The commit measured, marked when src/ had uncommitted changes at the time. */
export function sourceRevision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { encoding: 'utf8' }).trim() !== ''
    return dirty ? `${head} + uncommitted src changes` : head
  } catch {
    return 'unknown'
  }
}

/** Today's date as YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10)
}

/** The version line of the Chromium the browser benches drive. */
export function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).match(/Chromium [\d.]+/)?.[0] ?? 'Chromium'
  } catch {
    return 'Chromium'
  }
}

/** An installed package's version (Vite, React), as the host apps were built with it. */
export function packageVersion(name: string): string {
  return (createRequire(import.meta.url)(`${name}/package.json`) as { version: string }).version
}
