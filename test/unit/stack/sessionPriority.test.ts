import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

describe('a browser started in a session of its own runs at its launcher\'s priority', () => {
  it('gives a child that leads its own session the launcher\'s nice value', async () => {
    const script = fileURLToPath(new URL('./sessionPriorityChild.ts', import.meta.url))
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script])
    const { pid, set, before, after } = JSON.parse(stdout.trim().split('\n').pop()!) as { pid: number; set: number[]; before: string; after: string }
    // A new session is a new autogroup, at the kernel's default nice 0 whatever its parent's.
    expect(before).toMatch(/nice 0$/)
    expect(set).toEqual([pid])
    expect(after).toMatch(/nice 5$/)
  })
})
