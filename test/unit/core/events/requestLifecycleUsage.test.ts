import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The request lifecycle has one home, src/core/events/requestLifecycle.ts: intents' creators
// mint their requestId there, and whether an event is for the pending request is decided there.
// This keeps it so: a requestId minted or compared by hand anywhere else in src/ fails here.

const ROOT = resolve(import.meta.dirname, '../../../..')
const HELPER = 'src/core/events/requestLifecycle.ts'

/**
 * Files that handle `requestId` as a field of the serialised event, not as a request's identity:
 * they may test whether it is there (`=== undefined`, `typeof … !== 'string'`), nothing more.
 */
const PRESENCE_CHECKS: Record<string, string> = {
  'src/core/events/catalogue.ts': 'checks and copies the field of an event a host or an imported log hands in',
  'src/core/events/defineEvent.ts': 'leaves the field out of an event made without one',
  'src/core/store.ts': 'stamps the event and counts the field in its serialised size',
}

/** Files where `requestId` is another thing altogether. */
const OTHER_MEANING: Record<string, string> = {
  'src/core/domain/siwx.ts': "the SIWX (EIP-4361) message's own Request ID line",
}

/** A comparison with a requestId on either side, or a lookup of one in a list. */
const COMPARISON = /[\w$.?]*requestId\b[\s!]*[!=]==?\s*\(?[^\s)&|,;:]*|[!=]==?\s*\(?\s*[\w$.?]*requestId\b|\.includes\([^)]*requestId\b/gi
const PRESENCE = /[!=]==?\s*\(?(?:undefined|'string')$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Each line of code of src/ (comment lines left out) with its file and line number. */
function codeLines(): { file: string; line: number; text: string }[] {
  return sourceFiles(join(ROOT, 'src')).flatMap((path) => {
    const file = relative(ROOT, path).split('\\').join('/')
    return readFileSync(path, 'utf8')
      .split('\n')
      .map((text, i) => ({ file, line: i + 1, text }))
      .filter(({ text }) => !/^\s*(\*|\/\/|\/\*)/.test(text))
  })
}

/** Whether a line of a file compares request ids by hand. */
function comparesByHand(file: string, text: string): boolean {
  if (file === HELPER || file in OTHER_MEANING) return false
  return [...text.matchAll(COMPARISON)].some((m) => !(file in PRESENCE_CHECKS && PRESENCE.test(m[0].trim())))
}

const where = ({ file, line, text }: { file: string; line: number; text: string }) => `${file}:${line}: ${text.trim()}`

describe('the request lifecycle stays in one place', () => {
  const lines = codeLines()

  it('sees the source it guards (the helper, intents, the files it exempts)', () => {
    const files = new Set(lines.map((l) => l.file))
    for (const file of [HELPER, ...Object.keys(PRESENCE_CHECKS), ...Object.keys(OTHER_MEANING)]) expect(files, file).toContain(file)
    expect(lines.some((l) => l.file === HELPER && l.text.includes('newRequestId('))).toBe(true)
  })

  it('mints request ids only in the intents’ creators (defineIntent)', () => {
    const minted = lines.filter((l) => l.file !== HELPER && /\bnewRequestId\(/.test(l.text) && !/function newRequestId\(/.test(l.text))
    expect(minted.map(where), 'give the event a creator made with defineIntent instead').toEqual([])
  })

  it('compares request ids only in the helper (isCurrentRequest, namesRequest, ofRequest)', () => {
    const compared = lines.filter((l) => comparesByHand(l.file, l.text)).map(where)
    expect(compared, 'use isCurrentRequest / namesRequest / ofRequest from requestLifecycle.ts').toEqual([])
  })

  it('would catch the hand-written forms it replaced', () => {
    const caught = (text: string, file = 'src/core/reducers/someReducer.ts') => comparesByHand(file, text)
    expect(caught('if (s.requestId !== event.requestId) return')).toBe(true)
    expect(caught("s.quote.requestId === (requestId ?? null)")).toBe(true)
    expect(caught('filter((e) => e.requestId === requestId)')).toBe(true)
    expect(caught("if (w.reconnect[ns] !== (event.requestId ?? 'reconnect')) return")).toBe(true)
    expect(caught('pending?.requestId === walletListRequestId(e)')).toBe(true)
    expect(caught('abandoned.includes(e.requestId)')).toBe(true)
    expect(caught('return prev.modal.open && event.requestId !== undefined')).toBe(true)
    // A presence check is allowed only where the field is handled as serialised data.
    expect(caught('if (input.requestId === undefined) return', 'src/core/store.ts')).toBe(false)
    expect(caught("typeof e.requestId !== 'string'", 'src/core/events/catalogue.ts')).toBe(false)
    expect(caught('if (s.requestId !== event.requestId) return', 'src/core/store.ts')).toBe(true)
    expect(caught('const id = window.requestIdleCallback === undefined')).toBe(false)
  })
})
