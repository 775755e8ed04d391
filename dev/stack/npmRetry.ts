// npm retries a request that fails before its answer starts, but not an answer whose body stops
// arriving part-way (EIDLETIMEOUT while reading a packument) nor a reset during a tarball: the
// whole install fails. What the test suite and the local stack install is tried again after
// such a failure; a second run starts from what the first one cached.

/** npm's output says the registry connection failed, not the install itself (a bad version, a conflict). */
export function isRegistryHiccup(output: string): boolean {
  return /\b(EIDLETIMEOUT|ECONNRESET|ETIMEDOUT|ESOCKETTIMEDOUT|EAI_AGAIN|ECONNREFUSED|EPIPE)\b|Invalid response body|socket hang up|network request to .* failed|request to .* failed, reason/i.test(output)
}

/**
 * Runs an npm command again, after 5 s then 15 s, while it fails on the registry connection.
 * Resolves with the last run; `output` reads what to judge it by.
 *
 * @example
 * const r = await withRegistryRetries(() => sh('npm', ['install', tarball], app), (r) => r.status === 0, output)
 */
export async function withRegistryRetries<R>(
  runOnce: () => Promise<R>,
  succeeded: (result: R) => boolean,
  output: (result: R) => string,
  pauses: readonly number[] = [5_000, 15_000],
): Promise<R> {
  let result = await runOnce()
  for (const pause of pauses) {
    if (succeeded(result) || !isRegistryHiccup(output(result))) return result
    await new Promise((resolve) => setTimeout(resolve, pause))
    result = await runOnce()
  }
  return result
}
