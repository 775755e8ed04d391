import { callsStatusKind, readCalls, type CallInput, type CallsReceipt, type CallsStatusKind } from '../../domain/calls.js'
import { InvalidInputError } from '../../errors/base.js'
import { createCatalogue } from '../catalogue.js'
import { hostRequest, optionsArg, text, type RequestArgs, type StoreLike } from '../hostRequest.js'
import { isPlainObject, show } from '../schema.js'
import {
  CALLS_EVENTS,
  callsCapabilitiesFailed,
  callsCapabilitiesReceived,
  callsCapabilitiesRequested,
  callsSendFailed,
  callsSendRequested,
  callsSent,
  callsShowStatusFailed,
  callsShowStatusRequested,
  callsStatusFailed,
  callsStatusReceived,
  callsStatusRequested,
  callsStatusShown,
} from './calls.js'
import { isSendingCalls } from '../../reducers/calls/callsReducer.js'

/** `sendCalls` options (EIP-5792). */
export type SendCallsOptions = {
  /** The calls must all run or none (the wallet refuses with 5760 when it cannot); default false. */
  atomicRequired?: boolean
  /** Capabilities asked of the wallet (say `{ paymasterService: { url } }`); one not marked `optional: true` that the wallet lacks is refused (5700). */
  capabilities?: Record<string, unknown>
  /** The batch id to use (the wallet makes one otherwise); one already used is refused (5720). */
  id?: string
  /**
   * `'sequential'`: a wallet without `wallet_sendCalls` gets one transaction per call, each asked
   * for in turn (never for `atomicRequired`). Off by default: such a wallet refuses the batch.
   */
  fallback?: 'sequential'
  /** Show the visitor the batch's progress and result over the page (default: the promise alone reports it). */
  feedback?: boolean
}

/** Where a batch is, as `getCallsStatus` reports it. */
export type CallsStatusResult = {
  id: string
  /** EIP-5792's code: 100 pending, 200 confirmed, 400 failed off chain, 500 reverted, 600 partly done. */
  status: number
  /** The code's meaning. */
  statusKind: CallsStatusKind
  /** Whether the wallet ran the calls atomically. */
  atomic: boolean
  receipts: CallsReceipt[]
}

/**
 * Host commands for EIP-5792 batched calls, with the `batchedCalls()` module of
 * `gangway-kit/features`. Each rejects with the wallet's error (`WalletAtomicityNotSupportedError`
 * and the other 5700–5760 classes, `WalletRejectedError`, …) or an `InvalidInputError` for a bad
 * argument, and then nothing was sent.
 */
export type CallsCommands = {
  /**
   * Sends calls from the active EVM account on its chain as one batch (`wallet_sendCalls`);
   * resolves with the batch id once the wallet has taken it. The modal follows the batch to its end.
   *
   * @example
   * const { id } = await modal.sendCalls([{ to, value: 1n }, { to: token, data }], { atomicRequired: true })
   */
  sendCalls(calls: readonly CallInput[], options?: SendCallsOptions): Promise<{ id: string; capabilities?: Record<string, unknown> }>
  /**
   * Where a batch is now (`wallet_getCallsStatus`).
   *
   * @example
   * const { statusKind, receipts } = await modal.getCallsStatus(id)
   */
  getCallsStatus(id: string): Promise<CallsStatusResult>
  /**
   * What the wallet can do for the active account (`wallet_getCapabilities`), by chain id.
   *
   * @example
   * const capabilities = await modal.getCapabilities()
   * capabilities[31337]?.atomic // { status: 'supported' }
   */
  getCapabilities(options?: { chainIds?: number[] }): Promise<Record<number, Record<string, unknown>>>
  /**
   * Asks the wallet to show a batch in its own interface (`wallet_showCallsStatus`).
   *
   * @example
   * await modal.showCallsStatus(id)
   */
  showCallsStatus(id: string): Promise<void>
}

const catalogue = createCatalogue(CALLS_EVENTS)

/**
 * The batched-calls commands of a modal's store.
 *
 * @example
 * const commands = createCallsCommands(store)
 */
