// An NFT moved in a transaction is counted in whole items, with its name: never with a token's
// decimals ("+1.000 Harbor Gull #12" read like a fraction of a token).
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { groupActivity, readTransactions } from '../../../../../src/core/domain/activity'
import type { Transaction } from '../../../../../src/core/domain/entities'
import { ActivityGroups } from '../../../../../src/react/views/accountSheet/AccountTabs'

const CHAIN = 'eip155:1'
const NOW = Date.parse('2026-11-25T00:00:00Z')

const tx = (id: string, transfer: Record<string, unknown>): Transaction =>
  ({ id, metadata: { minedAt: '2026-11-24T10:00:00Z', chain: CHAIN, hash: `0x${id}`, status: 'confirmed', operationType: 'receive' }, transfers: [transfer] }) as unknown as Transaction

function amounts(transactions: Transaction[]) {
  const html = renderToString(<ActivityGroups groups={groupActivity(readTransactions(transactions), CHAIN)} now={NOW} explorer={undefined} />)
  return [...html.matchAll(/data-kind="(\w+)" data-testid="activity-amount">([^<]*)</g)].map(([, kind, text]) => ({ kind, text }))
}

describe('Activity rows of NFTs', () => {
  it('an NFT received or sent shows a whole count and its name; a token keeps its decimals', () => {
    expect(
      amounts([
        tx('a1', { direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Harbor Gull #12' } }),
        tx('a2', { direction: 'out', quantity: { numeric: '2.000000' }, nft_info: { name: 'Keel Pass' } }),
        tx('a3', { direction: 'in', quantity: { numeric: '0.5' }, fungible_info: { name: 'Ether', symbol: 'ETH' } }),
      ]),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'nft', text: '+1 Harbor Gull #12' },
        { kind: 'nft', text: '-2 Keel Pass' },
        { kind: 'token', text: '+0.500 ETH' },
      ]),
    )
  })
})
