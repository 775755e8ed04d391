/**
 * Work run one after another per key (a network): `serialized(key, work)` starts `work` when the
 * key's previous work has settled, whatever its outcome.
 *
 * Why: a dev wallet's next nonce is read from the node for each transfer; two transfers
 * prepared at once on one network would read the same nonce and the second would be refused.
 *
 * @example
 * const serialized = serialQueues()
 * await Promise.all([serialized('eip155:31337', sendA), serialized('eip155:31337', sendB)]) // B after A
 */
export function serialQueues(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const queues = new Map<string, Promise<unknown>>()
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(work)
    queues.set(key, run.catch(() => undefined))
    return run
  }
}
