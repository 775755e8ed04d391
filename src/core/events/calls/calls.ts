import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, json, literal, number, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'
import { callsBatchFields, callsReceiptSchema } from '../persistence/storage.js'

const callSchema = object({ to: string(), data: optional(string()), value: optional(string()) })

/**
 * Send a batch of calls from the active EVM account (EIP-5792 `wallet_sendCalls`), atomically when
 * `atomicRequired`. `fallback: 'sequential'`: a wallet without `wallet_sendCalls` gets one
 * transaction per call instead (never for an atomic batch).
 */
export const callsSendRequested = defineIntent(
  'calls/sendRequested',
  object({
    calls: array(callSchema),
    atomicRequired: boolean(),
    capabilities: optional(json()),
    id: optional(string()),
    fallback: optional(literal('sequential')),
    /** The wallet-request notice over the page follows the batch to its end (a host that asked for feedback). */
    feedback: optional(boolean()),
  }),
)
/**
 * The wallet took the batch: `id` is its batch id, `hashes` the transactions of a batch sent one
 * call at a time (the sequential fallback), in order.
 */
export const callsSent = defineEvent(
  'calls/sent',
  object({
    ...callsBatchFields,
    capabilities: optional(json()),
    hashes: optional(array(string())),
  }),
)
/** The wallet refused the batch or failed ('User rejected the request', an EIP-5792 code's words, …): nothing was sent. */
export const callsSendFailed = defineEvent('calls/sendFailed', object({ error: serializedErrorSchema }))

/** Ask the wallet where a batch is (`wallet_getCallsStatus`). */
export const callsStatusRequested = defineIntent('calls/statusRequested', object({ id: string() }))
/** A batch's status: EIP-5792's code (100 pending, 200 confirmed, 4xx / 5xx failed, 600 partial). */
export const callsStatusReceived = defineEvent(
  'calls/statusReceived',
  object({ id: string(), status: number(), atomic: boolean(), receipts: array(callsReceiptSchema) }),
)
export const callsStatusFailed = defineEvent('calls/statusFailed', object({ id: string(), error: serializedErrorSchema }))

/** Ask the wallet what it can do for the active account (`wallet_getCapabilities`), for some chains (0x-hex ids) or all. */
export const callsCapabilitiesRequested = defineIntent('calls/capabilitiesRequested', object({ chainIds: optional(array(string())) }))
/** Its capabilities by chain id (0x-hex). */
export const callsCapabilitiesReceived = defineEvent('calls/capabilitiesReceived', object({ address: string(), capabilities: json() }))
export const callsCapabilitiesFailed = defineEvent('calls/capabilitiesFailed', object({ error: serializedErrorSchema }))

/** Ask the wallet to show a batch in its own interface (`wallet_showCallsStatus`). */
export const callsShowStatusRequested = defineIntent('calls/showStatusRequested', object({ id: string() }))
export const callsStatusShown = defineEvent('calls/statusShown', object({ id: string() }))
export const callsShowStatusFailed = defineEvent('calls/showStatusFailed', object({ id: string(), error: serializedErrorSchema }))

export const CALLS_EVENTS = [
  callsSendRequested,
  callsSent,
  callsSendFailed,
  callsStatusRequested,
  callsStatusReceived,
  callsStatusFailed,
  callsCapabilitiesRequested,
  callsCapabilitiesReceived,
  callsCapabilitiesFailed,
  callsShowStatusRequested,
  callsStatusShown,
  callsShowStatusFailed,
] as const
