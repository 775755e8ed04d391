import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { filterTransactions, groupTransactions } from '../../../src/core/domain/activity.js'
import type { Transaction } from '../../../src/core/domain/entities.js'
import { addRecentWallet, orderConnectors } from '../../../src/core/domain/walletLists.js'
import { fcParams } from '../fcSettings.js'

const chains = ['eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] as const

const transaction = (id: number) =>
  fc
    .record({
      at: fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2030, 0, 1) }),
      chain: fc.constantFrom(...chains),
      spamFlags: fc.array(fc.option(fc.boolean(), { nil: undefined }), { maxLength: 3 }),
    })
    .map(
      ({ at, chain, spamFlags }): Transaction => ({
        id: `tx-${id}`,
        metadata: { minedAt: new Date(at).toISOString(), chain },
        transfers: spamFlags.map((is_spam) => (is_spam === undefined ? {} : { nft_info: { flags: { is_spam } } })),
      }),
    )

const transactions = fc.nat(40).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => transaction(i))))

describe('activity laws', () => {
  it('grouping keeps every non-filtered transaction exactly once, newest first', () => {
    fc.assert(
      fc.property(transactions, fc.constantFrom(...chains), (txs, chain) => {
        const kept = filterTransactions(txs, chain)
        const groups = groupTransactions(kept)
        const flat = groups.flatMap((y) => y.months.flatMap((m) => m.transactions))
        expect(flat).toHaveLength(kept.length)
        expect(new Set(flat.map((t) => t.id))).toEqual(new Set(kept.map((t) => t.id)))
        for (let i = 1; i < flat.length; i++) {
          expect(Date.parse(flat[i - 1]!.metadata.minedAt)).toBeGreaterThanOrEqual(Date.parse(flat[i]!.metadata.minedAt))
        }
        for (const y of groups) {
          for (const m of y.months) {
            for (const t of m.transactions) {
              const d = new Date(t.metadata.minedAt)
              expect([d.getUTCFullYear(), d.getUTCMonth() + 1]).toEqual([y.year, m.month])
            }
          }
        }
        for (const t of kept) {
          expect(t.metadata.chain).toBe(chain)
          expect(t.transfers.length === 0 || t.transfers.some((x) => x.nft_info?.flags?.is_spam !== true)).toBe(true)
        }
      }),
      fcParams(),
    )
  })
})

describe('wallet list laws', () => {
  const wallet = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e') })

  it('recent wallets never exceed 2, hold distinct ids and start with the last one added', () => {
    fc.assert(
      fc.property(fc.array(wallet, { maxLength: 30 }), (uses) => {
        let recent: { id: string }[] = []
        for (const w of uses) {
          recent = addRecentWallet(recent, w)
          expect(recent.length).toBeLessThanOrEqual(2)
          expect(recent[0]).toEqual(w)
          expect(new Set(recent.map((r) => r.id)).size).toBe(recent.length)
        }
      }),
      fcParams(),
    )
  })

  it('ordering connectors shows each id once and loses none', () => {
    const group = fc.array(wallet, { maxLength: 4 })
    fc.assert(
      fc.property(
        fc.record({ walletConnect: group, recent: group, injected: group, featured: group, custom: group, external: group, recommended: group }),
        (groups) => {
          const out = orderConnectors(groups)
          const ids = out.map((e) => e.item.id)
          expect(new Set(ids).size).toBe(ids.length)
          expect(new Set(ids)).toEqual(new Set(Object.values(groups).flat().map((w) => w.id)))
        },
      ),
      fcParams(),
    )
  })
})
