import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, boolean, literal, object, optional, string } from '../schema.js'
import { namespaceSchema } from '../views.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** A connected account as events carry it (spec §3 Account: Bitcoin's with their public key and path). */
export const accountSchema = object({ address: string(), type: literal('eoa', 'smartAccount', 'payment', 'ordinal'), publicKey: optional(string()), path: optional(string()) })

/** The visitor picked a connector; its outcome carries the same requestId. */
export const connectionRequested = defineIntent(
  'connection/requested',
  object({ connectorId: string(), namespace: namespaceSchema }),
)
export const connectionSucceeded = defineEvent(
  'connection/succeeded',
  object({
    connectorId: string(),
    namespace: namespaceSchema,
    accounts: array(accountSchema),
    caipNetworkId: string(),
    auth: optional(string()),
    /** The connection came with another namespace's (one WalletConnect session): the active namespace stays. */
    adopted: optional(boolean()),
    /**
     * Adopted for the namespace the visitor opened Connect for (an e-mail login on a Solana
     * Connect connects EVM first): that namespace becomes the active one, as they asked.
     */
    activates: optional(boolean()),
    /**
     * The networks the connect asked for (CAIP-2) and, from a wallet that says so (a
     * WalletConnect session), those it approved and whether it takes others besides.
     */
    networks: optional(object({ requested: array(string()), approved: optional(array(string())), supportsAllNetworks: optional(boolean()) })),
  }),
)
export const connectionFailed = defineEvent(
  'connection/failed',
  object({ connectorId: string(), namespace: namespaceSchema, error: serializedErrorSchema }),
)
export const connectionDisconnected = defineEvent(
  'connection/disconnected',
  object({ namespace: namespaceSchema, connectorId: optional(string()) }),
)
