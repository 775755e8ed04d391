/**
 * A small runtime schema for event payloads. Host apps can dispatch events directly, so every
 * payload is checked before it reaches a reducer; a failed check names the path and the
 * expectation. Kept tiny on purpose: it ships in the host's bundle.
 */
export type Schema<T> = {
  /** Returns the problem (with its path) or null when `value` fits. */
  check(value: unknown, path: string): string | null
  /**
   * Whether `value` fits: true exactly when `check` returns null. Optional; the schemas made here
   * have it. Optimization: a payload that fits (nearly every one) is told so without building
   * the path texts `check` carries for its message; `check` is asked only for one that does not.
   */
  readonly fits?: (value: unknown) => boolean
  /** Phantom field carrying the static type. */
  readonly _type?: T
}

/** Whether `value` fits `schema` (`check` answers for a schema without `fits`). */
export function fits(schema: Schema<unknown>, value: unknown): boolean {
  return schema.fits ? schema.fits(value) : schema.check(value, '') === null
}

export type Infer<S> = S extends Schema<infer T> ? T : never

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value

/** How deep a payload may nest; deeper ones are refused before anything recurses into them. */
export const MAX_PAYLOAD_DEPTH = 64
/** How many values (objects, arrays, primitives) a payload may hold in all. */
export const MAX_PAYLOAD_NODES = 200_000
/** Keys that could reach an object's prototype when a payload is merged or spread somewhere. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** A value as text for an error message, never throwing (bigint, cycles, symbols). */
export function show(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'symbol' || typeof value === 'function') return typeof value
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  if (value === undefined || typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return describe(value)
}

/**
 * Checks that a value is plain JSON data: plain objects and arrays, finite numbers, strings,
 * booleans, null (undefined only as an object's field), no cycles, no prototype keys, no
 * accessors, at most `MAX_PAYLOAD_DEPTH` levels and `MAX_PAYLOAD_NODES` values. Returns the
 * problem with its path, or null. Getters that throw or proxies count as a problem.
 *
 * @example
 * plainDataProblem({ a: 1n }, 'payload') // 'payload.a must be JSON data, got bigint'
 */
export function plainDataProblem(value: unknown, path: string, maxDepth = MAX_PAYLOAD_DEPTH): string | null {
  const read = readPlainData(value, path, { maxDepth })
  return typeof read === 'string' ? read : null
}

/** What `readPlainData` found: the value (a detached copy when asked for) and its JSON length. */
export type PlainData = { value: unknown; size: number }

/**
 * `plainDataProblem`'s check in one walk that can also copy the value (what
 * `JSON.parse(JSON.stringify(value))` gives, without its two passes and the text between them)
 * and measures `JSON.stringify(value).length`. Returns the problem instead when there is one.
 * The walk recurses at most `maxDepth` levels, so no value can overflow the stack.
 */
export function readPlainData(value: unknown, path: string, options: { copy?: boolean; maxDepth?: number } = {}): PlainData | string {
  // A walk begun while another runs (a getter or a proxy's trap that dispatches) gets its own.
  const walk = idle ?? { root: path, copy: false, maxDepth: 0, nodes: 0, size: 0, keys: [], depth: 0, ancestors: [], open: 0 }
  idle = undefined
  walk.root = path
  walk.copy = options.copy === true
  walk.maxDepth = options.maxDepth ?? MAX_PAYLOAD_DEPTH
  walk.nodes = 0
  walk.size = 0
  try {
    const copied = visit(walk, value, 0)
    return { value: copied, size: walk.size }
  } catch (error) {
    if (error instanceof DataProblem) return error.message
    return `${pathOf(walk)} could not be read (${error instanceof Error ? error.message : 'unreadable value'})`
  } finally {
    // A walk that stopped half-way lets go of what it was reading.
    for (let i = 0; i < walk.open; i++) walk.ancestors[i] = undefined
    for (let i = 0; i < walk.depth; i++) walk.keys[i] = undefined
    walk.open = 0
    walk.depth = 0
    idle = walk
  }
}

type Walk = {
  root: string
  copy: boolean
  maxDepth: number
  nodes: number
  size: number
  /** The keys and indexes from the root to the value being read, `depth` of them (its path, built on failure only). */
  readonly keys: (string | number | undefined)[]
  depth: number
  /** The arrays and objects the value being read is inside, `open` of them. */
  readonly ancestors: (object | undefined)[]
  open: number
}

// Optimization: every dispatched event's payload is walked; one walk's arrays serve them all
// instead of two new arrays (and their first growth) per event.
let idle: Walk | undefined

class DataProblem {
  constructor(readonly message: string) {}
}

function pathOf(walk: Walk, last?: string | number): string {
  let path = walk.root
  const keys = walk.keys.slice(0, walk.depth)
  if (last !== undefined) keys.push(last)
  for (const key of keys) path += typeof key === 'number' ? `[${key}]` : `.${key}`
  return path
}

