/**
 * A small runtime schema for event payloads. Host apps can dispatch events directly, so every
 * payload is checked before it reaches a reducer; a failed check names the path and the
 * expectation. Kept tiny on purpose: it ships in the host's bundle.
 */
export type Schema<T> = {
  /** Returns the problem (with its path) or null when `value` fits. */
  check(value: unknown, path: string): string | null
  /** Phantom field carrying the static type. */
  readonly _type?: T
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
 * Checks that a value is plain JSON data without recursion: plain objects and arrays, finite
 * numbers, strings, booleans, null (undefined only as an object's field), no cycles, no
 * prototype keys, at most `MAX_PAYLOAD_DEPTH` levels and `MAX_PAYLOAD_NODES` values. Returns
 * the problem with its path, or null. Getters that throw or proxies count as a problem.
 *
 * @example
 * plainDataProblem({ a: 1n }, 'payload') // 'payload.a must be JSON data, got bigint'
 */
export function plainDataProblem(value: unknown, path: string, maxDepth = MAX_PAYLOAD_DEPTH): string | null {
  try {
    return walkPlainData(value, path, maxDepth)
  } catch (error) {
    return `${path} could not be read (${error instanceof Error ? error.message : 'unreadable value'})`
  }
}

function walkPlainData(root: unknown, rootPath: string, maxDepth: number): string | null {
  // Optimization: an explicit stack, so a 100,000-deep value cannot overflow the call stack.
  const stack: { v: unknown; path: string; depth: number; ancestors: readonly object[] }[] = [{ v: root, path: rootPath, depth: 0, ancestors: [] }]
  let nodes = 0
  while (stack.length > 0) {
    const { v, path, depth, ancestors } = stack.pop() as (typeof stack)[number]
    if (++nodes > MAX_PAYLOAD_NODES) return `${rootPath} holds more than ${MAX_PAYLOAD_NODES} values`
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return `${path} must be a finite number, got ${String(v)}`
      continue
    }
    if (typeof v !== 'object') return `${path} must be JSON data, got ${typeof v}`
    if (depth >= maxDepth) return `${path} is nested deeper than ${maxDepth} levels`
    if (ancestors.includes(v)) return `${path} is circular`
    const inner = [...ancestors, v]
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) return `${path} must be plain JSON data`
      for (let i = v.length - 1; i >= 0; i--) {
        if (!(i in v) || v[i] === undefined) return `${path}[${i}] must be JSON data, got undefined`
        stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1, ancestors: inner })
      }
      continue
    }
    if (!isPlainObject(v)) return `${path} must be plain JSON data`
    if (Object.getOwnPropertySymbols(v).length > 0) return `${path} must be plain JSON data, has symbol keys`
    for (const key of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(key)) return `${path}.${key} is not allowed`
      const descriptor = Object.getOwnPropertyDescriptor(v, key)
      if (descriptor && (descriptor.get || descriptor.set)) return `${path}.${key} must be data, not an accessor`
      const item = (v as Record<string, unknown>)[key]
      if (item === undefined) continue
      stack.push({ v: item, path: `${path}.${key}`, depth: depth + 1, ancestors: inner })
    }
  }
  return null
}

const primitive = <T>(name: string, test: (v: unknown) => boolean): Schema<T> => ({
  check: (v, path) => (test(v) ? null : `${path} must be ${name}, got ${describe(v)}`),
})

export const string = (): Schema<string> => primitive('a string', (v) => typeof v === 'string')
export const number = (): Schema<number> =>
  primitive('a finite number', (v) => typeof v === 'number' && Number.isFinite(v))
export const boolean = (): Schema<boolean> => primitive('a boolean', (v) => typeof v === 'boolean')
/** Any JSON value: checked for JSON-safety (no functions, bigint, undefined in arrays, cycles). */
export const json = <T = unknown>(): Schema<T> => ({
  check: (v, path) => jsonProblem(v, path, new Set()),
})

export function literal<const T extends readonly (string | number | boolean | null)[]>(
  ...values: T
): Schema<T[number]> {
  return {
    check: (v, path) =>
      values.includes(v as T[number])
        ? null
        : `${path} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${show(v)}`,
  }
}

export function optional<T>(inner: Schema<T>): Schema<T | undefined> {
  return { check: (v, path) => (v === undefined ? null : inner.check(v, path)) }
}

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return { check: (v, path) => (v === null ? null : inner.check(v, path)) }
}

export function array<T>(inner: Schema<T>): Schema<T[]> {
  return {
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
  return {
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
  return {
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
