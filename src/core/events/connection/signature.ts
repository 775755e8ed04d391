import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, json, literal, number, object, optional, string } from '../schema.js'
import { namespaceSchema } from '../views.js'
import { serializedErrorSchema } from '../../errors/base.js'

/**
 * Ask the active wallet to sign: a text message (`personal_sign`; BIP-322 on Bitcoin), EIP-712
 * typed data (`eth_signTypedData_v4`, given as JSON: big numbers as decimal strings), or a
 * Bitcoin PSBT (base64) with the inputs to sign, sent too with `broadcast`.
 */
export const signatureRequested = defineIntent(
  'signature/requested',
  object({
    namespace: optional(namespaceSchema),
    kind: literal('message', 'typedData', 'psbt'),
    message: optional(string()),
    typedData: optional(json()),
    psbt: optional(string()),
    inputsToSign: optional(array(object({ address: string(), signingIndexes: array(number()), sigHash: optional(number()) }))),
    broadcast: optional(boolean()),
    /** The wallet-request notice over the page follows it (a host that asked for feedback). */
    feedback: optional(boolean()),
  }),
)
export const signatureSucceeded = defineEvent(
  'signature/succeeded',
  /** A PSBT's `signature` is the signed PSBT (base64); `txid` the transaction's id when it was broadcast. */
  object({ address: string(), signature: string(), txid: optional(string()) }),
)
export const signatureFailed = defineEvent('signature/failed', object({ error: serializedErrorSchema }))
