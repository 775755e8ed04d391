/**
 * Whether `value` has exactly the fields of `reset`, each holding the very same value: a reset
 * to `{ ...reset }` would change nothing but the object. Reset cases use it as their guard so a
 * slice with nothing to clear keeps its object (and whatever reads it does not run again).
 *
 * @example
 * isResetTo({ ...IDLE }, IDLE) // true
 */
export function isResetTo<T extends object>(value: T, reset: T): boolean {
  // Optimization: counted with for…in rather than Object.keys, so the check allocates nothing.
  let fields = 0
  for (const key in reset) {
    if (!Object.hasOwn(value, key) || value[key] !== reset[key]) return false
    fields++
  }
  for (const _key in value) fields--
  return fields === 0
}
