/** One changed leaf between two states. */
export type StateChange = { path: string; before: unknown; after: unknown }

/**
 * The paths where two JSON states differ. Subtrees that are the same object are skipped
 * without a look, which immer's structural sharing makes the common case.
 */
export function diffStates(before: unknown, after: unknown, path = '', out: StateChange[] = []): StateChange[] {
  if (Object.is(before, after)) return out
  const bothObjects = isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)
  if (!bothObjects) {
    out.push({ path: path || '(root)', before, after })
    return out
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const key of keys) {
    const childPath = Array.isArray(after) ? `${path}[${key}]` : path ? `${path}.${key}` : key
    diffStates((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], childPath, out)
  }
  return out
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null
}
