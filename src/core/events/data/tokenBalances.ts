import { defineEvent } from '../defineEvent.js'
import { array, json, literal, number, object, optional, string } from '../schema.js'
import type { TokenBalance } from '../../domain/entities.js'
import { serializedErrorSchema } from '../../errors/base.js'

/**
 * The active account's token balances (native token included): from the blockchain data API, or
 * with `source: 'wallet'` from the wallet itself (EIP-7811 `wallet_getAssets`).
 */
export const tokenBalancesFetched = defineEvent(
  'tokenBalances/fetched',
  object({ caipAddress: string(), balances: array(json<TokenBalance>()), source: optional(literal('wallet')) }),
)

/**
 * Prices of an account's tokens from the blockchain data API (`POST /v1/fungible/price`), by the
 * CAIP-10 id each was asked by (the native token's is the ERC-7528 address): the balances the
 * wallet listed without a price get it, and their worth.
 */
export const tokenPricesFetched = defineEvent(
  'tokenBalances/pricesFetched',
  object({ caipAddress: string(), prices: array(object({ address: string(), price: number() })) }),
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
export const TOKEN_BALANCE_EVENTS = [tokenBalancesFetched, tokenBalancesFailed, tokenPricesFetched] as const
