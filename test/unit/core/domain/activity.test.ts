import { describe, expect, it } from 'vitest'
import {
  filterTransactions,
  readTransactions,
  groupActivity,
  groupTransactions,
  isSpamTransaction,
} from '../../../../src/core/domain/activity.js'
import type { Transaction, Transfer } from '../../../../src/core/domain/entities.js'

const spam: Transfer = { nft_info: { flags: { is_spam: true } } }
const clean: Transfer = { nft_info: { flags: { is_spam: false } } }
const fungible: Transfer = { fungible_info: { symbol: 'USDC' }, quantity: { numeric: '1.5' }, direction: 'in' }

function tx(id: string, minedAt: string, transfers: Transfer[] = [fungible], chain = 'eip155:1'): Transaction {
  return { id, metadata: { minedAt, chain }, transfers }
}

describe('isSpamTransaction', () => {
  it('is spam only when every transfer is spam', () => {
    expect(isSpamTransaction({ transfers: [spam] })).toBe(true)
    expect(isSpamTransaction({ transfers: [spam, spam] })).toBe(true)
    expect(isSpamTransaction({ transfers: [spam, clean] })).toBe(false)
    expect(isSpamTransaction({ transfers: [spam, fungible] })).toBe(false)
    expect(isSpamTransaction({ transfers: [] })).toBe(false)
  })
})

describe('filterTransactions', () => {
  it('drops spam, other chains, transactions that moved nothing, and undatable entries', () => {
    const list = [
      tx('a', '2024-01-01T00:00:00Z'),
      tx('spam', '2024-01-01T00:00:00Z', [spam]),
      tx('base', '2024-01-01T00:00:00Z', [fungible], 'eip155:8453'),
      tx('bad-date', 'yesterday'),
      tx('approval', '2024-01-02T00:00:00Z', []),
    ]
    expect(filterTransactions(list, 'eip155:1').map((t) => t.id)).toEqual(['a'])
    expect(filterTransactions(list, 'eip155:8453').map((t) => t.id)).toEqual(['base'])
  })
})

describe('groupTransactions', () => {
  it('groups by year then month, newest first, in UTC', () => {
    const list = [
      tx('2023-12', '2023-12-31T23:59:59Z'),
      tx('2024-01-b', '2024-01-20T10:00:00Z'),
      tx('2024-03', '2024-03-01T00:00:00Z'),
      tx('2024-01-a', '2024-01-01T00:00:00.000Z'),
      tx('2022-06', '2022-06-15T12:00:00+02:00'),
    ]
    const groups = groupTransactions(list)
    expect(groups.map((y) => ({ year: y.year, months: y.months.map((m) => [m.month, m.transactions.map((t) => t.id)]) }))).toEqual([
      { year: 2024, months: [[3, ['2024-03']], [1, ['2024-01-b', '2024-01-a']]] },
      { year: 2023, months: [[12, ['2023-12']]] },
      { year: 2022, months: [[6, ['2022-06']]] },
    ])
  })

  it('keeps equal times in their original order and handles an empty list', () => {
    const list = [tx('x', '2024-05-05T00:00:00Z'), tx('y', '2024-05-05T00:00:00Z')]
    expect(groupTransactions(list)[0]?.months[0]?.transactions.map((t) => t.id)).toEqual(['x', 'y'])
    expect(groupTransactions([])).toEqual([])
  })

  it('groupActivity filters, then groups', () => {
    const list = [tx('a', '2024-01-01T00:00:00Z'), tx('s', '2024-02-01T00:00:00Z', [spam])]
    expect(groupActivity(list, 'eip155:1')).toEqual([{ year: 2024, months: [{ month: 1, transactions: [list[0]] }] }])
  })
})

describe('readTransactions', () => {
  it('keeps well-formed transactions; a missing or junk transfers field is empty; junk fields are dropped', () => {
    const page = [
      { id: 'a', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1', status: 'confirmed', nonce: 'x', hash: 7 } },
      { id: 'b', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' }, transfers: 'none' },
      {
        id: 'c',
        metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' },
        transfers: [null, 42, { direction: 'sideways', quantity: { numeric: 5 }, fungible_info: { symbol: 'ETH', icon: 'x' }, value: Number.NaN }, { direction: 'in', quantity: { numeric: '1.5' } }],
      },
      { id: 3, metadata: { minedAt: 'x', chain: 'eip155:1' } },
      { id: 'd', metadata: { minedAt: '2026-01-01T00:00:00Z' } },
      null,
      'tx',
    ]
    expect(readTransactions(page)).toEqual([
      { id: 'a', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1', status: 'confirmed' }, transfers: [] },
      { id: 'b', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' }, transfers: [] },
      { id: 'c', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' }, transfers: [{ fungible_info: { symbol: 'ETH' } }, { direction: 'in', quantity: { numeric: '1.5' } }] },
    ])
    expect(readTransactions('not a list')).toEqual([])
  })

  it('a transaction with no transfers, or without a transfers field, neither shows nor throws', () => {
    const read = readTransactions([
      { id: 'none', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' }, transfers: [] },
      { id: 'absent', metadata: { minedAt: '2026-01-01T00:00:00Z', chain: 'eip155:1' } },
    ])
    expect(groupActivity(read, 'eip155:1')).toEqual([])
  })
})