function visit(walk: Walk, v: unknown, depth: number): unknown {
  if (++walk.nodes > MAX_PAYLOAD_NODES) throw new DataProblem(`${walk.root} holds more than ${MAX_PAYLOAD_NODES} values`)
  if (typeof v === 'string') {
    walk.size += jsonStringLength(v)
    return v
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new DataProblem(`${pathOf(walk)} must be a finite number, got ${String(v)}`)
    walk.size += jsonNumberLength(v)
    return walk.copy && v === 0 ? 0 : v // JSON has no -0
  }
  if (typeof v === 'boolean') {
    walk.size += v ? 4 : 5
    return v
  }
  if (v === null) {
    walk.size += 4
    return v
  }
  if (typeof v !== 'object') throw new DataProblem(`${pathOf(walk)} must be JSON data, got ${typeof v}`)
  if (depth >= walk.maxDepth) throw new DataProblem(`${pathOf(walk)} is nested deeper than ${walk.maxDepth} levels`)
  for (let i = 0; i < walk.open; i++) if (walk.ancestors[i] === v) throw new DataProblem(`${pathOf(walk)} is circular`)
  walk.ancestors[walk.open++] = v
  let result: unknown = v
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) throw new DataProblem(`${pathOf(walk)} must be plain JSON data`)
    const n = v.length
    const copy: unknown[] | undefined = walk.copy ? new Array(n) : undefined
    walk.size += n === 0 ? 2 : n + 1 // brackets and commas
    for (let i = 0; i < n; i++) {
      const item: unknown = v[i]
      if (item === undefined || !(i in v)) throw new DataProblem(`${pathOf(walk, i)} must be JSON data, got undefined`)
      walk.keys[walk.depth++] = i
      const copied = visit(walk, item, depth + 1)
      walk.keys[--walk.depth] = undefined
      if (copy) copy[i] = copied
    }
    if (copy) result = copy
  } else {
    if (!isPlainObject(v)) throw new DataProblem(`${pathOf(walk)} must be plain JSON data`)
    if (Object.getOwnPropertySymbols(v).length > 0) throw new DataProblem(`${pathOf(walk)} must be plain JSON data, has symbol keys`)
    const copy: Record<string, unknown> | undefined = walk.copy ? {} : undefined
    let fields = 0
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) throw new DataProblem(`${pathOf(walk, key)} is not allowed`)
      const descriptor = Object.getOwnPropertyDescriptor(v, key)
      if (descriptor && (descriptor.get || descriptor.set)) throw new DataProblem(`${pathOf(walk, key)} must be data, not an accessor`)
      const item: unknown = descriptor ? descriptor.value : v[key]
      if (item === undefined) continue
      walk.size += jsonStringLength(key) + 1 // "key":
      fields++
      walk.keys[walk.depth++] = key
      const copied = visit(walk, item, depth + 1)
      walk.keys[--walk.depth] = undefined
      if (copy) copy[key] = copied
    }
    walk.size += fields === 0 ? 2 : fields + 1 // braces and commas
    if (copy) result = copy
  }
  walk.ancestors[--walk.open] = undefined
  return result
}

// Characters JSON escapes (quote, backslash, controls) or may (lone surrogates).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/** `JSON.stringify(text).length`, without serialising the (usually plain) text. */
export function jsonStringLength(text: string): number {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text).length : text.length + 2
}

/** `JSON.stringify(n).length` of a finite number, without making the string for whole numbers. */
export function jsonNumberLength(n: number): number {
  if (!Number.isSafeInteger(n)) return String(n).length
  let digits = n < 0 ? 2 : 1
  const magnitude = n < 0 ? -n : n
  // Optimization: exact multiplications instead of divisions; every event's time has 13 digits.
  for (let power = 10; power <= magnitude; power *= 10) digits++
  return digits
}

const primitive = <T>(name: string, test: (v: unknown) => boolean): Schema<T> => ({
  check: (v, path) => (test(v) ? null : `${path} must be ${name}, got ${describe(v)}`),
  fits: test,
})

export const string = (): Schema<string> => primitive('a string', (v) => typeof v === 'string')
export const number = (): Schema<number> =>
  primitive('a finite number', (v) => typeof v === 'number' && Number.isFinite(v))
export const boolean = (): Schema<boolean> => primitive('a boolean', (v) => typeof v === 'boolean')
/** Any JSON value: checked for JSON-safety (no functions, bigint, undefined in arrays, cycles). */
export const json = <T = unknown>(): Schema<T> => ({
  check: (v, path) => jsonProblem(v, path, new Set()),
  fits: (v) => jsonFits(v, []),
})

export function literal<const T extends readonly (string | number | boolean | null)[]>(
  ...values: T
): Schema<T[number]> {
  // Optimization: views and namespaces are literals of dozens of values; a set answers at once
  // (with the same SameValueZero equality as includes).
  const known: ReadonlySet<unknown> = new Set(values)
  return {
    check: (v, path) =>
      values.includes(v as T[number])
        ? null
        : `${path} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${show(v)}`,
    fits: (v) => known.has(v),
  }
}

export function optional<T>(inner: Schema<T>): Schema<T | undefined> {
  return { check: (v, path) => (v === undefined ? null : inner.check(v, path)), fits: (v) => v === undefined || fits(inner, v) }
}

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return { check: (v, path) => (v === null ? null : inner.check(v, path)), fits: (v) => v === null || fits(inner, v) }
}

