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
 * What makes two history items the same transaction: its id, and its hash on its chain when it
 * has one (read defensively: the slice holds items as they came).
 */
function sameTransactionKeys(tx: Transaction): string[] {
  const keys = [`id:${tx.id}`]
  const metadata: unknown = tx.metadata
  if (typeof metadata === 'object' && metadata !== null) {
    const { hash, chain } = metadata as Record<string, unknown>
    if (typeof hash === 'string' && hash !== '' && typeof chain === 'string') keys.push(`hash:${chain}:${hash}`)
  }
  return keys
}

/**
 * A page merged into what is held, each transaction once. A transaction already held (same id,
 * or same hash on the same chain) is replaced where it stands by the page's version, the newer
 * word on it: one pending on the first page and confirmed on a later one shows once, as
 * confirmed. Within a page the first of two copies is kept. Items without a string id are left
 * out; the rest is held as given and read field by field where it is shown
 * (`readTransactions`), which keeps that reading out of the first bundle.
 */
function mergeTransactions(held: readonly Transaction[], page: readonly Transaction[]): Transaction[] {
  const out: (Transaction | null)[] = [...held]
  const indexOf = new Map<string, number>()
  const place = (tx: Transaction, at: number) => {
    const before = out[at]
    if (before) for (const key of sameTransactionKeys(before)) if (indexOf.get(key) === at) indexOf.delete(key)
    out[at] = tx
    for (const key of sameTransactionKeys(tx)) indexOf.set(key, at)
  }
  out.forEach((tx, i) => {
    for (const key of sameTransactionKeys(tx!)) if (!indexOf.has(key)) indexOf.set(key, i)
  })
  const inPage = new Set<string>()
  for (const tx of page) {
    if (typeof tx !== 'object' || tx === null || typeof tx.id !== 'string') continue
    const keys = sameTransactionKeys(tx)
    if (keys.some((key) => inPage.has(key))) continue
    for (const key of keys) inPage.add(key)
    const matches = [...new Set(keys.flatMap((key) => indexOf.get(key) ?? []))].sort((a, b) => a - b)
    // One item may match two held ones (the id of one, the hash of another): it stands for both.
    for (const i of matches.slice(1)) {
      for (const key of sameTransactionKeys(out[i]!)) if (indexOf.get(key) === i) indexOf.delete(key)
      out[i] = null
    }
    place(tx, matches[0] ?? out.length)
  }
  return out.filter((tx): tx is Transaction => tx !== null)
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
      // The newest page replaces what was held, a later page merges into it: a transaction that
      // changed (pending → mined) shows once, as it is now.
      entry.transactions = mergeTransactions(cursor === null ? [] : entry.transactions, transactions)
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
