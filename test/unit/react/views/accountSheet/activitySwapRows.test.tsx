// @vitest-environment happy-dom
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { groupActivity, readTransactions } from '../../../../../src/core/domain/activity'
import type { Transaction, Transfer } from '../../../../../src/core/domain/entities'
import { ActivityGroups } from '../../../../../src/react/views/accountSheet/AccountTabs'

const CHAIN = 'eip155:1'
const NOW = Date.parse('2026-11-25T00:00:00Z')

const fungible = (direction: 'in' | 'out', numeric: string, symbol: string): Transfer => ({ direction, quantity: { numeric }, fungible_info: { name: symbol, symbol } })
const tx = (id: string, operationType: string, transfers: Transfer[]): Transaction => ({
  id,
  metadata: { operationType, hash: id, minedAt: '2026-11-24T12:00:00Z', sentFrom: '0xa1', sentTo: '0xbb', status: 'confirmed', nonce: 1, chain: CHAIN },
  transfers,
})

/** The rows the Activity tab shows for these transactions: title and amounts, newest first. */
function rows(transactions: Transaction[]) {
  const html = renderToString(<ActivityGroups groups={groupActivity(readTransactions(transactions), CHAIN)} now={NOW} explorer={undefined} />)
  const root = document.createElement('div')
  root.innerHTML = html
  return [...root.querySelectorAll('[data-testid="activity-row"]')].map((row) => ({
    title: row.querySelector('[data-testid="activity-title"]')!.textContent,
    amounts: [...row.querySelectorAll('[data-testid="activity-amount"]')].map((a) => [a.getAttribute('data-direction'), a.textContent]),
  }))
}

describe('Activity: swap rows', () => {
  it('a swap shows both tokens, what went out then what came in, each in the shared amount format', () => {
    const swap = tx('0x1', 'trade', [fungible('out', '0.5', 'ETH'), fungible('in', '1480.123456', 'GUSD')])
    expect(rows([swap])).toEqual([{ title: 'Swapped', amounts: [['out', '-0.500 ETH'], ['in', '+1,480.123 GUSD']] }])
    // Whatever order the history gives the transfers in.
    const reversed = tx('0x2', 'trade', [fungible('in', '1480', 'GUSD'), fungible('out', '0.5', 'ETH')])
    expect(rows([reversed])[0]!.amounts).toEqual([['out', '-0.500 ETH'], ['in', '+1,480.000 GUSD']])
  })

  it('a third transfer is counted; a one-sided transaction stays a single amount', () => {
    const three = tx('0x3', 'trade', [fungible('out', '1', 'ETH'), fungible('in', '2', 'GUSD'), fungible('in', '3', 'GWAY')])
    expect(rows([three])[0]).toEqual({ title: 'Swapped +1 more', amounts: [['out', '-1.000 ETH'], ['in', '+2.000 GUSD']] })
    const sent = tx('0x4', 'send', [fungible('out', '1000', 'GUSD')])
    expect(rows([sent])).toEqual([{ title: 'Sent', amounts: [['out', '-1,000.000 GUSD']] }])
  })
})
