import { defineEvent } from '../defineEvent.js'
import { serializedErrorSchema } from '../../errors/base.js'
import { array, boolean, json, literal, nullable, number, object, optional, record, string, type Schema } from '../schema.js'
import { NAMESPACES, namespaceSchema } from '../views.js'
import type { DurableState } from '../../state.js'
import { PERMISSION_TYPES } from '../../domain/permissionTypes.js'

/** A record whose keys are namespaces (eip155, solana, …). */
function byNamespace<T>(inner: Schema<T>): Schema<Record<string, T>> {
  const base = record(inner)
  return {
    check(v, path) {
      const problem = base.check(v, path)
      if (problem) return problem
      for (const key of Object.keys(v as object)) {
        if (!(NAMESPACES as readonly string[]).includes(key)) return `${path}.${key} is not a namespace`
      }
      return null
    },
  }
}

/** Stored preferences: each field optional (what was invalid was dropped before). */
export const storedPreferencesSchema = object({
  themeMode: optional(literal('light', 'dark')),
  preferredAccountType: optional(byNamespace(literal('eoa', 'smartAccount'))),
})

/** Stored sign-in sessions by CAIP-10 address (their secrets redacted, see redact.ts). */
export const storedSiwxSchema = object({ sessions: record(json()) })

export const recentWalletSchema = object({
  id: string(),
  name: string(),
  namespace: namespaceSchema,
  imageUrl: optional(string()),
  rdns: optional(string()),
  listingId: optional(string()),
  auth: optional(string()),
})

/** Recent wallets and, per namespace, the connectors a reload reconnects. */
export const storedWalletsSchema = object({ recent: array(recentWalletSchema), connected: byNamespace(array(string())) })

/**
 * The embedded wallet's stored keys (spec §9): its session, e-mail and user name, and when an
 * e-mail login was last asked for (the 30 s cooldown outlives a reload).
 */
export const storedEmbeddedWalletSchema = object({
  email: optional(nullable(string())),
  username: optional(nullable(string())),
  sessionToken: optional(nullable(string())),
  lastEmailLoginAt: optional(nullable(number())),
})

/** A receipt of a transaction that carried (part of) a batch of calls (EIP-5792), as the calls slice keeps it. */
export const callsReceiptSchema = object({ status: literal('success', 'reverted'), transactionHash: string(), blockNumber: string(), gasUsed: optional(string()) })

/** What a batch of calls is when the wallet took it (`calls/sent`, and a batch kept for a reload). */
export const callsBatchFields = { id: string(), caipNetworkId: string(), from: string(), count: number(), atomicRequired: boolean() }

/**
 * Batched calls still pending when the page went away (EIP-5792): the modal follows them again
 * after a reload. Each as the calls slice keeps it.
 */
export const storedCallsSchema = object({
  batches: array(
    object({
      ...callsBatchFields,
      status: number(),
      atomic: boolean(),
      receipts: array(callsReceiptSchema),
      sentAt: number(),
      hashes: optional(array(string())),
      feedback: optional(literal(true)),
    }),
  ),
})

/**
 * A permission a wallet granted (ERC-7715), as the permissions slice keeps it: the wallet's
 * answer (amounts in base units as decimal text, times in unix seconds) and the token as the
 * modal shows it. `context` is kept: revoking names it, and it is of use to the session account
 * alone (a delegation to it), so it is no secret to redact.
 */
export const permissionGrantFields = {
  context: string(),
  delegationManager: string(),
  dependencies: array(object({ factory: string(), factoryData: string() })),
  chainId: number(),
  account: string(),
  to: string(),
  type: literal(...PERMISSION_TYPES),
  tokenAddress: nullable(string()),
  amount: string(),
  period: nullable(number()),
  start: nullable(number()),
  expiry: nullable(number()),
  justification: nullable(string()),
  isAdjustmentAllowed: boolean(),
  symbol: nullable(string()),
  decimals: nullable(number()),
}

/** The status of a granted permission. */
export const permissionStatusSchema = literal('active', 'revoking', 'revoked', 'expired')

/** Granted permissions (ERC-7715), kept so they outlive the page: each as the permissions slice keeps it. */
export const storedPermissionsSchema = object({
  grants: array(object({ ...permissionGrantFields, grantedAt: number(), status: permissionStatusSchema, revokedAt: nullable(number()) })),
})

/** The network last in use (spec §9's stored "last used chain"), CAIP-2. */
export const storedNetworkSchema = object({ lastUsed: string() })

/** What persistence found on start and could read, applied in one step (again if a read that gave up settles after all). */
export const storageHydrated = defineEvent(
  'storage/hydrated',
  object({
    preferences: optional(storedPreferencesSchema),
    siwx: optional(storedSiwxSchema),
    wallets: optional(storedWalletsSchema),
    embeddedWallet: optional(storedEmbeddedWalletSchema),
    calls: optional(storedCallsSchema),
    permissions: optional(storedPermissionsSchema),
    network: optional(storedNetworkSchema),
  }) as Schema<Partial<DurableState>>,
)

/** A storage read or write failed, or stored data was unreadable; the session goes on in memory. */
export const storageFailed = defineEvent('storage/failed', object({ operation: string(), error: serializedErrorSchema }))
