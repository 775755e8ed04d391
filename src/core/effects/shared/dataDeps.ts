import { Observable } from 'rxjs'
import type { BlockchainApi, RequestOptions, WalletDirectory } from '../../apiPorts.js'
import type { CoreDeps } from '../../ports.js'
import type { Features } from '../../state.js'

/** What the project's remote configuration says for this page (spec §1, §7). */
export type RemoteConfigurationResult = {
  /** Feature flags to lay over the local options, or null when they could not be fetched. */
  features: Partial<Features> | null
  /** Why the features could not be fetched. */
  configError: unknown
  /** Why the app may not run on this page ('Invalid App Configuration'), or null. */
  originError: unknown
  /** The page's origin as checked against the allow-list (null outside a browser). */
  origin: string | null
}

/**
 * The HTTP services of spec §7 as effects reach them. Each is null when the host did not
 * configure it: effects then make no request at all.
 */
export interface ApiDeps {
  api: {
    directory: WalletDirectory | null
    blockchain: BlockchainApi | null
    /** Fetches the project configuration and checks this page's origin against the allow-list. */
    loadConfiguration: ((options?: RequestOptions) => Promise<RemoteConfigurationResult>) | null
  }
}

/** What the data-plane effects use: the core ports and the HTTP services. */
export type DataDeps = CoreDeps & ApiDeps

/** No HTTP services: what a modal without `apiUrl` runs with. */
export const NO_API: ApiDeps['api'] = { directory: null, blockchain: null, loadConfiguration: null }

/**
 * A promise-returning call as an observable that aborts the call when unsubscribed (a newer
 * search supersedes an older one, the modal is destroyed).
 *
 * @example
 * fromAbortable((signal) => deps.api.directory.getWallets(params, { signal }))
 */
export function fromAbortable<T>(run: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController()
    let promise: Promise<T>
    try {
      promise = run(controller.signal)
    } catch (error) {
      subscriber.error(error)
      return
    }
    promise.then(
      (value) => {
        subscriber.next(value)
        subscriber.complete()
      },
      (error: unknown) => subscriber.error(error),
    )
    return () => controller.abort()
  })
}
