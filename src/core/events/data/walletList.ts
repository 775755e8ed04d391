import { defineEvent, type StampedEvent } from '../defineEvent.js'
import { array, boolean, json, literal, number, object, optional, string } from '../schema.js'
import { WALLET_LISTS, type ListedWallet } from '../../reducers/data/dataState.js'
import { serializedErrorSchema } from '../../errors/base.js'

const listSchema = literal(...WALLET_LISTS)

/**
 * Asks for the next page of a wallet list (infinite scroll, a retry after a failure). For the
 * search list, `query` starts that search from its first page, unless it is already the shown one.
 * Ignored while a page of the list is loading (unless `retry`: the visitor asked again for a page
 * that is taking long, whose request then starts over), once every wallet is loaded, and when no
 * wallet directory is configured.
 *
 * @example
 * modal.dispatch(walletListPageRequested({ list: 'all' }))
 */
export const walletListPageRequested = defineEvent(
  'walletList/pageRequested',
  object({ list: listSchema, query: optional(string()), retry: optional(boolean()) }),
)

/** One page of a list, as the directory answered it; `count` is how many match in all. */
export const walletListPageLoaded = defineEvent(
  'walletList/pageLoaded',
  object({ list: listSchema, page: number(), wallets: array(json<ListedWallet>()), count: number() }),
)

/** A page could not be loaded; what is already listed stays. */
export const walletListPageFailed = defineEvent(
  'walletList/pageFailed',
  object({ list: listSchema, page: number(), error: serializedErrorSchema }),
)

/** The visitor typed in the AllWallets search box; the search runs after a 300 ms pause. */
export const walletListSearchChanged = defineEvent('walletList/searchChanged', object({ query: string() }))

/** The wallet-list events, for the catalogue. */
export const WALLET_LIST_EVENTS = [
  walletListPageRequested,
  walletListPageLoaded,
  walletListPageFailed,
  walletListSearchChanged,
] as const

/**
 * The request id a page request is known by: its own, or one made from its seq (requests an
 * effect or a host dispatches without one). Reducer and effects derive it the same way.
 */
export function walletListRequestId(event: StampedEvent): string {
  return event.requestId ?? `walletList-${event.seq}`
}
