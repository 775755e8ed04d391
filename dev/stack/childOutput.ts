import type { ChildProcess } from 'node:child_process'

/**
 * Reads a dev server child's stdout and stderr line by line: each non-empty line goes to
 * `onLine`, and the last `keep` lines are kept for the error a failed start-up reports. Writing
 * to the stdin of a child that already exited no longer crashes the parent.
 *
 * @example
 * const tail = followChildOutput(child, (line) => log(`[31337] ${line}`), 20)
 * throw new Error(`exited before answering:\n${tail.join('\n')}`)
 */
export function followChildOutput(child: ChildProcess, onLine: (line: string) => void, keep: number): readonly string[] {
  const tail: string[] = []
  const forward = (stream: NodeJS.ReadableStream | null): void => {
    let buffered = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      buffered += chunk
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        if (line.trim() === '') continue
        tail.push(line)
        if (tail.length > keep) tail.shift()
        onLine(line)
      }
    })
  }
  forward(child.stdout)
  forward(child.stderr)
  child.stdin?.on('error', () => {})
  return tail
}
