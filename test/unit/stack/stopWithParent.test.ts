// `npm start` and `npm test` run as a process manager runs them: stopping npm by its pid
// (SIGTERM or SIGKILL) must stop everything they started (for `npm start`: the chains, the
// gateway, the relay and the web server) and free their ports.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { isRunning, listDescendants, terminate, type ProcessId } from '../../../dev/stack/watchAncestors'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Five distinct free ports of 127.0.0.1. */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = []
  for (let i = 0; i < count; i++) {
    const server = createServer()
    await new Promise<void>((ok, fail) => {
      server.once('error', fail)
      server.listen(0, '127.0.0.1', () => ok())
    })
    servers.push(server)
  }
  const ports = servers.map((s) => (s.address() as AddressInfo).port)
  await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))))
  return ports
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms; output:\n${output}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.includes(text)) {
        clearTimeout(timer)
        resolve(output)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited (${code}) before "${text}"; output:\n${output}`))
    })
  })
}

let leftovers: ProcessId[] = []

afterEach(async () => {
  // Only so that a failing run does not leave the stack running for the next one.
  await terminate(leftovers, { first: 'SIGKILL' })
  leftovers = []
})

describe.each(['SIGTERM', 'SIGKILL'] as const)('npm start, its npm process stopped by pid with %s', (signal) => {
  it('stops every process it started and frees every port', async () => {
    const ports = await freePorts(5)
    // A directory whose parent does not exist yet, as .cache/ in a fresh checkout.
    const dataDir = join(mkdtempSync(join(tmpdir(), 'gangway-start-')), 'cache', 'gateway-db')
    const npm = spawn(NPM, ['start'], {
      cwd: ROOT,
      env: { ...process.env, GANGWAY_PORTS: ports.join(','), GANGWAY_SKIP_BUILD: '1', GANGWAY_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // The whole stack starts (two chains among it): slow when the machine runs other suites too.
    const output = await waitForOutput(npm, 'Press Ctrl+C to stop.', 150_000)
    for (const port of ports) expect(output).toContain(`127.0.0.1:${port}`)
    const started = listDescendants(npm.pid!)
    leftovers = started
    // tsx's CLI, the script's node and the two hardhat nodes at least.
    expect(started.length).toBeGreaterThanOrEqual(4)
    for (const port of ports) expect(await portIsFree(port)).toBe(false)

    npm.kill(signal)

    const stopped = await waitFor(async () => {
      if (started.some(isRunning)) return false
      for (const port of ports) if (!(await portIsFree(port))) return false
      return true
    }, 8_000)
    expect({
      running: started.filter(isRunning).map((id) => id.pid),
      busyPorts: (await Promise.all(ports.map(async (port) => ((await portIsFree(port)) ? null : port)))).filter((p) => p !== null),
    }).toEqual({ running: [], busyPorts: [] })
    expect(stopped).toBe(true)
  }, 180_000)
})

const commandLine = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
  } catch {
    return ''
  }
}

describe.each(['SIGTERM', 'SIGKILL'] as const)('npm test, its npm process stopped by pid with %s', (signal) => {
  it('stops the step it runs (here the typecheck) and everything under it', async () => {
    const npm = spawn(NPM, ['test'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    npm.stdout.resume()
    npm.stderr.resume()
    // Stop as soon as the first step (tsc, or vitest should tsc be done already) is running,
    // before a nested vitest could reach this file.
    let started: ProcessId[] = []
    const running = await waitFor(() => {
      started = listDescendants(npm.pid!)
      leftovers = started
      return started.some((id) => /bin\/tsc|tsgo|vitest\.mjs/.test(commandLine(id.pid)))
    }, 30_000)
    expect(running).toBe(true)
    // tsx's CLI, scripts/test.ts's node and the step at least.
    expect(started.length).toBeGreaterThanOrEqual(3)

    npm.kill(signal)

    await waitFor(() => !started.some(isRunning), 8_000)
    expect(started.filter(isRunning).map((id) => `${id.pid} ${commandLine(id.pid)}`)).toEqual([])
  }, 60_000)
})
