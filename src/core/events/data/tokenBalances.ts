import { defineEvent } from '../defineEvent.js'
import { array, json, object, string } from '../schema.js'
import type { TokenBalance } from '../../domain/entities.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** The active account's token balances from the blockchain data API (native token included). */
export const tokenBalancesFetched = defineEvent(
  'tokenBalances/fetched',
  object({ caipAddress: string(), balances: array(json<TokenBalance>()) }),
)

/**
 * The API could not tell the balances ('Token Balance Unavailable'): they are unknown, not zero,
 * and the views fall back to the balance read over the network's RPC.
 */
export const tokenBalancesFailed = defineEvent(
  'tokenBalances/failed',
  object({ caipAddress: string(), error: serializedErrorSchema }),
)

/** The token-balance events, for the catalogue. */
export const TOKEN_BALANCE_EVENTS = [tokenBalancesFetched, tokenBalancesFailed] as const
