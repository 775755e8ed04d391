/**
 * Whether two selections of plain data are the same data: the equality for `useModalState` when
 * a selector rebuilds small lists or records from unchanged state.
 *
 * @example
 * sameJson([{ a: 1 }], [{ a: 1 }]) // true
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b)
}
