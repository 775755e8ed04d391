import fc from 'fast-check'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { groupActivity, readTransactions } from '../../src/core/domain/activity'
import { activityPageFetched, activityPageRequested } from '../../src/core/events/accountSheet/activity'
import { connectionSucceeded } from '../../src/core/events/connection/connection'
import { readEvent } from '../../src/core/events/catalogue'
import { InvalidInputError } from '../../src/core/errors/base'
import { builtInCatalogue } from '../../src/core/reducers/rootReducer'
import { ActivityGroups } from '../../src/react/views/accountSheet/AccountTabs'
import { stateAfter } from '../support/stateAfter'
import { junkArb } from '../unit/core/junkValues'
import { fuzzParams } from './fuzzParams'

const ACCOUNT = '0x00000000000000000000000000000000000000a1'
const CAIP = `eip155:1:${ACCOUNT}`

/**
 * Transactions as a history API might send them: mostly the right shape, with `junk` anywhere.
 * With JSON junk they pass the event's plain-data check and reach the slice.
 */
function transactionsArb(junk: fc.Arbitrary<unknown>) {
  const mostly = <T,>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: junk, weight: 1 })
  const transferArb = mostly(
    fc.record(
      {
        direction: mostly(fc.constantFrom('in', 'out', 'self')),
        quantity: mostly(fc.record({ numeric: mostly(fc.oneof(fc.double().map(String), fc.string())) })),
        fungible_info: mostly(fc.record({ symbol: mostly(fc.string({ maxLength: 8 })), name: junk }, { requiredKeys: [] })),
        nft_info: mostly(fc.record({ flags: fc.record({ is_spam: mostly(fc.boolean()) }) })),
        value: junk,
      },
      { requiredKeys: ['direction', 'quantity', 'fungible_info'] },
    ),
  )
  const txArb = mostly(
    fc.record(
      {
        id: mostly(fc.string({ maxLength: 12 })),
        metadata: mostly(
          fc.record(
            {
              minedAt: mostly(fc.oneof(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()), fc.string())),
              chain: mostly(fc.constantFrom('eip155:1', 'eip155:2')),
              hash: mostly(fc.stringMatching(/^0x[0-9a-f]{64}$/)),
              status: mostly(fc.constantFrom('confirmed', 'failed', 'pending')),
              operationType: junk,
            },
            { requiredKeys: ['minedAt', 'chain'] },
          ),
        ),
        transfers: mostly(fc.array(transferArb, { maxLength: 4 })),
      },
      { requiredKeys: ['id', 'metadata'] },
    ),
  )
  return fc.array(txArb, { maxLength: 8 })
}

const pageArb = fc.oneof({ arbitrary: transactionsArb(junkArb), weight: 5 }, { arbitrary: junkArb, weight: 1 })

describe('history pages with anything in them', () => {
  it('readTransactions never throws and keeps only what the views can rely on; grouping never throws', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        const read = readTransactions(page)
        for (const tx of read) {
          expect(typeof tx.id).toBe('string')
          expect(typeof tx.metadata.minedAt).toBe('string')
          expect(typeof tx.metadata.chain).toBe('string')
          expect(Array.isArray(tx.transfers)).toBe(true)
          for (const t of tx.transfers) expect(t !== null && typeof t === 'object').toBe(true)
        }
        const groups = groupActivity(read, 'eip155:1')
        for (const year of groups) for (const month of year.months) for (const tx of month.transactions) expect(tx.transfers.length).toBeGreaterThan(0)
      }),
      fuzzParams('readTransactions', 300),
    )
  })

  it('a page of anything in an event never breaks the slice, and the Activity tab renders a row for each transaction shown', () => {
    const connected = stateAfter([
      connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
      activityPageRequested({ caipAddress: CAIP, cursor: null }, { requestId: 'q' }),
    ])
    let rendered = 0
    let rows = 0
    fc.assert(
      fc.property(transactionsArb(fc.jsonValue({ maxDepth: 3 })), (page) => {
        // As the store takes it: checked by the catalogue and copied (plain JSON data only), then reduced.
        let event
        try {
          event = readEvent(builtInCatalogue, activityPageFetched({ caipAddress: CAIP, cursor: null, transactions: page as never[], next: null }, { requestId: 'q' }), true).event
        } catch (error) {
          // A payload the event schema refuses (not plain data) never reaches the slice: that is the boundary holding.
          expect(error).toBeInstanceOf(InvalidInputError)
          return
        }
        const state = stateAfter([event], { from: connected })
        const entry = state.accountSheet!.activity[CAIP]!
        for (const tx of entry.transactions) expect(typeof tx.id).toBe('string')
        // What the tab renders of them (read field by field, as the tab does): one row per transaction shown, never a throw.
        const groups = groupActivity(readTransactions(entry.transactions), 'eip155:1')
        const html = renderToString(<ActivityGroups groups={groups} now={Date.parse('2026-11-25T00:00:00Z')} explorer="https://explorer.example" />)
        const shown = groups.flatMap((y) => y.months.flatMap((m) => m.transactions)).length
        expect(html.split('data-testid="activity-row"').length - 1).toBe(shown)
        rendered++
        rows += shown
      }),
      fuzzParams('activityPageFetched', 60),
    )
    // The campaign reached the view, with rows in it, not only the schema's refusals.
    expect(rendered).toBeGreaterThan(10)
    expect(rows).toBeGreaterThan(0)
  })
})
