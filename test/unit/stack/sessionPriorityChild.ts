// A process at nice 5 that starts a child in a session of its own (as Playwright starts Chromium),
// then shares its priority with it; prints what it set and the child's autogroup as JSON.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import { shareSessionPriority } from '../../../dev/stack/sessionPriority'

setPriority(5)
const child = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' })
await new Promise((resolve) => child.once('spawn', resolve))
const read = () => readFileSync(`/proc/${child.pid}/autogroup`, 'utf8').trim()
const before = read()
const set = shareSessionPriority()
const after = read()
child.kill()
console.log(JSON.stringify({ pid: child.pid, set, before, after }))
