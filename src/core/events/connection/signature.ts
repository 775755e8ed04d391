import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { boolean, json, literal, object, optional, string } from '../schema.js'
import { namespaceSchema } from '../views.js'
import { serializedErrorSchema } from '../../errors/base.js'

/**
 * Ask the active wallet to sign: a text message (`personal_sign`) or EIP-712 typed data
 * (`eth_signTypedData_v4`, given as JSON: big numbers as decimal strings).
 */
export const signatureRequested = defineIntent(
  'signature/requested',
  object({
    namespace: optional(namespaceSchema),
    kind: literal('message', 'typedData'),
    message: optional(string()),
    typedData: optional(json()),
    /** The wallet-request notice over the page follows it (a host that asked for feedback). */
    feedback: optional(boolean()),
  }),
)
export const signatureSucceeded = defineEvent(
  'signature/succeeded',
  object({ address: string(), signature: string() }),
)
export const signatureFailed = defineEvent('signature/failed', object({ error: serializedErrorSchema }))