export function array<T>(inner: Schema<T>): Schema<T[]> {
  const fitsArray = (v: unknown): boolean => {
    if (!Array.isArray(v)) return false
    for (let i = 0; i < v.length; i++) if (!fits(inner, v[i])) return false
    return true
  }
  return {
    fits: fitsArray,
    check(v, path) {
      if (!Array.isArray(v)) return `${path} must be an array, got ${describe(v)}`
      for (let i = 0; i < v.length; i++) {
        const problem = inner.check(v[i], `${path}[${i}]`)
        if (problem) return problem
      }
      return null
    },
  }
}

export function record<T>(inner: Schema<T>): Schema<Record<string, T>> {
  const fitsRecord = (v: unknown): boolean => {
    if (!isPlainObject(v)) return false
    for (const k of Object.keys(v)) if (FORBIDDEN_KEYS.has(k) || !fits(inner, v[k])) return false
    return true
  }
  return {
    fits: fitsRecord,
    check(v, path) {
      if (!isPlainObject(v)) return `${path} must be an object, got ${describe(v)}`
      for (const [k, item] of Object.entries(v)) {
        if (FORBIDDEN_KEYS.has(k)) return `${path}.${k} is not allowed`
        const problem = inner.check(item, `${path}.${k}`)
        if (problem) return problem
      }
      return null
    },
  }
}

type Shape = Record<string, Schema<unknown>>
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: undefined extends Infer<S[K]> ? K : never
}[keyof S]
export type ObjectOf<S extends Shape> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]>
} & { [K in OptionalKeys<S>]?: Infer<S[K]> }

/** An object with exactly these keys: unknown keys are rejected so typos fail loudly. */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  // The shape's fields are listed once, not on every payload.
  const keys = Object.keys(shape)
  const schemas = keys.map((key) => shape[key] as Schema<unknown>)
  const fitsObject = (v: unknown): boolean => {
    if (!isPlainObject(v)) return false
    for (const key of Object.keys(v)) if (FORBIDDEN_KEYS.has(key) || !Object.hasOwn(shape, key)) return false
    for (let i = 0; i < keys.length; i++) if (!fits(schemas[i] as Schema<unknown>, v[keys[i] as string])) return false
    return true
  }
  return {
    fits: fitsObject,
    check(v, path) {
      if (!isPlainObject(v)) return `${path} must be an object, got ${describe(v)}`
      for (const key of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(key) || !Object.hasOwn(shape, key)) return `${path}.${key} is not a known field`
      }
      for (const [key, schema] of Object.entries(shape)) {
        const problem = schema.check((v as Record<string, unknown>)[key], `${path}.${key}`)
        if (problem) return problem
      }
      return null
    },
  }
}

/** The first of several schemas the value fits; the problem of the last one otherwise. */
export function oneOf<T extends readonly Schema<unknown>[]>(...schemas: T): Schema<Infer<T[number]>> {
  return {
    fits: (v) => schemas.some((s) => fits(s, v)),
    check(v, path) {
      let problem: string | null = `${path} fits no schema`
      for (const s of schemas) {
        problem = s.check(v, path)
        if (problem === null) return null
      }
      return problem
    },
  }
}

export const empty = (): Schema<Record<string, never>> => object({})

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/** `jsonProblem(v, path, new Set()) === null`, without the paths: `ancestors` are the arrays and objects `v` is inside. */
function jsonFits(v: unknown, ancestors: unknown[]): boolean {
  if (ancestors.length >= MAX_PAYLOAD_DEPTH) return plainDataProblem(v, '', 0) === null
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v)
  if (typeof v !== 'object') return false
  if (ancestors.includes(v)) return false
  ancestors.push(v)
  try {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (!jsonFits(v[i], ancestors)) return false
      return true
    }
    if (!isPlainObject(v)) return false
    for (const [k, item] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.has(k)) return false
      if (item !== undefined && !jsonFits(item, ancestors)) return false
    }
    return true
  } finally {
    ancestors.pop()
  }
}

function jsonProblem(v: unknown, path: string, seen: Set<unknown>): string | null {
  // Optimization: the common case walks recursively; deep values take the iterative check,
  // which refuses them before the call stack could overflow.
  if (seen.size >= MAX_PAYLOAD_DEPTH) return plainDataProblem(v, path, 0)
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return null
  if (typeof v === 'number') return Number.isFinite(v) ? null : `${path} must be a finite number`
  if (typeof v !== 'object') return `${path} must be JSON data, got ${typeof v}`
  if (seen.has(v)) return `${path} is circular`
  seen.add(v)
  try {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const p = jsonProblem(v[i], `${path}[${i}]`, seen)
        if (p) return p
      }
      return null
    }
    if (!isPlainObject(v)) return `${path} must be plain JSON data`
    for (const [k, item] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.has(k)) return `${path}.${k} is not allowed`
      if (item === undefined) continue
      const p = jsonProblem(item, `${path}.${k}`, seen)
      if (p) return p
    }
    return null
  } finally {
    seen.delete(v)
  }
}
