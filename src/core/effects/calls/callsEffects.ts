import { catchError, concat, concatMap, defer, EMPTY, filter, finalize, from, last, map, merge, mergeMap, of, scan, switchMap, take, takeWhile, timer, type Observable } from 'rxjs'
import { isUnsupportedMethod, readCallsStatus, readCapabilities, readSentCalls, sendCallsParams, type Call, type CallsReceipt, type CallsStatus } from '../../domain/calls.js'
import { CALLS_POLL_MS, CALLS_TRACK_MS } from '../../domain/constants.js'
import { serializeError } from '../../errors/base.js'
import { CALLS_WALLET_CODES, toCallsError, WalletUnknownBatchIdError } from '../../errors/calls.js'
import { providerErrorCode } from '../../errors/walletCodes.js'
import {
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
} from '../../events/calls/calls.js'
import type { EventInput } from '../../events/defineEvent.js'
import { storageHydrated } from '../../events/persistence/storage.js'
import { namesRequest, ofRequest } from '../../events/requestLifecycle.js'
import { modalCloseRequested, modalOpenRequested } from '../../events/modal/modal.js'
import { routerPushed, routerWentBack } from '../../events/modal/router.js'
import type { NamedEffect } from '../../features/defineFeature.js'
import { isPendingBatch, isSendingCalls, type CallsBatch } from '../../reducers/calls/callsReducer.js'
import { sliceOf } from '../../selectors.js'
import { ofType } from '../runtime/ofType.js'
import type { Effect } from '../runtime/runEffects.js'
import type { WalletDeps } from '../shared/walletDeps.js'
import type { ModalState } from '../../state.js'
import { activeEvmWallet, evmWalletRequest, invalidAnswer, notConnected, type EvmWallet } from '../shared/evmWallet.js'

/**
 * Sends a batch (EIP-5792 `wallet_sendCalls`) from the active EVM account on its chain. A wallet
 * that does not do `wallet_sendCalls` gets one transaction per call only when the host asked
 * (`fallback: 'sequential'`) and the batch need not be atomic; the first refusal then ends it
 * (what was sent stays, and the batch reports itself partly done).
 */
export const sendCalls: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(callsSendRequested),
    filter((e) => isSendingCalls(sliceOf(state$.value, 'calls'), e.requestId)),
    mergeMap((e) => {
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => callsSendFailed({ error: serializeError(error) }, meta)
      const wallet = activeEvmWallet(state$.value)
      if (!wallet) return of(fail(notConnected()))
      const { calls, atomicRequired, capabilities, id, fallback } = e.payload
      const sent = (batch: { id: string; capabilities?: unknown; hashes?: string[] }) =>
        callsSent({ id: batch.id, caipNetworkId: wallet.caipNetworkId, from: wallet.address, count: calls.length, atomicRequired, ...(batch.capabilities !== undefined ? { capabilities: batch.capabilities } : {}), ...(batch.hashes ? { hashes: batch.hashes } : {}) }, meta)
      return defer(() => evmWalletRequest(deps, wallet.connectorId, 'wallet_sendCalls', sendCallsParams({ from: wallet.address, chainId: wallet.chainId, calls, atomicRequired, capabilities, id }), toCallsError)).pipe(
        map((answer) => {
          try {
            return sent(readSentCalls(answer))
          } catch (reason) {
            return fail(invalidAnswer(reason))
          }
        }),
        catchError((error: unknown) => {
          if (fallback === 'sequential' && !atomicRequired && isUnsupportedMethod(providerErrorCode(error, CALLS_WALLET_CODES))) {
            return oneByOne(deps, wallet, calls).pipe(map((hashes) => (hashes.length === 0 ? fail(error) : sent({ id: `sequential-${e.requestId ?? e.at}`, hashes }))), catchError((failure: unknown) => of(fail(toCallsError(failure)))))
          }
          return of(fail(error))
        }),
      )
    }),
  )

/** Sends each call as its own transaction, in order, up to the first failure; the hashes sent (the first failure is thrown). */
function oneByOne(deps: WalletDeps, wallet: EvmWallet, calls: readonly Call[]): Observable<string[]> {
  const evm = deps.adapters.eip155?.evm
  if (!evm || !wallet.network) return defer(() => Promise.reject(notConnected()))
  const network = wallet.network
  return defer(async () => {
    const hashes: string[] = []
    for (const call of calls) {
      try {
        hashes.push(await evm.sendTransaction(wallet.connectorId, network, { from: wallet.address, to: call.to, ...(call.value ? { value: BigInt(call.value).toString() } : {}), ...(call.data ? { data: call.data } : {}) }))
      } catch (error) {
        if (hashes.length === 0) throw error
        break
      }
    }
    return hashes
  })
}

