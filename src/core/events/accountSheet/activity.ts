import { defineEvent } from '../defineEvent.js'
import { defineIntent } from '../requestLifecycle.js'
import { array, json, literal, nullable, object, string } from '../schema.js'
import type { NftItem, Transaction } from '../../domain/entities.js'
import { serializedErrorSchema } from '../../errors/base.js'

/** The Account view's tabs (spec §2). */
export const ACCOUNT_TABS = ['tokens', 'nfts', 'activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

export const accountTabSelected = defineEvent('account/tabSelected', object({ tab: literal(...ACCOUNT_TABS) }))

/**
 * Fetch a page of an account's history: `cursor` null for the newest page (which replaces what
 * is held, so a transaction that changed shows once, as it is now), else the `next` cursor of
 * the last page.
 */
export const activityPageRequested = defineIntent('activity/pageRequested', object({ caipAddress: string(), cursor: nullable(string()) }))
export const activityPageFetched = defineEvent(
  'activity/pageFetched',
  object({ caipAddress: string(), cursor: nullable(string()), transactions: array(json<Transaction>()), next: nullable(string()) }),
)
/** The history could not be fetched ('Failed to fetch transactions'); what was held stays. */
export const activityPageFailed = defineEvent('activity/pageFailed', object({ caipAddress: string(), error: serializedErrorSchema }))

/** An address's identity from the blockchain data API: its name and avatar, when it has them. */
export const identityFetched = defineEvent('identity/fetched', object({ address: string(), name: nullable(string()), avatar: nullable(string()) }))

/** Fetch the NFTs an account holds (the NFTs tab asks when it opens). */
export const nftsRequested = defineIntent('nfts/requested', object({ caipAddress: string() }))
export const nftsFetched = defineEvent('nfts/fetched', object({ caipAddress: string(), nfts: array(json<NftItem>()) }))
export const nftsFailed = defineEvent('nfts/failed', object({ caipAddress: string(), error: serializedErrorSchema }))

/** The events of the account sheet, for the catalogue. */
export const ACCOUNT_SHEET_EVENTS = [
  accountTabSelected,
  activityPageRequested,
  activityPageFetched,
  activityPageFailed,
  identityFetched,
  nftsRequested,
  nftsFetched,
  nftsFailed,
] as const
