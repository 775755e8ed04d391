/**
 * Whether two flat records hold the same values (Object.is per key): the equality the hooks
 * give `useModalState`, so a selection rebuilt from unchanged fields causes no re-render.
 *
 * @example
 * shallowEqual({ a: 1 }, { a: 1 }) // true
 */
export function shallowEqual<T extends object>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true
  const keys = Object.keys(a) as (keyof T)[]
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]))
}
