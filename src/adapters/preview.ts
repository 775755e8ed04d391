/** Whether `value` is a Uint8Array (from this realm or another: a page's frame, a test DOM). */
export function isBytes(value: unknown): value is Uint8Array {
  return Object.prototype.toString.call(value) === '[object Uint8Array]'
}

/**
 * A short, safe description of any value for a reason text: never throws (a hostile object's
 * getters or `toString` are not called) and never runs long.
 *
 * @example
 * preview('abc') // '"abc"'
 * preview({ a: 1 }) // 'an object'
 */
export function preview(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > 48 ? `${value.slice(0, 45)}…` : value)
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value)
    case 'undefined':
      return 'undefined'
    case 'function':
      return 'a function'
    case 'symbol':
      return 'a symbol'
    default:
      if (value === null) return 'null'
      try {
        if (isBytes(value)) return `${value.length} bytes`
        return Array.isArray(value) ? `an array of ${value.length}` : 'an object'
      } catch {
        return 'an object'
      }
  }
}
