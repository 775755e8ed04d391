/**
 * Polls `check` every 10 ms until it gives something other than `undefined` or `false`, and
 * resolves with that; fails after `ms` naming `what` it waited for.
 *
 * @example
 * const request = await until(() => wallet.state.requests[0], 5_000, 'the wallet request')
 */
export async function until<T>(check: () => T | undefined | false, ms = 5_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = check()
    if (v !== undefined && v !== false) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
