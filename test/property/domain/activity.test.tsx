import fc from 'fast-check'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { createBlockchainApiClient } from '../../../src/adapters/api/createBlockchainApiClient'
import { groupActivity, readTransactions } from '../../../src/core/domain/activity'
import type { Transaction } from '../../../src/core/domain/entities'
import { activityPageFetched, activityPageRequested } from '../../../src/core/events/accountSheet/activity'
import { ActivityGroups } from '../../../src/react/views/accountSheet/AccountTabs'
import { stateAfter } from '../../support/stateAfter'
import { fcParams } from '../fcSettings'

const CHAIN = 'eip155:1'
const CAIP = `${CHAIN}:0x00000000000000000000000000000000000000a1`
const NOW = Date.parse('2026-11-25T00:00:00Z')

// Strings of any UTF-16 units: lone surrogates, line and paragraph separators, control characters.
const utf16 = fc.oneof(fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), fc.constantFrom('\ud800', '\udfff', '\u2028', '\u0085', '-', '+'))
const anyText = fc.string({ unit: utf16, maxLength: 16 })
const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: utf16 })
// Any date a Date can hold, the extremes included.
const minedAt = fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
const decimal = fc.tuple(fc.constantFrom('', '-', '+'), fc.stringMatching(/^[0-9]{1,8}(\.[0-9]{1,8})?$/)).map(([sign, n]) => sign + n)

const transfer = fc.record(
  {
    direction: fc.constantFrom('in', 'out', 'self'),
    quantity: fc.record({ numeric: fc.oneof(decimal, anyText) }),
    fungible_info: fc.record({ name: anyText, symbol: anyText }, { requiredKeys: [] }),
    value: fc.double({ noNaN: true, noDefaultInfinity: true }),
  },
  { requiredKeys: ['direction', 'quantity'] },
)

/** A well-formed history item of this network, with at least one transfer. */
const goodItem = (id: string) =>
  fc
    .record({
      metadata: fc.record(
        { minedAt, chain: fc.constant(CHAIN), hash: anyText, status: fc.constantFrom('confirmed', 'failed', 'pending'), operationType: anyText },
        { requiredKeys: ['minedAt', 'chain'] },
      ),
      transfers: fc.array(transfer, { minLength: 1, maxLength: 3 }),
    })
    .map((item) => ({ id, ...item }))

/** A history item whose transfers are missing or anything at all, other fields as good. */
const brokenTransfersItem = (id: string) =>
  fc.tuple(goodItem(id), fc.option(fc.oneof(anyJson, fc.array(anyJson, { maxLength: 4 })), { nil: undefined })).map(([item, transfers]) => {
    const { transfers: _, ...rest } = item
    return transfers === undefined ? rest : { ...rest, transfers }
  })

/** A history answer: good items, items with broken transfers and arbitrary JSON, shuffled. */
const historyPage = fc
  .tuple(fc.nat(6), fc.nat(4), fc.array(anyJson, { maxLength: 4 }))
  .chain(([good, broken, junk]) =>
    fc.tuple(
      fc.tuple(...Array.from({ length: good }, (_, i) => goodItem(`good-${i}`))),
      fc.tuple(...Array.from({ length: broken }, (_, i) => brokenTransfersItem(`broken-${i}`))),
      fc.constant(junk),
    ),
  )
  .chain(([good, broken, junk]) =>
    fc.shuffledSubarray([...good, ...broken, ...junk], { minLength: good.length + broken.length + junk.length }).map((data) => ({ good, broken, data })),
  )

/** What the Activity tab renders of a history: its rows' HTML and amounts. */
function renderActivity(transactions: readonly Transaction[]) {
  const groups = groupActivity(readTransactions(transactions), CHAIN)
  const html = renderToString(<ActivityGroups groups={groups} now={NOW} explorer="https://explorer.example" />)
  const shown = groups.flatMap((y) => y.months.flatMap((m) => m.transactions))
  return { html, shown, rows: html.split('data-testid="activity-row"').length - 1 }
}

describe('activity over arbitrary history answers', () => {
  it('reading never throws, whatever the answer holds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), anyJson, fc.array(fc.anything(), { maxLength: 5 })), (value) => {
        for (const tx of readTransactions(value)) {
          expect(typeof tx.id).toBe('string')
          expect(Array.isArray(tx.transfers)).toBe(true)
        }
      }),
      fcParams(),
    )
  })

  it('a malformed item is dropped or shown degraded; every well-formed one is still shown, one row each, and the tab renders', () => {
    fc.assert(
      fc.property(historyPage, ({ good, broken, data }) => {
        const read = readTransactions(data)
        const byId = new Map(read.map((tx) => [tx.id, tx]))
        for (const item of good) {
          const tx = byId.get(item.id)
          expect(tx?.metadata.minedAt).toBe(item.metadata.minedAt)
          expect(tx?.transfers).toHaveLength(item.transfers.length)
        }
        for (const item of broken) {
          // Degraded: kept with the transfers that are objects (none when they were missing or not a list).
          const tx = byId.get(item.id)!
          const given = (item as { transfers?: unknown }).transfers
          const objects = Array.isArray(given) ? given.filter((t) => typeof t === 'object' && t !== null && !Array.isArray(t)) : []
          expect(tx.transfers).toHaveLength(objects.length)
        }
        const { html, shown, rows } = renderActivity(read)
        expect(rows).toBe(shown.length)
        const shownIds = new Set(shown.map((tx) => tx.id))
        for (const item of good) expect(shownIds.has(item.id)).toBe(true)
        // An amount carries one sign: its direction's.
        for (const [, amount] of html.matchAll(/data-testid="activity-amount">([^<]*)</g)) expect(amount).toMatch(/^[-+]?\d/)
      }),
      fcParams({ numRuns: 150 }),
    )
  })

  it('the gateway client answers the same transactions as reading the page, never failing the page over one item', async () => {
    await fc.assert(
      fc.asyncProperty(historyPage, fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: null }), async ({ data }, next) => {
        const body = JSON.stringify({ data, next })
        const client = createBlockchainApiClient({
          baseUrl: 'https://gateway.example',
          projectId: 'p',
          sdkType: 'gangway',
          sdkVersion: '0',
          retries: 0,
          fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
        })
        const page = await client.getHistory({ address: '0x00000000000000000000000000000000000000a1' })
        expect(page).toEqual({ data: readTransactions(JSON.parse(body).data), next })
      }),
      fcParams({ numRuns: 60 }),
    )
  })
})

