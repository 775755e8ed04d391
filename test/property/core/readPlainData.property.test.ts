import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { plainDataProblem, readPlainData } from '../../../src/core/events/schema'
import { fcParams } from '../fcSettings'

// JSON values with the corners JSON.stringify treats specially: -0, escapes, lone surrogates,
// undefined fields (dropped), and keys in any order.
const corner = fc.oneof(fc.constant(-0), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }))
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    corner,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit: 'binary' }), fc.option(tie('v'), { nil: undefined }), { maxKeys: 4 }),
  ),
})).v.filter((v) => !hasForbiddenKey(v))

/** Keys the check refuses on purpose (they could reach a prototype): not plain data here. */
function hasForbiddenKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasForbiddenKey)
  if (typeof v !== 'object' || v === null) return false
  return Object.entries(v).some(([k, item]) => ['__proto__', 'constructor', 'prototype'].includes(k) || hasForbiddenKey(item))
}

describe('readPlainData', () => {
  it('copies a value as JSON.parse(JSON.stringify(value)) would, and measures its JSON length, in one walk', () => {
    fc.assert(
      fc.property(value, (v) => {
        const read = readPlainData(v, 'payload', { copy: true })
        if (typeof read === 'string') throw new Error(read)
        const json = JSON.stringify(v)
        expect(read.size).toBe(json.length)
        expect(JSON.stringify(read.value)).toBe(json)
        expect(read.value).toStrictEqual(JSON.parse(json))
        if (typeof v === 'object' && v !== null) expect(read.value).not.toBe(v)
        // Without a copy it hands the value back as it is.
        const checked = readPlainData(v, 'payload')
        expect(checked).toEqual({ value: v, size: json.length })
      }),
      fcParams({ numRuns: 400 }),
    )
  })

  it('names the path of what is not JSON data', () => {
    const cyclic: Record<string, unknown> = { a: [1, { b: 2 }] }
    ;((cyclic.a as unknown[])[1] as Record<string, unknown>).c = cyclic
    expect(plainDataProblem(cyclic, 'payload')).toBe('payload.a[1].c is circular')
    expect(plainDataProblem({ a: [1, 2n] }, 'payload')).toBe('payload.a[1] must be JSON data, got bigint')
    expect(plainDataProblem({ a: { b: Number.NaN } }, 'payload')).toBe('payload.a.b must be a finite number, got NaN')
    expect(plainDataProblem(JSON.parse('{"x":{"__proto__":1}}'), 'payload')).toBe('payload.x.__proto__ is not allowed')
    expect(plainDataProblem({ get a() { return 1 } }, 'payload')).toBe('payload.a must be data, not an accessor')
    expect(plainDataProblem([1, , 3], 'payload')).toBe('payload[1] must be JSON data, got undefined')
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(plainDataProblem(deep, 'payload')).toMatch(/^payload(\[0\]){64} is nested deeper than 64 levels$/)
    const throwing = new Proxy({}, { ownKeys: () => { throw new Error('trap') } })
    expect(plainDataProblem({ p: throwing }, 'payload')).toBe('payload.p could not be read (trap)')
    // After a walk that stopped half-way, the next one starts clean.
    expect(readPlainData({ a: [{ b: 1 }] }, 'payload', { copy: true })).toEqual({ value: { a: [{ b: 1 }] }, size: 15 })
  })

  it('reads a value while reading another (a trap that dispatches), each walk on its own', () => {
    const inner: unknown[] = []
    const target = { x: { y: [1, 2] } }
    const reentrant = new Proxy(target, {
      getOwnPropertyDescriptor: (t, key) => {
        inner.push(readPlainData({ deep: [{ z: 'in' }] }, 'other', { copy: true }), plainDataProblem({ bad: [1, 2n] }, 'other'))
        return Reflect.getOwnPropertyDescriptor(t, key)
      },
    })
    expect(readPlainData({ a: [reentrant] }, 'payload', { copy: true })).toEqual({ value: { a: [{ x: { y: [1, 2] } }] }, size: JSON.stringify({ a: [target] }).length })
    // The trap runs for each look at a key: every walk made in it read its own value right.
    expect(inner.length).toBeGreaterThan(0)
    for (let i = 0; i < inner.length; i += 2) {
      expect(inner[i]).toEqual({ value: { deep: [{ z: 'in' }] }, size: JSON.stringify({ deep: [{ z: 'in' }] }).length })
      expect(inner[i + 1]).toBe('other.bad[1] must be JSON data, got bigint')
    }
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = [cyclic]
    expect(plainDataProblem(cyclic, 'payload')).toBe('payload.self[0] is circular')
  })
})
