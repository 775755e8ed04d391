import type { Draft } from 'immer'
import { balanceFailed, balanceFetched } from '../../events/connection/balance.js'
import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { modalCloseRequested, modalOpenRequested } from '../../events/modal/modal.js'
import { resultAcknowledged } from '../../events/modal/router.js'
import {
  sendAmountSet,
  sendConfirmed,
  sendFailed,
  sendFeeEstimated,
  sendFeeFailed,
  sendFeeRequested,
  sendReceiverNameFailed,
  sendReceiverNameRequested,
  sendReceiverNameResolved,
  sendReceiverSet,
  sendRequested,
  sendReset,
  sendSubmitted,
  sendTokenSet,
} from '../../events/connection/send.js'
import { signatureFailed, signatureRequested, signatureSucceeded } from '../../events/connection/signature.js'
import { createSlice } from '../createSlice.js'
import { EMPTY_SEND, initialAccountState, type AccountState } from './walletState.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { holdsAccountOf } from '../../domain/caip.js'
import { isResetTo } from '../isResetTo.js'

const inFlight = (a: Draft<AccountState>): boolean => a.send.status === 'sending' || a.send.status === 'pending'

/** Balances (cached with their fetch time), the send form and its transaction, signatures. */
export const accountSlice = createSlice('account', initialAccountState, (b) =>
  b
    .addCase(balanceFetched, (a, event) => {
      const { caipAddress, balance, symbol } = event.payload
      a.balances[caipAddress] = { balance, symbol, timestamp: event.at }
    })
    .addCase(balanceFailed, (a, event) => {
      // Unknown, not zero; the cache time still spaces out retries.
      const { caipAddress } = event.payload
      a.balances[caipAddress] = { balance: null, symbol: a.balances[caipAddress]?.symbol ?? '', timestamp: event.at }
    })
    .addCases([sendTokenSet, sendAmountSet, sendReceiverSet], (a, event) => {
      if (inFlight(a)) return
      const send = a.send
      if (sendTokenSet.match(event)) send.token = event.payload.token
      else if (sendAmountSet.match(event)) send.amount = event.payload.amount
      else if (sendReceiverSet.match(event)) {
        send.receiver = event.payload.receiver
        // A name's resolution stands for that name only.
        if (send.receiverName && send.receiverName.name !== event.payload.receiver.trim()) send.receiverName = null
      }
      // An estimate is for the form it was asked for.
      send.fee = null
      // Editing the form after a result starts a new one.
      if (send.status !== 'idle') Object.assign(send, { status: 'idle', requestId: null, hash: null, blockNumber: null, error: null })
    })
    .addCase(sendReceiverNameRequested, (a, event) => {
      if (inFlight(a) || a.send.receiver?.trim() !== event.payload.name) return
      a.send.receiverName = { name: event.payload.name, status: 'resolving', requestId: event.requestId ?? null }
      a.send.fee = null
    })
    .addCase(sendReceiverNameResolved, (a, event) => {
      if (!isCurrentName(a, event.payload.name, event.requestId)) return
      a.send.receiverName = { name: event.payload.name, status: 'resolved', requestId: event.requestId ?? null, address: event.payload.address }
    })
    .addCase(sendReceiverNameFailed, (a, event) => {
      if (!isCurrentName(a, event.payload.name, event.requestId)) return
      a.send.receiverName = { name: event.payload.name, status: 'failed', requestId: event.requestId ?? null, error: event.payload.error }
    })
    .addCase(sendFeeRequested, (a, event) => {
      if (inFlight(a)) return
      a.send.fee = { status: 'estimating', requestId: event.requestId ?? null }
    })
    .addCase(sendFeeEstimated, (a, event) => {
      if (!isCurrentFee(a, event.requestId)) return
      a.send.fee = { status: 'ready', requestId: event.requestId ?? null, amount: event.payload.fee, symbol: event.payload.symbol }
    })
    .addCase(sendFeeFailed, (a, event) => {
      if (!isCurrentFee(a, event.requestId)) return
      a.send.fee = { status: 'failed', requestId: event.requestId ?? null, error: event.payload.error }
    })
    .addCase(sendRequested, (a, event) => {
      if (inFlight(a)) return
      Object.assign(a.send, { status: 'sending', requestId: event.requestId ?? null, hash: null, blockNumber: null, error: null, feedback: event.payload.feedback === true })
    })
    .addCase(sendSubmitted, (a, event) => {
      if (!isCurrentSend(a, event.requestId) || a.send.status !== 'sending') return
      a.send.status = 'pending'
      a.send.hash = event.payload.hash
    })
    .addCase(sendConfirmed, (a, event) => {
      if (!isCurrentSend(a, event.requestId) || !inFlight(a)) return
      a.send.status = 'confirmed'
      a.send.hash = event.payload.hash
      a.send.blockNumber = event.payload.blockNumber
    })
    .addCase(sendFailed, (a, event) => {
      if (!isCurrentSend(a, event.requestId) || !inFlight(a)) return
      a.send.status = 'failed'
      a.send.error = event.payload.error
      if (event.payload.hash) a.send.hash = event.payload.hash
    })
    .addCase(sendReset, (a) => {
      a.send = { ...EMPTY_SEND }
    })
    // A sent transfer, once acknowledged or left by closing the modal, leaves an empty form for
    // the next Send (it stays in Activity and, acknowledged, in a banner).
    .addCase(
      resultAcknowledged,
      (a) => {
        a.send = { ...EMPTY_SEND }
      },
      (a, event) => event.payload.flow === 'send' && a.send.status === 'confirmed',
    )
    .addCase(
      modalCloseRequested,
      (a) => {
        a.send = { ...EMPTY_SEND }
      },
      (a, _event, state, prev) => a.send.status === 'confirmed' && prev.modal.open && !state.modal.open,
    )
    .addCase(signatureRequested, (a, event) => {
      a.signature = { requestId: event.requestId ?? null, status: 'signing', signature: null, error: null, feedback: event.payload.feedback === true }
    })
    .addCase(signatureSucceeded, (a, event) => {
      if (!isCurrentSignature(a, event.requestId)) return
      a.signature = { requestId: event.requestId ?? null, status: 'signed', signature: event.payload.signature, error: null, feedback: a.signature?.feedback === true }
    })
    .addCase(signatureFailed, (a, event) => {
      if (!isCurrentSignature(a, event.requestId)) return
      a.signature = { requestId: event.requestId ?? null, status: 'failed', signature: null, error: event.payload.error, feedback: a.signature?.feedback === true }
    })
    .addCase(
      modalOpenRequested,
      (a) => {
        // Opening for another namespace clears the send form (spec §4).
        if (!inFlight(a)) a.send = { ...EMPTY_SEND }
      },
      (_a, event, _state, prev) => event.payload.namespace !== undefined && event.payload.namespace !== prev.connection.activeNamespace,
    )
    .addCase(
      accountDisconnected,
      (a, event) => {
        // Resetting the account clears balance and forms; preferences (account type) stay.
        const prefix = `${event.payload.namespace}:`
        for (const key of Object.keys(a.balances)) if (key.startsWith(prefix)) delete a.balances[key]
        a.send = { ...EMPTY_SEND }
        a.signature = null
      },
      // Optimization: an account with nothing to clear (no balance of the namespace, no form)
      // keeps its object and skips immer.
      (a, event) => holdsAccountOf(a.balances, event.payload.namespace) || !isResetTo(a.send, EMPTY_SEND) || a.signature !== null,
    ),
  // Reads whether the modal closed.
  { after: ['modal'] },
)

function isCurrentSend(a: Draft<AccountState>, requestId: string | undefined): boolean {
  return isCurrentRequest(a.send.requestId, requestId, { unnamed: 'applies' })
}

function isCurrentFee(a: Draft<AccountState>, requestId: string | undefined): boolean {
  const fee = a.send.fee
  return fee !== null && fee.status === 'estimating' && isCurrentRequest(fee.requestId, requestId, { unnamed: 'applies' })
}

/** Whether an answer is for the name lookup the form waits for (the reducer and the effect that resolves agree on it). */
export function isCurrentName(a: AccountState | Draft<AccountState>, name: string, requestId: string | undefined): boolean {
  const pending = a.send.receiverName
  return pending !== null && pending.status === 'resolving' && pending.name === name && isCurrentRequest(pending.requestId, requestId)
}

function isCurrentSignature(a: Draft<AccountState>, requestId: string | undefined): boolean {
  const s = a.signature
  return s !== null && s.status === 'signing' && isCurrentRequest(s.requestId, requestId, { unnamed: 'applies' })
}