/**
 * Follows each batch sent until it is done: asks the wallet at once, then every CALLS_POLL_MS (a batch sent one
 * call at a time: waits for its receipts), reporting each change. Batches still pending when the
 * page reloaded (kept with the durable state) are followed again; nothing is asked while no
 * wallet of theirs is connected.
 */
export const trackCalls: Effect<WalletDeps> = (event$, state$, deps) => {
  const pending = () => from(Object.values(state$.value.calls?.batches ?? {}).filter(isPendingBatch))
  const sentNow = event$.pipe(
    ofType(callsSent),
    map((e) => state$.value.calls?.batches[e.payload.id]),
    filter((b): b is CallsBatch => b !== undefined),
  )
  // A batch is followed once at a time, however it came up again (a reload's hydration, a resend of its id).
  const following = new Set<string>()
  return merge(defer(pending), event$.pipe(ofType(storageHydrated), mergeMap(pending)), sentNow).pipe(
    filter((batch) => !following.has(batch.id)),
    mergeMap((batch) => {
      following.add(batch.id)
      return (batch.hashes ? followOneByOne(deps, state$.value, batch) : followBatch(deps, state$, batch)).pipe(finalize(() => following.delete(batch.id)))
    }),
  )
}

function followBatch(deps: WalletDeps, state$: { readonly value: ModalState }, batch: CallsBatch): Observable<EventInput> {
  const polls = Math.ceil(CALLS_TRACK_MS / CALLS_POLL_MS)
  // The first ask is at once: a wallet often knows the outcome by the time it has answered the send.
  return timer(0, CALLS_POLL_MS, deps.scheduler).pipe(
    // Until it is done, or no longer held (the oldest beyond the pending limit is let go).
    takeWhile((n) => {
      const held = state$.value.calls?.batches[batch.id]
      return n < polls && held !== undefined && isPendingBatch(held)
    }),
    concatMap(() => {
      const wallet = activeEvmWallet(state$.value)
      if (!wallet || wallet.address.toLowerCase() !== batch.from.toLowerCase()) return EMPTY
      return defer(() => evmWalletRequest(deps, wallet.connectorId, 'wallet_getCallsStatus', [batch.id], toCallsError)).pipe(
        map((answer) => readCallsStatus(answer)),
        // A wallet that cannot answer now is asked again at the next tick.
        catchError(() => EMPTY),
      )
    }),
    filter((status) => changed(state$.value.calls?.batches[batch.id], status)),
    map((status) => callsStatusReceived({ id: batch.id, ...status })),
  )
}

function followOneByOne(deps: WalletDeps, state: ModalState, batch: CallsBatch): Observable<EventInput> {
  const adapter = deps.adapters.eip155
  const network = (state.settings.networks ?? []).find((n) => n.caipNetworkId === batch.caipNetworkId)
  if (!adapter || !network) return EMPTY
  return from(batch.hashes ?? []).pipe(
    concatMap((hash) => defer(() => adapter.waitForReceipt(network, hash)).pipe(map((r): CallsReceipt => ({ status: r.status, transactionHash: hash, blockNumber: r.blockNumber })))),
    scan((receipts, r) => [...receipts, r], [] as CallsReceipt[]),
    last(),
    map((receipts) => callsStatusReceived({ id: batch.id, status: oneByOneStatus(batch, receipts), atomic: false, receipts })),
    catchError(() => EMPTY),
  )
}

/** A one-call-at-a-time batch's EIP-5792 status: 200 all done, 500 nothing done, 600 partly. */
export function oneByOneStatus(batch: Pick<CallsBatch, 'count'>, receipts: readonly CallsReceipt[]): number {
  const done = receipts.filter((r) => r.status === 'success').length
  return done === batch.count ? 200 : done === 0 ? 500 : 600
}

function changed(batch: CallsBatch | undefined, status: CallsStatus): boolean {
  return !batch || batch.status !== status.status || batch.receipts.length !== status.receipts.length || batch.atomic !== status.atomic
}

