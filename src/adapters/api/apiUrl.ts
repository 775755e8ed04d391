import type { ApiClientOptions, QueryValue } from './httpJson.js'

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
