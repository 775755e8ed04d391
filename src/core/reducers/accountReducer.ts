import type { Draft } from 'immer'
import { balanceFailed, balanceFetched } from '../events/balance.js'
import { accountDisconnected } from '../events/connectionLifecycle.js'
import { modalOpenRequested } from '../events/modal.js'
import type { StampedEvent } from '../events/defineEvent.js'
import {
  sendAmountSet,
  sendConfirmed,
  sendFailed,
  sendReceiverSet,
  sendRequested,
  sendReset,
  sendSubmitted,
  sendTokenSet,
} from '../events/send.js'
import { signatureFailed, signatureRequested, signatureSucceeded } from '../events/signature.js'
import type { ModalState } from '../state.js'
import { EMPTY_SEND } from './walletState.js'

/** Balances (cached with their fetch time), the send form and its transaction, signatures. */
export function accountReducer(draft: Draft<ModalState>, event: StampedEvent): void {
  const a = draft.account
  const send = a.send
  const inFlight = send.status === 'sending' || send.status === 'pending'
  if (balanceFetched.match(event)) {
    const { caipAddress, balance, symbol } = event.payload
    a.balances[caipAddress] = { balance, symbol, timestamp: event.at }
  } else if (balanceFailed.match(event)) {
    // Unknown, not zero; the cache time still spaces out retries.
    const { caipAddress } = event.payload
    a.balances[caipAddress] = { balance: null, symbol: a.balances[caipAddress]?.symbol ?? '', timestamp: event.at }
  } else if (sendTokenSet.match(event) || sendAmountSet.match(event) || sendReceiverSet.match(event)) {
    if (inFlight) return
    if (sendTokenSet.match(event)) send.token = event.payload.token
    else if (sendAmountSet.match(event)) send.amount = event.payload.amount
    else send.receiver = event.payload.receiver
    // Editing the form after a result starts a new one.
    if (send.status !== 'idle') Object.assign(send, { status: 'idle', requestId: null, hash: null, blockNumber: null, error: null })
  } else if (sendRequested.match(event)) {
    if (inFlight) return
    Object.assign(send, { status: 'sending', requestId: event.requestId ?? null, hash: null, blockNumber: null, error: null })
  } else if (sendSubmitted.match(event)) {
    if (!isCurrentSend(draft, event.requestId) || send.status !== 'sending') return
    send.status = 'pending'
    send.hash = event.payload.hash
  } else if (sendConfirmed.match(event)) {
    if (!isCurrentSend(draft, event.requestId) || !inFlight) return
    send.status = 'confirmed'
    send.hash = event.payload.hash
    send.blockNumber = event.payload.blockNumber
  } else if (sendFailed.match(event)) {
    if (!isCurrentSend(draft, event.requestId) || !inFlight) return
    send.status = 'failed'
    send.error = event.payload.error
    if (event.payload.hash) send.hash = event.payload.hash
  } else if (sendReset.match(event)) {
    a.send = { ...EMPTY_SEND }
  } else if (signatureRequested.match(event)) {
    a.signature = { requestId: event.requestId ?? null, status: 'signing', signature: null, error: null }
  } else if (signatureSucceeded.match(event)) {
    if (!isCurrentSignature(draft, event.requestId)) return
    a.signature = { requestId: event.requestId ?? null, status: 'signed', signature: event.payload.signature, error: null }
  } else if (signatureFailed.match(event)) {
    if (!isCurrentSignature(draft, event.requestId)) return
    a.signature = { requestId: event.requestId ?? null, status: 'failed', signature: null, error: event.payload.error }
  } else if (modalOpenRequested.match(event)) {
    // Opening for another namespace clears the send form (spec §4); runs before the modal slice switches it.
    const { namespace } = event.payload
    if (namespace && namespace !== draft.connection.activeNamespace && !inFlight) a.send = { ...EMPTY_SEND }
  } else if (accountDisconnected.match(event)) {
    // Resetting the account clears balance and forms; preferences (account type) stay.
    const prefix = `${event.payload.namespace}:`
    for (const key of Object.keys(a.balances)) if (key.startsWith(prefix)) delete a.balances[key]
    a.send = { ...EMPTY_SEND }
    a.signature = null
  }
}

function isCurrentSend(draft: Draft<ModalState>, requestId: string | undefined): boolean {
  return requestId === undefined || draft.account.send.requestId === requestId
}

function isCurrentSignature(draft: Draft<ModalState>, requestId: string | undefined): boolean {
  const s = draft.account.signature
  return s !== null && s.status === 'signing' && (requestId === undefined || s.requestId === requestId)
}
