import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../../src/core/domain/entities'
import { accountTabSelected, activityPageFailed, activityPageFetched, activityPageRequested, identityFetched, nftsFailed, nftsFetched, nftsRequested } from '../../../src/core/events/accountSheet/activity'
import { connectionSucceeded } from '../../../src/core/events/connection/connection'
import { accountDisconnected } from '../../../src/core/events/connection/connectionLifecycle'
import { stateAfter } from '../../support/stateAfter'

const CAIP = 'eip155:1:0x00000000000000000000000000000000000000a1'
const tx = (id: string, status: 'pending' | 'confirmed' = 'confirmed'): Transaction => ({ id, metadata: { minedAt: '2026-11-01T10:00:00Z', chain: 'eip155:1', status }, transfers: [] })
const asked = (cursor: string | null, requestId: string) => activityPageRequested({ caipAddress: CAIP, cursor }, { requestId })
const page = (cursor: string | null, requestId: string, transactions: Transaction[], next: string | null) =>
  activityPageFetched({ caipAddress: CAIP, cursor, transactions, next }, { requestId })

describe('accountSheetReducer', () => {
  it('a page item without a string id is not held (the rest is read field by field where it is shown)', () => {
    const s = stateAfter([asked(null, 'q1'), page(null, 'q1', [null, { id: 7 }, tx('a')] as never, null)])
    expect(s.accountSheet!.activity[CAIP]!.transactions).toEqual([tx('a')])
  })

  it('pages: the newest first, then the next cursor appended, ids shown once', () => {
    const s = stateAfter([asked(null, 'q1'), page(null, 'q1', [tx('a'), tx('b')], 'c1'), asked('c1', 'q2'), page('c1', 'q2', [tx('b'), tx('c')], null)])
    const entry = s.accountSheet!.activity[CAIP]!
    expect(entry.transactions.map((t) => t.id)).toEqual(['a', 'b', 'c'])
    expect(entry).toMatchObject({ status: 'loaded', next: null, requestId: null })
  })

  it('the newest page again replaces what was held: a pending transaction now mined shows once, as mined', () => {
    const s = stateAfter([asked(null, 'q1'), page(null, 'q1', [tx('a', 'pending')], 'c1'), asked(null, 'q2'), page(null, 'q2', [tx('a', 'confirmed')], null)])
    expect(s.accountSheet!.activity[CAIP]!.transactions).toEqual([tx('a', 'confirmed')])
  })

  it('one page at a time; a cursor other than the next one, or an answer to another request, is ignored', () => {
    const loading = stateAfter([asked(null, 'q1'), asked(null, 'q2'), asked('zz', 'q3')])
    expect(loading.accountSheet!.activity[CAIP]).toMatchObject({ status: 'loading', requestId: 'q1', cursor: null })
    const s = stateAfter([asked(null, 'q1'), page(null, 'other', [tx('x')], null)])
    expect(s.accountSheet!.activity[CAIP]).toMatchObject({ status: 'loading', transactions: [] })
    expect(stateAfter([asked('c1', 'q1')]).accountSheet!.activity[CAIP]).toBeUndefined()
  })

  it('a failure keeps what was held and says so; a retry starts again', () => {
    const error = { name: 'GangwayError', shortMessage: 'Failed to fetch transactions' }
    const s = stateAfter([asked(null, 'q1'), page(null, 'q1', [tx('a')], 'c1'), asked('c1', 'q2'), activityPageFailed({ caipAddress: CAIP, error }, { requestId: 'q2' })])
    expect(s.accountSheet!.activity[CAIP]).toMatchObject({ status: 'failed', error, transactions: [tx('a')], next: 'c1' })
    expect(stateAfter([asked('c1', 'q3')], { from: s }).accountSheet!.activity[CAIP]).toMatchObject({ status: 'loading', requestId: 'q3' })
  })

  it('the tab and identities; resetting the account clears its activity and shows Tokens again', () => {
    const connected = stateAfter([connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: '0x00000000000000000000000000000000000000a1', type: 'eoa' }], caipNetworkId: 'eip155:1' })])
    const s = stateAfter([accountTabSelected({ tab: 'activity' }), asked(null, 'q1'), page(null, 'q1', [tx('a')], null), identityFetched({ address: '0xAbC', name: 'ada.eth', avatar: null })], { from: connected })
    expect(s.accountSheet!.tab).toBe('activity')
    expect(s.accountSheet!.identities['0xabc']).toMatchObject({ name: 'ada.eth', avatar: null })
    const reset = stateAfter([accountDisconnected({ namespace: 'eip155' })], { from: s })
    expect(reset.accountSheet).toMatchObject({ tab: 'tokens', activity: {} })
  })

  it('NFTs: its own answer only, junk items left out, a failure keeps what was held', () => {
    const pass = { chainId: 'eip155:1', contract: '0x1', tokenId: '1', name: 'Gangway Pass #1', collection: 'Gangway Pass', spam: false }
    const held = stateAfter([nftsRequested({ caipAddress: CAIP }, { requestId: 'n1' }), nftsFetched({ caipAddress: CAIP, nfts: [pass, null, { name: 3 }] as never }, { requestId: 'n1' })])
    expect(held.accountSheet!.nfts[CAIP]).toEqual({ status: 'loaded', items: [pass], requestId: null, error: null })
    const stale = stateAfter([nftsRequested({ caipAddress: CAIP }, { requestId: 'n2' }), nftsFetched({ caipAddress: CAIP, nfts: [] }, { requestId: 'other' })], { from: held })
    expect(stale.accountSheet!.nfts[CAIP]).toMatchObject({ status: 'loading', items: [pass] })
    const failed = stateAfter([nftsFailed({ caipAddress: CAIP, error: { name: 'E', shortMessage: 'Server Error' } }, { requestId: 'n2' })], { from: stale })
    expect(failed.accountSheet!.nfts[CAIP]).toMatchObject({ status: 'failed', items: [pass], error: { shortMessage: 'Server Error' } })
  })
})
