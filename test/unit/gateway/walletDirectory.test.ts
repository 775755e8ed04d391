import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createWalletStore, parseWalletQuery, queryWallets, type WalletQuery } from '../../../dev/gateway/walletDirectory'
import { BUNDLED_WALLET_COUNT, generateWalletRecords } from '../../../dev/gateway/walletRecords'
import { HttpError } from '../../../dev/gateway/validate'

const bundled = JSON.parse(readFileSync(new URL('../../../dev/gateway/wallets.json', import.meta.url), 'utf8'))
const query = (overrides: Partial<WalletQuery> = {}): WalletQuery => ({
  page: 1,
  entries: 40,
  include: [],
  exclude: [],
  chains: [],
  search: '',
  badgeType: null,
  ...overrides,
})

describe('the bundled wallet directory', () => {
  it('is what the committed generator writes (run `npx tsx dev/gateway/generateWallets.ts` after changing it)', () => {
    expect(bundled).toEqual(generateWalletRecords(0, BUNDLED_WALLET_COUNT))
  })

  it('holds at least 300 records with the spec fields, unique ids and names', () => {
    expect(bundled.length).toBeGreaterThanOrEqual(300)
    for (const w of bundled) {
      expect(Object.keys(w)).toEqual(
        expect.arrayContaining(['id', 'name', 'image_id', 'mobile_link', 'desktop_link', 'webapp_link', 'chains', 'rdns']),
      )
      expect(w.id).toMatch(/^[0-9a-f]{64}$/)
      expect(w.chains.length).toBeGreaterThan(0)
      for (const chain of w.chains) expect(chain).toMatch(/^(eip155:\d+|solana:\w+)$/)
    }
    expect(new Set(bundled.map((w: { id: string }) => w.id)).size).toBe(bundled.length)
    expect(new Set(bundled.map((w: { name: string }) => w.name)).size).toBe(bundled.length)
  })

  it('mixes custom-scheme and universal mobile links, and covers local and Solana chains', () => {
    const links = bundled.map((w: { mobile_link: string | null }) => w.mobile_link)
    expect(links.some((l: string | null) => l?.startsWith('gangwaywallet'))).toBe(true)
    expect(links.some((l: string | null) => l?.startsWith('https://'))).toBe(true)
    const chains = new Set(bundled.flatMap((w: { chains: string[] }) => w.chains))
    expect(chains).toContain('eip155:31337')
    expect(chains).toContain('eip155:31338')
    expect([...chains].some((c) => String(c).startsWith('solana:'))).toBe(true)
  })
})

describe('queryWallets', () => {
  it('pages in directory order and counts every match', () => {
    const first = queryWallets(bundled, query({ entries: 7 }))
    const second = queryWallets(bundled, query({ entries: 7, page: 2 }))
    expect(first.count).toBe(bundled.length)
    expect(first.data.map((w) => w.id)).toEqual(bundled.slice(0, 7).map((w: { id: string }) => w.id))
    expect(second.data.map((w) => w.id)).toEqual(bundled.slice(7, 14).map((w: { id: string }) => w.id))
    expect(queryWallets(bundled, query({ page: 1000 })).data).toEqual([])
  })

  it('searches names case-insensitively', () => {
    const { data, count } = queryWallets(bundled, query({ search: 'WALLET', entries: 1000 }))
    expect(count).toBeGreaterThan(0)
    expect(data.every((w) => w.name.toLowerCase().includes('wallet'))).toBe(true)
    expect(count).toBe(bundled.filter((w: { name: string }) => w.name.toLowerCase().includes('wallet')).length)
  })

  it('applies include, exclude, chains and the certified badge', () => {
    const ids = bundled.slice(0, 5).map((w: { id: string }) => w.id)
    expect(queryWallets(bundled, query({ include: ids })).data.map((w) => w.id)).toEqual(ids)
    expect(queryWallets(bundled, query({ include: ids, exclude: [ids[0]] })).count).toBe(4)
    const solana = queryWallets(bundled, query({ chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], entries: 1000 }))
    expect(solana.count).toBeGreaterThan(0)
    expect(solana.count).toBeLessThan(bundled.length)
    expect(solana.data.every((w) => w.chains?.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true)
    const certified = queryWallets(bundled, query({ badgeType: 'certified', entries: 1000 }))
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
    expect(certified.count).toBeLessThan(bundled.length)
  })
})

describe('parseWalletQuery', () => {
  const parse = (qs: string) => parseWalletQuery(new URLSearchParams(qs))
  const problem = (qs: string) => {
    try {
      parse(qs)
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError)
      return `${(error as HttpError).status} ${(error as HttpError).message}`
    }
    throw new Error(`no error for ${qs}`)
  }

  it('reads the query with defaults', () => {
    expect(parse('')).toEqual(query())
    expect(parse('page=3&entries=5&include=a,b&exclude=c&chains=eip155:1,solana:abc&search=%20vault%20&badge_type=certified')).toEqual(
      query({ page: 3, entries: 5, include: ['a', 'b'], exclude: ['c'], chains: ['eip155:1', 'solana:abc'], search: 'vault', badgeType: 'certified' }),
    )
  })

  it('rejects bad numbers, ids, chains and badges with a clear 400', () => {
    expect(problem('page=0')).toMatchInlineSnapshot(`"400 Query 'page' must be an integer from 1 to 100000, got 0"`)
    expect(problem('page=abc')).toMatchInlineSnapshot(`"400 Query 'page' must be an integer from 1 to 100000, got 'abc'"`)
    expect(problem('entries=1.5')).toMatchInlineSnapshot(`"400 Query 'entries' must be an integer from 1 to 1000, got '1.5'"`)
    expect(problem('entries=5000')).toMatchInlineSnapshot(`"400 Query 'entries' must be an integer from 1 to 1000, got 5000"`)
    expect(problem('include=ok,%3Cscript%3E')).toMatchInlineSnapshot(`"400 Query 'include' has an invalid wallet id: '<script>'"`)
    expect(problem('chains=eip155')).toMatchInlineSnapshot(`"400 Query 'chains' has an invalid CAIP-2 network id: 'eip155'"`)
    expect(problem('badge_type=gold')).toMatchInlineSnapshot(`"400 Query 'badge_type' must be one of certified, none, got 'gold'"`)
    expect(problem(`search=${'x'.repeat(101)}`)).toMatchInlineSnapshot(`"400 Query 'search' must be at most 100 characters"`)
  })
})

describe('createWalletStore', () => {
  it('serves the bundled file, then generated records past it for a bench size', () => {
    const store = createWalletStore()
    expect(store.records(null)).toHaveLength(BUNDLED_WALLET_COUNT)
    const big = store.records(5000)
    expect(big).toHaveLength(5000)
    expect(big.slice(0, BUNDLED_WALLET_COUNT)).toEqual(bundled)
    expect(new Set(big.map((w) => w.id)).size).toBe(5000)
    expect(store.records(10)).toEqual(bundled.slice(0, 10))
    expect(store.imageOwner(big[4999]!.image_id!)).toBe(big[4999]!.name)
  })

  it('lists extra wallets first', () => {
    const extra = { id: 'gangway-dev-wallet', name: 'Gangway Dev Wallet', chains: ['eip155:31337'], webapp_link: 'http://127.0.0.1:5174' }
    const store = createWalletStore({ extraWallets: [extra] })
    expect(store.records(null)[0]).toEqual(extra)
    expect(store.records(null)).toHaveLength(BUNDLED_WALLET_COUNT + 1)
  })
})
