import type { AnalyticsResult, AnalyticsSink, ErrorReport } from '../../core/apiPorts.js'
import type { AnalyticsEvent } from '../../core/ports.js'
import { ERROR_REPORTS_WINDOW_MS } from '../../core/domain/constants.js'
import { canReportError } from '../../core/domain/timing.js'
import { GangwayError, serializeError } from '../../core/errors/base.js'
import { createHttpJson } from './httpJson.js'
import type { ApiClientOptions } from './apiUrl.js'

export type AnalyticsClientOptions = ApiClientOptions & {
  /** Whether this runs in a browser page; events are only sent from one. Default: a `window` and `document` exist. */
  isBrowser?: boolean
  /** The analytics feature (local option, remote configuration): read on every event. Default on. */
  enabled?: boolean | (() => boolean)
  /** The page the event happened on. Default: `location.href` and `location.hostname`. */
  getPage?: () => { url: string; domain: string }
  /** The connected address, sent in `props.address` when there is one. */
  getAddress?: () => string | undefined
  /** Event ids. Default: `crypto.randomUUID()`. */
  randomId?: () => string
  /** Called with each failure, e.g. to raise the Invalid App Configuration alert on a 403. */
  onError?: (error: GangwayError) => void
}

/**
 * The analytics client (spec §7): `POST /e` with the common query and `{ eventId, url, domain,
 * timestamp, props }`. Skipped for MODAL_CREATED, outside a browser, or with the feature off;
 * error reports are limited to 5 per 60 s. Sending never rejects: a failure is resolved as
 * `{ status: 'failed' }` (and passed to `onError`). Analytics are not retried by default
 * (`retries: 0`): a lost event is cheaper than a page holding requests open for seconds.
 *
 * @example
 * const analytics = createAnalyticsClient({ baseUrl, projectId, sdkType: 'gangway', sdkVersion: '0.1.0' })
 * await analytics.track({ event: 'MODAL_OPEN', properties: { connected: false } })
 */
export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsSink {
  const http = createHttpJson({ ...options, retries: options.retries ?? 0 })
  const now = options.now ?? (() => Date.now())
  const isBrowser = options.isBrowser ?? (typeof window !== 'undefined' && typeof document !== 'undefined')
  const enabled = typeof options.enabled === 'function' ? options.enabled : () => options.enabled !== false
  const randomId = options.randomId ?? (() => globalThis.crypto.randomUUID())
  const getPage =
    options.getPage ??
    (() => {
      const location = (globalThis as { location?: { href: string; hostname: string } }).location
      return { url: location?.href ?? '', domain: location?.hostname ?? '' }
    })
  let errorReportTimes: number[] = []

  async function post(props: Record<string, unknown>): Promise<AnalyticsResult> {
    const address = options.getAddress?.()
    const { url, domain } = getPage()
    const body = { eventId: randomId(), url, domain, timestamp: now(), props: address ? { ...props, address } : props }
    try {
      await http.request({ method: 'POST', path: '/e', body }, () => undefined)
      return { status: 'sent' }
    } catch (error) {
      const failure = error instanceof GangwayError ? error : new GangwayError('Something went wrong', { cause: error })
      options.onError?.(failure)
      return { status: 'failed', error: serializeError(failure) }
    }
  }

  function skipReason(): AnalyticsResult | null {
    if (!isBrowser) return { status: 'skipped', reason: 'not-browser' }
    if (!enabled()) return { status: 'skipped', reason: 'disabled' }
    return null
  }

  return {
    async track(event: AnalyticsEvent): Promise<AnalyticsResult> {
      if (event.event === 'MODAL_CREATED') return { status: 'skipped', reason: 'MODAL_CREATED' }
      const skipped = skipReason()
      if (skipped) return skipped
      const props: Record<string, unknown> = { type: 'track', event: event.event }
      if (event.properties !== undefined) props.properties = event.properties
      return post(props)
    },

    async reportError(report: ErrorReport): Promise<AnalyticsResult> {
      const skipped = skipReason()
      if (skipped) return skipped
      const at = now()
      if (!canReportError(at, errorReportTimes)) return { status: 'skipped', reason: 'rate-limited' }
      // Keep only the reports that still count against the window, so the list stays short.
      errorReportTimes = [...errorReportTimes.filter((t) => at - t < ERROR_REPORTS_WINDOW_MS), at]
      const props: Record<string, unknown> = {
        type: 'error',
        event: report.event,
        errorType: report.errorType,
        errorMessage: report.errorMessage,
      }
      if (report.stackTrace !== undefined) props.stackTrace = report.stackTrace
      return post(props)
    },
  }
}
