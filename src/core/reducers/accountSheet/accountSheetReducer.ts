import type { NftItem, Transaction } from '../../domain/entities.js'
import type { SerializedError } from '../../errors/base.js'
import {
  accountTabSelected,
  activityPageFailed,
  activityPageFetched,
  activityPageRequested,
  identityFetched,
  nftsFailed,
  nftsFetched,
  nftsRequested,
  type AccountTab,
} from '../../events/accountSheet/activity.js'
import { accountDisconnected } from '../../events/connection/connectionLifecycle.js'
import { nameRegistered } from '../../events/names/names.js'
import { createSlice } from '../createSlice.js'
import { isCurrentRequest } from '../../events/requestLifecycle.js'
import { holdsAccountOf } from '../../domain/caip.js'
import { initialAccountSheetState } from '../baseInitialState.js'

/** One account's history as far as it was paged. */
export type ActivityEntry = {
  transactions: Transaction[]
  /** The cursor of the next page; null when the last page is held. */
  next: string | null
  status: 'loading' | 'loaded' | 'failed'
  /** The page being fetched: its request and cursor (outcomes of other requests are ignored). */
  requestId: string | null
  cursor: string | null
  error: SerializedError | null
  /** When the newest page was last fetched. */
  timestamp: number | null
}

/** One account's NFTs, as last fetched. */
export type NftsEntry = {
  status: 'loading' | 'loaded' | 'failed'
  /** Held as they came (items without a string name left out); the tab reads them field by field. */
  items: NftItem[]
  requestId: string | null
  error: SerializedError | null
}

export type AccountSheetState = {
  tab: AccountTab
  /** By CAIP-10 account id. */
  nfts: Record<string, NftsEntry>
  /** By CAIP-10 account id. */
  activity: Record<string, ActivityEntry>
  /** By lower-case address, with when it was fetched. */
  identities: Record<string, { name: string | null; avatar: string | null; timestamp: number }>
}


/**
 * A page appended to what is held, each id once (the first kept). Items without a string id
 * are left out; the rest is held as given and read field by field where it is shown
 * (`readTransactions`), which keeps that reading out of the first bundle.
 */
function appendById(held: readonly Transaction[], page: readonly Transaction[]): Transaction[] {
  const ids = new Set(held.map((t) => t.id))
  const out = [...held]
  for (const tx of page) {
    if (typeof tx !== 'object' || tx === null || typeof tx.id !== 'string' || ids.has(tx.id)) continue
    ids.add(tx.id)
    out.push(tx)
  }
  return out
}

type Fetched = { status: 'loading' | 'loaded' | 'failed'; requestId: string | null; error: SerializedError | null }

/** The entry when it waits for this request's answer (answers to other requests are ignored), else undefined. */
export function awaiting<E extends Fetched>(entry: E | undefined, requestId: string | undefined): E | undefined {
  return entry && entry.status === 'loading' && isCurrentRequest(entry.requestId, requestId) ? entry : undefined
}

/** A failed fetch: what was held stays, with the error. */
function fail(entry: Fetched | undefined, error: SerializedError): void {
  if (!entry) return
  entry.status = 'failed'
  entry.error = error
  entry.requestId = null
}

/** The Account view's tab, each account's history pages, and identities (name, avatar). */
export const accountSheetSlice = createSlice('accountSheet', initialAccountSheetState, (b) =>
  b
    .addCase(accountTabSelected, (s, event) => {
      s.tab = event.payload.tab
    })
    .addCase(activityPageRequested, (s, event) => {
      const { caipAddress, cursor } = event.payload
      const entry = s.activity[caipAddress]
      // One page at a time; a later page only from where the last one ended.
      if (entry?.status === 'loading') return
      if (cursor !== null && entry?.next !== cursor) return
      s.activity[caipAddress] = {
        transactions: entry?.transactions ?? [],
        next: entry?.next ?? null,
        timestamp: entry?.timestamp ?? null,
        status: 'loading',
        requestId: event.requestId ?? null,
        cursor,
        error: null,
      }
    })
    .addCase(activityPageFetched, (s, event) => {
      const { caipAddress, cursor, transactions, next } = event.payload
      const entry = awaiting(s.activity[caipAddress], event.requestId)
      if (!entry || entry.cursor !== cursor) return
      // The newest page replaces what was held: a transaction that changed (pending → mined) shows once, as it is now.
      entry.transactions = appendById(cursor === null ? [] : entry.transactions, transactions)
      entry.next = next
      entry.status = 'loaded'
      entry.requestId = null
      if (cursor === null) entry.timestamp = event.at
    })
    .addCase(activityPageFailed, (s, event) => fail(awaiting(s.activity[event.payload.caipAddress], event.requestId), event.payload.error))
    .addCase(nftsRequested, (s, event) => {
      const entry = s.nfts[event.payload.caipAddress]
      if (entry?.status === 'loading') return
      s.nfts[event.payload.caipAddress] = { status: 'loading', items: entry?.items ?? [], requestId: event.requestId ?? null, error: null }
    })
    .addCase(nftsFetched, (s, event) => {
      const entry = awaiting(s.nfts[event.payload.caipAddress], event.requestId)
      if (!entry) return
      entry.items = event.payload.nfts.filter((n) => typeof n === 'object' && n !== null && typeof n.name === 'string')
      entry.status = 'loaded'
      entry.requestId = null
    })
    .addCase(nftsFailed, (s, event) => fail(awaiting(s.nfts[event.payload.caipAddress], event.requestId), event.payload.error))
    .addCase(identityFetched, (s, event) => {
      const { address, name, avatar } = event.payload
      s.identities[address.toLowerCase()] = { name, avatar, timestamp: event.at }
    })
    .addCase(nameRegistered, (s, event) => {
      // A name just registered is the account's name from now on, without waiting for a refetch.
      const key = event.payload.address.toLowerCase()
      const known = s.identities[key]
      s.identities[key] = { name: known?.name ?? event.payload.name, avatar: known?.avatar ?? null, timestamp: known?.timestamp ?? event.at }
    })
    .addCase(
      accountDisconnected,
      (s, event) => {
        // Resetting an account clears what was shown of it (spec §4).
        const prefix = `${event.payload.namespace}:`
        for (const key of Object.keys(s.activity)) if (key.startsWith(prefix)) delete s.activity[key]
        for (const key of Object.keys(s.nfts)) if (key.startsWith(prefix)) delete s.nfts[key]
        s.tab = 'tokens'
      },
      // Optimization: with nothing of the namespace shown, immer is not entered.
      (s, event) => s.tab !== 'tokens' || holdsAccountOf(s.activity, event.payload.namespace) || holdsAccountOf(s.nfts, event.payload.namespace),
    ),
)
