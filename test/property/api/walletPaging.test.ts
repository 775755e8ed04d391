import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startGateway, type Gateway } from '../../../dev/gateway/startGateway'
import { BUNDLED_WALLET_COUNT, generateWalletRecords } from '../../../dev/gateway/walletRecords'
import { createWalletDirectoryClient } from '../../../src/adapters/api/createWalletDirectoryClient'
import type { WalletRecord } from '../../../src/core/domain/entities'
import { fcParams } from '../fcSettings'

// Paging law of the wallet directory, end to end: the client against a real gateway over HTTP.
// Whatever the page size, search, chain filter and exclusions, walking the pages visits every
// matching wallet exactly once, in directory order, and every page reports the same count.
let gateway: Gateway
beforeAll(async () => {
  gateway = await startGateway({ chains: [], tokens: [] })
})
afterAll(() => gateway.stop())

const directory = () =>
  createWalletDirectoryClient({ baseUrl: gateway.url, projectId: 'property', sdkType: 'gangway', sdkVersion: '0.0.0' })

const search = fc.oneof(
  fc.constant(''),
  fc.constantFrom('wallet', 'VAULT', 'an', 'e', ' pier ', 'amber w', 'zzz'),
  fc.string({ maxLength: 3 }),
)
const chains = fc.constantFrom<string[]>([], ['eip155:31337'], ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:10'])

function expected(records: readonly WalletRecord[], query: { search: string; chains: string[]; exclude: Set<string> }): string[] {
  const needle = query.search.trim().toLowerCase()
  return records
    .filter(
      (w) =>
        !query.exclude.has(w.id) &&
        (query.chains.length === 0 || (w.chains ?? []).some((c) => query.chains.includes(c))) &&
        w.name.toLowerCase().includes(needle),
    )
    .map((w) => w.id)
}

describe('wallet directory paging', () => {
  it('visits every matching wallet exactly once, whatever the page size and search', async () => {
    const client = directory()
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        search,
        chains,
        fc.constantFrom<number | null>(null, 1000),
        fc.array(fc.nat({ max: 999 }), { maxLength: 5 }),
        async (entries, text, chainFilter, walletCount, excludeAt) => {
          gateway.control.setWalletCount(walletCount)
          const records = generateWalletRecords(0, walletCount ?? BUNDLED_WALLET_COUNT)
          const exclude = [...new Set(excludeAt.map((i) => records[i % records.length]!.id))]
          const want = expected(records, { search: text, chains: chainFilter, exclude: new Set(exclude) })
          // At most 40 pages a walk: pages of one wallet over the whole directory would be a
          // thousand requests a run. Small pages still come with the searches that match few.
          const size = Math.max(entries, Math.ceil(want.length / 40))

          const seen: string[] = []
          for (let page = 1; ; page++) {
            const result = await client.getWallets({ page, entries: size, search: text, chains: chainFilter, exclude })
            expect(result.count).toBe(want.length)
            expect(result.data.length).toBeLessThanOrEqual(size)
            if (result.data.length === 0) break
            seen.push(...result.data.map((w) => w.id))
            if (result.data.length < size) break
          }
          expect(seen).toEqual(want)
        },
      ),
      fcParams({ numRuns: 40 }),
    )
    gateway.control.setWalletCount(null)
  })
})
