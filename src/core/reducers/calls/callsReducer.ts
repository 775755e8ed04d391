import type { Call, CallsReceipt } from '../../domain/calls.js'
import { AUTH_CONNECTOR_ID } from '../../events/embeddedWallet/embeddedWallet.js'
import { selectActiveConnection } from '../../selectors.js'
import type { SerializedError } from '../../errors/base.js'
import {
  callsCapabilitiesFailed,
  callsCapabilitiesReceived,
  callsCapabilitiesRequested,
  callsSendFailed,
  callsSendRequested,
  callsSent,
  callsStatusReceived,
} from '../../events/calls/calls.js'
import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { createSlice } from '../createSlice.js'
import { PENDING_TRANSACTIONS_MAX } from '../../domain/constants.js'

/** How many finished batches the state keeps (the oldest go first). */
export const CALLS_KEPT = 50

/** A batch the wallet took, and where it is. */
export type CallsBatch = {
  id: string
  caipNetworkId: string
  from: string
  /** How many calls the host sent. */
  count: number
  atomicRequired: boolean
  /** EIP-5792's status code: 100 until the wallet says otherwise. */
  status: number
  /** Whether the wallet ran it atomically (as it reported). */
  atomic: boolean
  receipts: CallsReceipt[]
  /** When it was sent (the event's time). */
  sentAt: number
  /** The transactions of a batch sent one call at a time (the sequential fallback). */
  hashes?: string[]
  /** The notice over the page follows it (its host asked for feedback). */
  feedback?: true
}

/** Batched calls (EIP-5792): the send under way, the batches sent, the active account's capabilities. */
export type CallsState = {
  send: {
    requestId: string | null
    status: 'sending' | 'failed'
    error: SerializedError | null
    feedback: boolean
    /** The calls, kept while the embedded wallet asks the visitor about them: ApproveTransaction lists them. */
    review?: Call[]
  } | null
  /** By id; `order` lists them oldest first. */
  batches: Record<string, CallsBatch>
  order: string[]
  capabilities: { requestId: string | null; status: 'loading' | 'loaded' | 'failed'; address: string | null; byChain: Record<string, Record<string, unknown>>; error: SerializedError | null } | null
}

const EMPTY: CallsState = { send: null, batches: {}, order: [], capabilities: null }

/** Whether this send is the one under way (the reducer and the effect that sends agree on it). */
export const isSendingCalls = (s: CallsState, requestId: string | undefined) => s.send?.status === 'sending' && isCurrentRequest(s.send.requestId, requestId)

/**
 * Whether a batch is still waiting for its outcome.
 *
 * @example
 * Object.values(calls.batches).filter(isPendingBatch)
 */
export const isPendingBatch = (b: CallsBatch): boolean => b.status < 200

/**
 * Keeps at most PENDING_TRANSACTIONS_MAX batches still pending (spec §9: 99) and CALLS_KEPT
 * finished ones, dropping the oldest of each beyond: a pending batch never goes to make room
 * for a finished one, and what the modal follows, and a reload restores, stays bounded.
 */
function trim(s: CallsState): void {
  let pending = 0
  for (const id of s.order) if (isPendingBatch(s.batches[id]!)) pending++
  let dropPending = pending - PENDING_TRANSACTIONS_MAX
  let dropDone = s.order.length - pending - CALLS_KEPT
  if (dropPending <= 0 && dropDone <= 0) return
  s.order = s.order.filter((id) => {
    const isPending = isPendingBatch(s.batches[id]!)
    if (isPending ? dropPending-- <= 0 : dropDone-- <= 0) return true
    delete s.batches[id]
    return false
  })
}

export const callsSlice = createSlice(
  'calls',
  (): CallsState => ({ ...EMPTY }),
  (b) =>
    b
      .addCase(callsSendRequested, (s, event, state) => {
        // One batch at a time: the wallet asks the visitor about one.
        if (s.send?.status === 'sending') return
        const embedded = selectActiveConnection(state, 'eip155')?.connectorId === AUTH_CONNECTOR_ID
        s.send = { requestId: event.requestId ?? null, status: 'sending', error: null, feedback: event.payload.feedback === true, ...(embedded ? { review: event.payload.calls } : {}) }
      })
      .addCase(callsSent, (s, event) => {
        if (!isSendingCalls(s, event.requestId)) return
        const feedback = s.send!.feedback
        s.send = null
        const { id, caipNetworkId, from, count, atomicRequired, hashes } = event.payload
        // A resent id moves to the end: the order is the order batches were sent in.
        s.order = [...s.order.filter((x) => x !== id), id]
        s.batches[id] = { id, caipNetworkId, from, count, atomicRequired, status: 100, atomic: false, receipts: [], sentAt: event.at, ...(hashes ? { hashes } : {}), ...(feedback ? { feedback: true as const } : {}) }
        trim(s)
      })
      .addCase(callsSendFailed, (s, event) => {
        if (!isSendingCalls(s, event.requestId)) return
        s.send = { requestId: null, status: 'failed', error: event.payload.error, feedback: s.send!.feedback }
      })
      .addCase(
        callsStatusReceived,
        (s, event) => {
          const batch = s.batches[event.payload.id]!
          batch.status = event.payload.status
          batch.atomic = event.payload.atomic
          batch.receipts = event.payload.receipts
          // A batch done makes one more finished batch to keep.
          if (!isPendingBatch(batch)) trim(s)
        },
        (s, event) => event.payload.id in s.batches,
      )
      .addCase(callsCapabilitiesRequested, (s, event) => {
        s.capabilities = { requestId: event.requestId ?? null, status: 'loading', address: s.capabilities?.address ?? null, byChain: s.capabilities?.byChain ?? {}, error: null }
      })
      .addCase(callsCapabilitiesReceived, (s, event) => {
        if (!s.capabilities || !isCurrentRequest(s.capabilities.requestId, event)) return
        s.capabilities = { requestId: null, status: 'loaded', address: event.payload.address, byChain: event.payload.capabilities as Record<string, Record<string, unknown>>, error: null }
      })
      .addCase(callsCapabilitiesFailed, (s, event) => {
        if (!s.capabilities || !isCurrentRequest(s.capabilities.requestId, event)) return
        s.capabilities = { ...s.capabilities, requestId: null, status: 'failed', error: event.payload.error }
      })
      // Batches still pending when the page went away: followed again.
      .addCase(
        storageHydrated,
        (s, event) => {
          for (const batch of event.payload.calls!.batches) {
            if (batch.id in s.batches) continue
            s.batches[batch.id] = batch
            s.order.push(batch.id)
          }
          trim(s)
        },
        // Optimization: a hydration without batches (nearly every one) skips immer.
        (_s, event) => (event.payload.calls?.batches.length ?? 0) > 0,
      )
      // The batches stay (they are on chain whoever is connected); what was the account's goes.
      .addCase(
        accountDisconnected,
        (s) => {
          s.send = null
          s.capabilities = null
        },
        // Optimization: nothing of the account's to drop (nearly every disconnect) skips immer.
        (s, event) => event.payload.namespace === 'eip155' && (s.send !== null || s.capabilities !== null),
      ),
)
