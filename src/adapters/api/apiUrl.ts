
/**
 * The URL of an API path with the common query (`projectId`, `st`, `sv`) and `query` (empty
 * and missing values left out, lists joined with commas).
 *
 * @example
 * apiUrl(options, '/getWalletImage/abc') // 'https://api.example.com/getWalletImage/abc?projectId=…&st=gangway&sv=0.1.0'
 */
export function apiUrl(
  options: Pick<ApiClientOptions, 'baseUrl' | 'projectId' | 'sdkType' | 'sdkVersion'>,
  path: string,
  query: Record<string, QueryValue> = {},
): string {
  const params = new URLSearchParams({ projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion })
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','))
    } else {
      params.set(key, String(value))
    }
  }
  return `${options.baseUrl.replace(/\/+$/, '')}${path}?${params.toString()}`
}

/** Options every API client takes. Time and the network are injected so tests run on virtual time. */
export type ApiClientOptions = {
  /** Where the service is deployed, e.g. `https://api.example.com` (no trailing path needed). */
  baseUrl: string
  projectId: string
  /** Sent as `st` and `sv` on every request. */
  sdkType: string
  sdkVersion: string
  fetch?: typeof fetch
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** Retries after the first attempt (spec §9: 3). */
  retries?: number
  /**
   * How long one attempt may take, the whole answer read, before it is given up with
   * `ApiTimeoutError` (spec §9: 10 s). A timed-out attempt is retried like a network error.
   */
  timeoutMs?: number
  /** The largest answer read, in bytes (default 8 MiB): a bigger one is an invalid response. */
  maxBodyBytes?: number
}

export type QueryValue = string | number | boolean | null | undefined | readonly string[]
