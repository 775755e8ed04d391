import { describe, expect, it } from 'vitest'
import { connectionSucceeded } from '../../../../../src/core/events/connection/connection'
import {
  swapAmountSet,
  swapApprovalRequired,
  swapApproveRequested,
  swapApproved,
  swapQuoteFailed,
  swapQuoteFetched,
  swapQuoteRequested,
  swapRequested,
  swapReviewClosed,
  swapReviewOpened,
  swapSubmitted,
  swapTokenSelected,
  swapTokensFetched,
  swapTokensRequested,
  swapTokensSwitched,
  swapWalletRequested,
} from '../../../../../src/core/events/swaps/swap'
import type { EventInput } from '../../../../../src/core/events/defineEvent'
import { serializeError } from '../../../../../src/core/errors/base'
import { stateAfter } from '../../../../support/stateAfter'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NATIVE = 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const GUSD = 'eip155:1:0x00000000000000000000000000000000000000aa'
const info = (address: string, symbol: string, decimals: number) => ({ address, symbol, name: symbol, decimals, logoUri: '', price: 1 })
const pair = { from: NATIVE, to: GUSD, amount: '1000' }

/** Connected, the form selling 1000 wei of ETH for GUSD, quoted (5,000) with a route. */
const quoted: EventInput[] = [
  connectionSucceeded({ connectorId: 'a', namespace: 'eip155', accounts: [{ address: ACCOUNT, type: 'eoa' }], caipNetworkId: 'eip155:1' }),
  swapTokensRequested({ chainId: 'eip155:1' }, { requestId: 't' }),
  swapTokensFetched({ chainId: 'eip155:1', tokens: [info(NATIVE, 'ETH', 18), info(GUSD, 'GUSD', 6)] }, { requestId: 't' }),
  swapAmountSet({ side: 'from', amount: '0.000000000000001' }),
  swapQuoteRequested(pair, { requestId: 'q' }),
  swapQuoteFetched({ ...pair, toAmount: '5000', priceImpact: 0.1, route: [NATIVE, GUSD] }, { requestId: 'q' }),
]
const swapOf = (events: EventInput[]) => stateAfter(events).swap!

describe('the swap review', () => {
  it('opens on the quote of what the form holds; Back closes it with the input kept', () => {
    const open = swapOf([...quoted, swapReviewOpened(pair)])
    expect(open.review).toEqual(pair)
    expect(open.quote).toMatchObject({ status: 'loaded', toAmount: '5000', route: [NATIVE, GUSD] })
    expect(open.step).toBeNull()
    const back = swapOf([...quoted, swapReviewOpened(pair), swapReviewClosed({})])
    expect(back.review).toBeNull()
    expect(back.amount).toBe('0.000000000000001')
    expect(back.quote).toEqual(open.quote)
  })

  it('does not open without a loaded quote for the form, for another pair or amount, or while a swap runs', () => {
    expect(swapOf([...quoted.slice(0, 5), swapReviewOpened(pair)]).review).toBeNull()
    expect(swapOf([...quoted, swapReviewOpened({ ...pair, amount: '999' })]).review).toBeNull()
    expect(swapOf([...quoted, swapReviewOpened({ ...pair, from: GUSD, to: NATIVE })]).review).toBeNull()
    const failed = [...quoted.slice(0, 5), swapQuoteFailed({ ...pair, error: serializeError(new Error('down')) }, { requestId: 'q' })]
    expect(swapOf([...failed, swapReviewOpened(pair)]).review).toBeNull()
    const running = swapOf([...quoted, swapRequested({}, { requestId: 'x' }), swapReviewOpened(pair)])
    expect(running.review).toBeNull()
    expect(running.step?.status).toBe('checking')
  })

  it('follows a refreshed quote while open, and closes when the form changes', () => {
    const refreshed = swapOf([
      ...quoted,
      swapReviewOpened(pair),
      swapQuoteRequested(pair, { requestId: 'r' }),
      swapQuoteFetched({ ...pair, toAmount: '4900', priceImpact: 0.2 }, { requestId: 'r' }),
    ])
    expect(refreshed.review).toEqual(pair)
    expect(refreshed.quote).toMatchObject({ status: 'loaded', toAmount: '4900', priceImpact: 0.2, route: null })
    expect(swapOf([...quoted, swapReviewOpened(pair), swapAmountSet({ side: 'from', amount: '2' })]).review).toBeNull()
    expect(swapOf([...quoted, swapReviewOpened(pair), swapTokensSwitched({})]).review).toBeNull()
    expect(swapOf([...quoted, swapReviewOpened(pair), swapTokenSelected({ side: 'to', address: NATIVE })]).review).toBeNull()
  })

  it("Confirm (the swap asked for) leaves the review for the swap's steps", () => {
    const confirmed = swapOf([...quoted, swapReviewOpened(pair), swapRequested({}, { requestId: 'x' })])
    expect(confirmed.review).toBeNull()
    expect(confirmed.step).toMatchObject({ status: 'checking', from: NATIVE, to: GUSD, amount: '1000', toAmount: '5000' })
  })
})

describe('the swap steps', () => {
  it('the wallet asking moves the step from the allowance check to the swap in the wallet, then pending', () => {
    const asked = [...quoted, swapRequested({}, { requestId: 'x' }), swapWalletRequested({}, { requestId: 'x' })]
    expect(swapOf(asked).step?.status).toBe('swapping')
    expect(swapOf([...asked, swapSubmitted({ hash: '0x2' }, { requestId: 'x' })]).step).toMatchObject({ status: 'pending', hash: '0x2' })
    // Another request's event changes nothing.
    expect(swapOf([...quoted, swapRequested({}, { requestId: 'x' }), swapWalletRequested({}, { requestId: 'y' })]).step?.status).toBe('checking')
  })

  it('after an approval the wallet asking keeps the swap in the wallet; before the approval it changes nothing', () => {
    const approval = [...quoted, swapRequested({}, { requestId: 'x' }), swapApprovalRequired({ token: NATIVE, allowance: '0' }, { requestId: 'x' })]
    expect(swapOf([...approval, swapWalletRequested({}, { requestId: 'x' })]).step?.status).toBe('approval')
    const approved = [...approval, swapApproveRequested({}, { requestId: 'y' }), swapApproved({ hash: '0x1' }, { requestId: 'y' })]
    expect(swapOf(approved).step?.status).toBe('swapping')
    expect(swapOf([...approved, swapWalletRequested({}, { requestId: 'y' })]).step).toMatchObject({ status: 'swapping', hash: null })
  })
})