export function createCallsCommands(store: StoreLike): CallsCommands {
  const request = <T>(...args: RequestArgs<T>) => hostRequest<T>(store, catalogue, ...args)
  return {
    sendCalls: (calls, options) =>
      request<{ id: string; capabilities?: Record<string, unknown> }>(
        'sendCalls',
        () => {
          const o = optionsArg(options, ['atomicRequired', 'capabilities', 'id', 'fallback', 'feedback'])
          if (o.atomicRequired !== undefined && typeof o.atomicRequired !== 'boolean') throw bad('options.atomicRequired must be a boolean', o.atomicRequired)
          if (o.capabilities !== undefined && !isPlainObject(o.capabilities)) throw bad('options.capabilities must be an object', o.capabilities)
          if (o.id !== undefined) text('options.id', o.id)
          if (o.fallback !== undefined && o.fallback !== 'sequential') throw bad("options.fallback must be 'sequential'", o.fallback)
          if (o.feedback !== undefined && typeof o.feedback !== 'boolean') throw bad('options.feedback must be a boolean', o.feedback)
          return [
            callsSendRequested({
              calls: readCalls(calls),
              atomicRequired: o.atomicRequired === true,
              ...(o.capabilities !== undefined ? { capabilities: o.capabilities } : {}),
              ...(o.id !== undefined ? { id: o.id as string } : {}),
              ...(o.fallback !== undefined ? { fallback: 'sequential' as const } : {}),
              ...(o.feedback === true ? { feedback: true } : {}),
            }),
          ]
        },
        (e) =>
          callsSent.match(e)
            ? { ok: e.payload.capabilities !== undefined ? { id: e.payload.id, capabilities: e.payload.capabilities as Record<string, unknown> } : { id: e.payload.id } }
            : callsSendFailed.match(e)
              ? { error: e.payload.error }
              : null,
        (s, intent) => !!s.calls && isSendingCalls(s.calls, intent.requestId),
      ),
    getCallsStatus: (id) =>
      request<CallsStatusResult>(
        'getCallsStatus',
        () => {
          text('id', id)
          return [callsStatusRequested({ id })]
        },
        (e) =>
          callsStatusReceived.match(e)
            ? { ok: { id: e.payload.id, status: e.payload.status, statusKind: callsStatusKind(e.payload.status), atomic: e.payload.atomic, receipts: e.payload.receipts } }
            : callsStatusFailed.match(e)
              ? { error: e.payload.error }
              : null,
      ),
    getCapabilities: (options) =>
      request<Record<number, Record<string, unknown>>>(
        'getCapabilities',
        () => {
          const o = optionsArg(options, ['chainIds'])
          const ids = o.chainIds
          if (ids !== undefined && (!Array.isArray(ids) || !ids.every((n) => Number.isSafeInteger(n) && (n as number) > 0))) throw bad('options.chainIds must be an array of positive integers', ids)
          return [callsCapabilitiesRequested(ids ? { chainIds: (ids as number[]).map((n) => `0x${n.toString(16)}`) } : {})]
        },
        (e) =>
          callsCapabilitiesReceived.match(e)
            ? { ok: byChainId(e.payload.capabilities as Record<string, Record<string, unknown>>) }
            : callsCapabilitiesFailed.match(e)
              ? { error: e.payload.error }
              : null,
      ),
    showCallsStatus: (id) =>
      request<void>(
        'showCallsStatus',
        () => {
          text('id', id)
          return [callsShowStatusRequested({ id })]
        },
        (e) => (callsStatusShown.match(e) ? { ok: undefined } : callsShowStatusFailed.match(e) ? { error: e.payload.error } : null),
      ),
  }
}

function bad(what: string, value: unknown): InvalidInputError {
  return new InvalidInputError('Invalid options argument', { details: `${what}, got ${show(value)}` })
}

function byChainId(capabilities: Record<string, Record<string, unknown>>): Record<number, Record<string, unknown>> {
  const out: Record<number, Record<string, unknown>> = {}
  for (const [hex, value] of Object.entries(capabilities)) out[Number(hex)] = value
  return out
}
