import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { boolean, empty, nullable, number, object, optional, string } from '../schema.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** The token being sent: the network's native token has no address. */
export type SendToken = { symbol: string; decimals: number; name?: string; address?: string }

const tokenSchema = object({ symbol: string(), decimals: number(), name: optional(string()), address: optional(string()) })

export const sendTokenSet = defineEvent('send/tokenSet', object({ token: nullable(tokenSchema) }))
/** The amount in whole units, as typed (a decimal string). */
export const sendAmountSet = defineEvent('send/amountSet', object({ amount: string() }))
export const sendReceiverSet = defineEvent('send/receiverSet', object({ receiver: string() }))
/** Send what the form holds; fails with the spec's form errors when something is missing. */
/** Send what the form holds; `feedback`: the wallet-request notice over the page follows it (the Send view's own sends, or a host that asked). */
export const sendRequested = defineIntent('send/requested', object({ feedback: optional(boolean()) }))
/** The wallet signed and broadcast the transaction. */
export const sendSubmitted = defineEvent('send/submitted', object({ hash: string() }))
export const sendConfirmed = defineEvent('send/confirmed', object({ hash: string(), blockNumber: string() }))
export const sendFailed = defineEvent('send/failed', object({ hash: optional(string()), error: serializedErrorSchema }))
/** Estimate the network fee of what the form holds (the review step asks for it). */
export const sendFeeRequested = defineIntent('send/feeRequested', empty())
/** The fee in whole units of the network's native token, as a decimal string. */
export const sendFeeEstimated = defineEvent('send/feeEstimated', object({ fee: string(), symbol: string() }))
/** The fee could not be estimated: the send can still go ahead, the wallet shows its own. */
export const sendFeeFailed = defineEvent('send/feeFailed', object({ error: serializedErrorSchema }))
/** Clears the send form. */
export const sendReset = defineEvent('send/reset', empty())
/** The receiver typed is a name: resolve it through the name API (EVM only; the latest one typed wins). */
export const sendReceiverNameRequested = defineEvent('send/receiverNameRequested', object({ name: string() }))
/** The name's address on the active network; the send goes to it. */
export const sendReceiverNameResolved = defineEvent('send/receiverNameResolved', object({ name: string(), address: string() }))
/** The name did not resolve ('Error resolving name', the name server's reason in the details). */
export const sendReceiverNameFailed = defineEvent('send/receiverNameFailed', object({ name: string(), error: serializedErrorSchema }))