describe('a transaction seen twice in the history', () => {
  const pending = (id: string, hash: string) => ({ id, metadata: { minedAt: '2026-11-20T10:00:00Z', chain: CHAIN, hash, status: 'pending' as const }, transfers: [{ direction: 'out' as const, quantity: { numeric: '1' } }] })
  const confirmed = (tx: ReturnType<typeof pending>, id = tx.id) => ({ ...tx, id, metadata: { ...tx.metadata, minedAt: '2026-11-20T10:00:12Z', status: 'confirmed' as const } })

  it('pending on one page and confirmed on a later one (same id, or same hash on the chain) is held and shown once, as confirmed', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^0x[0-9a-f]{8}$/), { minLength: 2, maxLength: 8 }),
        fc.nat(),
        fc.boolean(),
        fc.boolean(),
        (hashes, pick, sameId, newestAgain) => {
          const txs = hashes.map((hash, i) => pending(`tx-${i}`, hash))
          const target = txs[pick % txs.length]!
          const later = confirmed(target, sameId ? target.id : `${target.id}-mined`)
          const events = [
            activityPageRequested({ caipAddress: CAIP, cursor: null }, { requestId: 'q1' }),
            activityPageFetched({ caipAddress: CAIP, cursor: null, transactions: txs, next: 'c1' }, { requestId: 'q1' }),
            // Either the next page (the gateway's order moved it down) or the newest page again.
            activityPageRequested({ caipAddress: CAIP, cursor: newestAgain ? null : 'c1' }, { requestId: 'q2' }),
            activityPageFetched({ caipAddress: CAIP, cursor: newestAgain ? null : 'c1', transactions: [later], next: null }, { requestId: 'q2' }),
          ]
          const held = stateAfter(events).accountSheet!.activity[CAIP]!.transactions
          const copies = held.filter((tx) => tx.metadata.hash === target.metadata.hash)
          expect(copies).toEqual([later])
          const { html, rows } = renderActivity(held)
          expect(rows).toBe(held.length)
          expect(html.split(`data-hash="${target.metadata.hash}"`).length - 1).toBe(1)
          if (!newestAgain) expect(held).toHaveLength(txs.length)
        },
      ),
      fcParams(),
    )
  })

  it('any sequence of pages holds each id and each hash once, in the version fetched last', () => {
    const item = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), hash: fc.constantFrom('0x1', '0x2', '0x3', ''), status: fc.constantFrom('pending', 'confirmed') })
    fc.assert(
      fc.property(fc.array(fc.array(item, { maxLength: 5 }), { minLength: 1, maxLength: 5 }), (pages) => {
        const events = pages.flatMap((items, i) => {
          const cursor = i === 0 ? null : `c${i}`
          const transactions = items.map(({ id, hash, status }) => ({ id, metadata: { minedAt: '2026-11-20T10:00:00Z', chain: CHAIN, hash, status }, transfers: [] }))
          return [
            activityPageRequested({ caipAddress: CAIP, cursor }, { requestId: `q${i}` }),
            activityPageFetched({ caipAddress: CAIP, cursor, transactions: transactions as Transaction[], next: `c${i + 1}` }, { requestId: `q${i}` }),
          ]
        })
        const held = stateAfter(events).accountSheet!.activity[CAIP]!.transactions
        const ids = held.map((tx) => tx.id)
        const hashes = held.map((tx) => tx.metadata.hash).filter((h) => h !== '')
        expect(new Set(ids).size).toBe(ids.length)
        expect(new Set(hashes).size).toBe(hashes.length)
        // What the last page said of an item that page names once (its id and its hash once) is what is held of it.
        const last = pages[pages.length - 1]!
        for (const { id, hash, status } of last) {
          const alone = last.filter((x) => x.id === id || (hash !== '' && x.hash === hash)).length === 1
          if (alone) expect(held.find((tx) => tx.id === id)?.metadata.status).toBe(status)
        }
        // Every item of the last page is held (as itself or as the copy that stood for it).
        for (const { id, hash } of last) expect(held.some((tx) => tx.id === id || (hash !== '' && tx.metadata.hash === hash))).toBe(true)
      }),
      fcParams(),
    )
  })
})