/** A host's `getCallsStatus`: the wallet's answer now (a batch sent one call at a time: what the modal knows of it). */
export const queryCallsStatus: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(callsStatusRequested),
    mergeMap((e) => {
      const { id } = e.payload
      const meta = { requestId: e.requestId }
      const known = state$.value.calls?.batches[id]
      if (known?.hashes) return of(callsStatusReceived({ id, status: known.status, atomic: false, receipts: known.receipts }, meta))
      const wallet = activeEvmWallet(state$.value)
      if (!wallet) return of(callsStatusFailed({ id, error: serializeError(notConnected()) }, meta))
      return defer(() => evmWalletRequest(deps, wallet.connectorId, 'wallet_getCallsStatus', [id], toCallsError)).pipe(
        map((answer) => {
          try {
            return callsStatusReceived({ id, ...readCallsStatus(answer) }, meta)
          } catch (reason) {
            return callsStatusFailed({ id, error: serializeError(invalidAnswer(reason)) }, meta)
          }
        }),
        catchError((error: unknown) => of(callsStatusFailed({ id, error: serializeError(error) }, meta))),
      )
    }),
  )

/** A host's `getCapabilities`: the wallet's capabilities for the active account. */
export const queryCapabilities: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(callsCapabilitiesRequested),
    switchMap((e) => {
      const meta = { requestId: e.requestId }
      const wallet = activeEvmWallet(state$.value)
      if (!wallet) return of(callsCapabilitiesFailed({ error: serializeError(notConnected()) }, meta))
      const params: unknown[] = e.payload.chainIds ? [wallet.address, e.payload.chainIds] : [wallet.address]
      return defer(() => evmWalletRequest(deps, wallet.connectorId, 'wallet_getCapabilities', params, toCallsError)).pipe(
        map((answer) => {
          try {
            return callsCapabilitiesReceived({ address: wallet.address, capabilities: readCapabilities(answer) }, meta)
          } catch (reason) {
            return callsCapabilitiesFailed({ error: serializeError(invalidAnswer(reason)) }, meta)
          }
        }),
        catchError((error: unknown) => of(callsCapabilitiesFailed({ error: serializeError(error) }, meta))),
      )
    }),
  )

/** A host's `showCallsStatus`: the wallet shows the batch in its own interface. */
export const showCallsStatus: Effect<WalletDeps> = (event$, state$, deps) =>
  event$.pipe(
    ofType(callsShowStatusRequested),
    mergeMap((e) => {
      const { id } = e.payload
      const meta = { requestId: e.requestId }
      const fail = (error: unknown) => callsShowStatusFailed({ id, error: serializeError(error) }, meta)
      if (state$.value.calls?.batches[id]?.hashes) return of(fail(new WalletUnknownBatchIdError('Unknown bundle id', { details: 'a batch sent one call at a time is not the wallet\'s to show' })))
      const wallet = activeEvmWallet(state$.value)
      if (!wallet) return of(fail(notConnected()))
      return defer(() => evmWalletRequest(deps, wallet.connectorId, 'wallet_showCallsStatus', [id], toCallsError)).pipe(
        map(() => callsStatusShown({ id }, meta)),
        catchError((error: unknown) => of(fail(error))),
      )
    }),
  )

/**
 * The embedded wallet's batch in the modal (spec ApproveTransaction): while its frame asks the
 * visitor, ApproveTransaction lists the calls (pushed onto an open modal, or opening it); once
 * the wallet answered either way, the view goes (back, or the modal closes as it was).
 */
export const reviewEmbeddedBatch: Effect<WalletDeps> = (event$, state$) =>
  event$.pipe(
    ofType(callsSendRequested),
    filter(namesRequest),
    filter((e) => isSendingCalls(sliceOf(state$.value, 'calls'), e.requestId) && state$.value.calls?.send?.review !== undefined),
    mergeMap((e) => {
      const wasOpen = state$.value.modal.open
      const settled = event$.pipe(
        ofType(callsSent, callsSendFailed),
        ofRequest(e),
        take(1),
        filter(() => state$.value.router.view === 'ApproveTransaction'),
        map(() => (wasOpen ? routerWentBack({}) : modalCloseRequested({}))),
      )
      return concat(of(wasOpen ? routerPushed({ view: 'ApproveTransaction' }) : modalOpenRequested({ view: 'ApproveTransaction' })), settled)
    }),
  )

/** The effects of batched calls. */
export const callsEffects: NamedEffect<WalletDeps>[] = [
  { name: 'sendCalls', effect: sendCalls },
  { name: 'trackCalls', effect: trackCalls },
  { name: 'queryCallsStatus', effect: queryCallsStatus },
  { name: 'queryCapabilities', effect: queryCapabilities },
  { name: 'showCallsStatus', effect: showCallsStatus },
  { name: 'reviewEmbeddedBatch', effect: reviewEmbeddedBatch },
]
