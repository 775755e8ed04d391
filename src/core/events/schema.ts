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
        : `${path} must be one of ${values.map((x) => JSON.stringify(x)).join(', ')}, got ${JSON.stringify(v) ?? describe(v)}`,
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
        if (!(key in shape)) return `${path}.${key} is not a known field`
      }
      for (const [key, schema] of Object.entries(shape)) {
        const problem = schema.check((v as Record<string, unknown>)[key], `${path}.${key}`)
        if (problem) return problem
      }
      return null
    },
  }
}

export const empty = (): Schema<Record<string, never>> => object({})

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

function jsonProblem(v: unknown, path: string, seen: Set<unknown>): string | null {
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
      if (item === undefined) continue
      const p = jsonProblem(item, `${path}.${k}`, seen)
      if (p) return p
    }
    return null
  } finally {
    seen.delete(v)
  }
}
